/**
 * `npm start`'s build: builds the web app (`npm run build`) only when its inputs changed since the last build this
 * script made, or the build is missing, so a restart without source changes starts at once. The inputs' hash is
 * written into the output (.vite/build-inputs.sha256) after a build that succeeded; `npm run build` itself empties
 * the output first (emptyOutDir), stamp included, so the next start builds again after it.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the two web builds (vite.config.ts, vite.book.config.ts) read: their sources, their configs and the installed packages. */
export const BUILD_INPUTS = [
  'src/web',
  'src/domain',
  'vite.config.ts',
  'vite.book.config.ts',
  'postcss.config.js',
  'package.json',
  'package-lock.json',
];
/** Files the build writes; without one of them the output is not a whole build. */
const BUILD_OUTPUTS = ['index.html', 'book.html'];
export const STAMP = '.vite/build-inputs.sha256';

/** The build's output directory, as vite.config.ts names it (WEB_OUT_DIR, relative to its root src/web). */
export function webOutDir(root: string, env: NodeJS.ProcessEnv = process.env): string {
  return env.WEB_OUT_DIR ? path.resolve(root, 'src/web', env.WEB_OUT_DIR) : path.join(root, 'dist/web');
}

async function filesOf(root: string, input: string): Promise<string[]> {
  const full = path.join(root, input);
  const stat = await fs.stat(full).catch(() => null);
  if (!stat) return [];
  if (!stat.isDirectory()) return [input];
  const entries = await fs.readdir(full, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

/** One hash over the inputs' sorted paths and contents: a file added, removed, renamed or edited changes it. */
export async function hashInputs(root: string, inputs: readonly string[] = BUILD_INPUTS): Promise<string> {
  const files = (await Promise.all(inputs.map((input) => filesOf(root, input)))).flat().sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(await fs.readFile(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export type TBuildDecision = { build: false; hash: string } | { build: true; hash: string; reason: 'output missing' | 'inputs changed' };

/** Whether the output must be built: it is incomplete or unstamped, or its stamp is another set of inputs. */
export async function decideBuild(root: string, outDir: string, inputs: readonly string[] = BUILD_INPUTS): Promise<TBuildDecision> {
  const hash = await hashInputs(root, inputs);
  for (const file of BUILD_OUTPUTS) {
    if (!(await fs.stat(path.join(outDir, file)).catch(() => null))) return { build: true, hash, reason: 'output missing' };
  }
  const stamp = await fs.readFile(path.join(outDir, STAMP), 'utf8').catch(() => null);
  if (stamp === null) return { build: true, hash, reason: 'output missing' };
  return stamp.trim() === hash ? { build: false, hash } : { build: true, hash, reason: 'inputs changed' };
}

export async function writeStamp(outDir: string, hash: string): Promise<void> {
  await fs.mkdir(path.dirname(path.join(outDir, STAMP)), { recursive: true });
  await fs.writeFile(path.join(outDir, STAMP), `${hash}\n`);
}

function runBuild(root: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const outDir = webOutDir(root);
  const decision = await decideBuild(root, outDir);
  if (!decision.build) {
    console.log(`The web build in ${outDir} is up to date: not rebuilt.`);
  } else {
    console.log(`Building the web app (${decision.reason}).`);
    const code = await runBuild(root);
    if (code !== 0) process.exit(code);
    // The hash of the inputs as they were when the build started: an edit during the build rebuilds next time.
    await writeStamp(outDir, decision.hash);
  }
}
