/**
 * What the first pages' JavaScript is made of (issue 11, 'Speed of the first page'): reads a production build's
 * Vite manifest, the gzip copies the build writes, and the source maps, and prints per page (the shell, /login,
 * the dashboard) each file's gzipped size and the source modules inside it, largest first. A module's gzip figure
 * is its share of its file's gzip copy by minified bytes (gzip works on the whole file, so this is an estimate).
 *
 *   WEB_OUT_DIR=/tmp/web-report npx vite build --sourcemap
 *   WEB_ROOT=/tmp/web-report node --import tsx scripts/bundle-report.ts [--files] [--modules] [--min KB]
 *
 * By default modules are grouped by package (`@mantine/core/Tooltip`, `react-dom`, `src/web/app`); --modules lists
 * every source file, --files only the files, --min hides groups smaller than that (default 0.3 KB gzipped).
 */
import fs from 'node:fs';
import path from 'node:path';

const WEB_ROOT = path.resolve(process.env.WEB_ROOT ?? 'dist/web');
const args = process.argv.slice(2);
const ONLY_FILES = args.includes('--files');
const BY_MODULE = args.includes('--modules');
const minIndex = args.indexOf('--min');
const MIN_KB = minIndex >= 0 ? Number(args[minIndex + 1]) : 0.3;

/** The pages the budget test measures: the screens' source files besides the entry (tests/e2e/budget.spec.ts). */
const PAGES: Record<string, string[]> = {
  shell: [],
  login: ['areas/users/screens/login-screen.tsx'],
  dashboard: ['areas/dashboard/screens/dashboard-screen.tsx', 'areas/dashboard/components/order-blocks.tsx'],
};

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface SourceMap {
  sources: string[];
  mappings: string;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUE = new Map([...BASE64].map((char, index) => [char, index]));

/** Decodes one segment of base64 VLQ numbers (the source map v3 encoding). */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64_VALUE.get(char);
    if (digit === undefined) throw new Error(`Not a base64 VLQ digit: ${char}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** Minified bytes per source file of one built file: each mapped stretch of a line counts for its source. */
function bytesPerSource(code: string, map: SourceMap): Map<string, number> {
  const result = new Map<string, number>();
  const lines = code.split('\n');
  const lineGroups = map.mappings.split(';');
  let source = 0;
  for (let lineIndex = 0; lineIndex < lineGroups.length; lineIndex += 1) {
    const line = lines[lineIndex] ?? '';
    const segments = (lineGroups[lineIndex] ?? '').split(',').filter(Boolean);
    let column = 0;
    const starts: Array<{ column: number; source: number | null }> = [];
    for (const segment of segments) {
      const values = decodeSegment(segment);
      column += values[0]!;
      if (values.length >= 4) {
        source += values[1]!;
        starts.push({ column, source });
      } else {
        starts.push({ column, source: null });
      }
    }
    starts.forEach((start, index) => {
      const end = starts[index + 1]?.column ?? line.length;
      const name = start.source === null ? '(unmapped)' : (map.sources[start.source] ?? '(unknown)');
      result.set(name, (result.get(name) ?? 0) + Math.max(0, end - start.column));
    });
  }
  return result;
}

/** A readable group for a source path: a package (Mantine by component), or our own folder. */
function groupOf(source: string): string {
  const normalised = source.replace(/\\/g, '/');
  const inModules = normalised.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const rest = normalised.slice(inModules + 'node_modules/'.length);
    const parts = rest.split('/');
    const name = parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
    if (BY_MODULE) return rest;
    if (name.startsWith('@mantine/')) {
      const component = rest.match(/components\/([^/]+)\//)?.[1] ?? rest.match(/esm\/([^/]+)\//)?.[1];
      return component ? `${name}/${component}` : name;
    }
    return name;
  }
  const own = normalised.match(/src\/(.*)$/)?.[1];
  if (!own) return normalised;
  if (BY_MODULE) return `src/${own}`;
  return `src/${path.posix.dirname(own)}`;
}

function readManifest(): Manifest {
  const file = path.join(WEB_ROOT, '.vite/manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: build with \`vite build --sourcemap\` first`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

function staticFiles(manifest: Manifest, keys: string[]): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the manifest`);
    if (chunk.file.endsWith('.js') && !files.includes(chunk.file)) files.push(chunk.file);
    for (const dependency of chunk.imports ?? []) visit(dependency);
  };
  keys.forEach(visit);
  return files;
}

const gzipSize = (file: string) => fs.statSync(path.join(WEB_ROOT, `${file}.gz`)).size;
const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);

/** Gzipped bytes per group of one built file (its gzip copy shared out by minified bytes). */
function groupsOf(file: string): Map<string, number> {
  const code = fs.readFileSync(path.join(WEB_ROOT, file), 'utf8');
  const mapFile = path.join(WEB_ROOT, `${file}.map`);
  const groups = new Map<string, number>();
  if (!fs.existsSync(mapFile)) {
    groups.set('(no source map: build with --sourcemap)', gzipSize(file));
    return groups;
  }
  const perSource = bytesPerSource(code, JSON.parse(fs.readFileSync(mapFile, 'utf8')) as SourceMap);
  const raw = [...perSource.values()].reduce((sum, bytes) => sum + bytes, 0) || 1;
  const gz = gzipSize(file);
  for (const [source, bytes] of perSource) {
    const group = groupOf(source);
    groups.set(group, (groups.get(group) ?? 0) + (bytes / raw) * gz);
  }
  return groups;
}

function main() {
  const manifest = readManifest();
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error('The manifest has no entry');
  for (const [page, screens] of Object.entries(PAGES)) {
    const files = staticFiles(manifest, [entry, ...screens]);
    const total = files.reduce((sum, file) => sum + gzipSize(file), 0);
    console.log(`\n== ${page}: ${kb(total).trim()} KB gzipped in ${files.length} file(s)`);
    for (const file of files) console.log(`  ${kb(gzipSize(file))} KB  ${file}`);
    if (ONLY_FILES) continue;
    const groups = new Map<string, number>();
    for (const file of files) for (const [group, bytes] of groupsOf(file)) groups.set(group, (groups.get(group) ?? 0) + bytes);
    const shown = [...groups].filter(([, bytes]) => bytes / 1024 >= MIN_KB).sort((a, b) => b[1] - a[1]);
    console.log('  by source (KB gzipped, estimated):');
    for (const [group, bytes] of shown) console.log(`  ${kb(bytes)}  ${group}`);
    const hidden = groups.size - shown.length;
    if (hidden > 0)
      console.log(`  ${kb([...groups.values()].filter((b) => b / 1024 < MIN_KB).reduce((s, b) => s + b, 0))}  (${hidden} smaller groups)`);
  }
}

main();
