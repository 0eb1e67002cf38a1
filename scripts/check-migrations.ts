/**
 * Whether the committed migrations build the schema as src/server/db/schema describes it: drizzle-kit's generate runs
 * against a copy of the migrations folder (never the real one) and any file it would write is a missing migration.
 * Run by the unit project (check-migrations.test.ts), so CI fails on it; by hand: `node --import tsx scripts/check-migrations.ts`.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** As drizzle.config.ts. */
export const SCHEMA = './src/server/db/schema/index.ts';
export const MIGRATIONS = path.join(ROOT, 'src/server/db/migrations');

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

/** What drizzle-kit generate answers for a migrations folder: the files it would add or change (none when they agree). */
export async function missingMigration(migrations = MIGRATIONS): Promise<{ changed: string[]; output: string }> {
  const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'rudeplan-migrations-'));
  try {
    const copy = path.join(tmp, 'migrations');
    await fs.cp(migrations, copy, { recursive: true });
    const before = new Map<string, string>();
    for (const file of await filesUnder(copy)) before.set(file, await fs.readFile(path.join(copy, file), 'utf8'));
    // drizzle-kit joins --out to './': it must be relative to the working directory. A question it asks (a rename?)
    // would wait for a terminal: stdin is closed and the timeout ends it, which counts as a disagreement.
    const { stdout, stderr } = await run(
      process.execPath,
      [
        path.join(ROOT, 'node_modules/drizzle-kit/bin.cjs'),
        'generate',
        '--dialect',
        'postgresql',
        '--casing',
        'snake_case',
        '--schema',
        SCHEMA,
        '--out',
        path.relative(ROOT, copy),
      ],
      { cwd: ROOT, timeout: 60_000, env: { ...process.env, FORCE_COLOR: '0' } },
    ).catch((error: { stdout?: string; stderr?: string; message: string }) => ({
      stdout: error.stdout ?? '',
      stderr: `${error.stderr ?? ''}\n${error.message}`,
    }));
    const output = `${stdout}\n${stderr}`;
    const changed: string[] = [];
    for (const file of await filesUnder(copy)) {
      if (before.get(file) !== (await fs.readFile(path.join(copy, file), 'utf8'))) changed.push(file);
    }
    // drizzle-kit exits 0 on its own errors too (a folder it cannot read): only its 'no changes' answer is agreement.
    if (changed.length === 0 && !/No schema changes/.test(output)) changed.push('(drizzle-kit did not answer "No schema changes")');
    return { changed, output };
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { changed, output } = await missingMigration();
  if (changed.length) {
    console.error(`${output}\nThe schema and the committed migrations disagree; drizzle-kit generate would write: ${changed.join(', ')}`);
    process.exit(1);
  }
  console.log('The committed migrations match the schema.');
}
