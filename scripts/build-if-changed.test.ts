import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decideBuild, hashInputs, STAMP, webOutDir, writeStamp } from './build-if-changed';

const INPUTS = ['src/web', 'src/domain', 'vite.config.ts', 'package-lock.json'];
let root: string;
let outDir: string;

async function write(file: string, text: string): Promise<void> {
  await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await fs.writeFile(path.join(root, file), text);
}

/** A whole build, stamped with the inputs as they are now. */
async function built(): Promise<void> {
  await write('dist/web/index.html', '<html></html>');
  await write('dist/web/book.html', '<html></html>');
  await writeStamp(outDir, await hashInputs(root, INPUTS));
}

beforeEach(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'rudeplan-build-if-changed-'));
  outDir = path.join(root, 'dist/web');
  await write('src/web/main.tsx', 'main');
  await write('src/web/areas/orders/screen.tsx', 'screen');
  await write('src/domain/lib/money.ts', 'money');
  await write('vite.config.ts', 'config');
  await write('package-lock.json', '{}');
});
afterEach(() => fs.rm(root, { recursive: true, force: true }));

describe('build if changed', () => {
  it('builds when there is no build', async () => {
    expect(await decideBuild(root, outDir, INPUTS)).toMatchObject({ build: true, reason: 'output missing' });
  });

  it('builds when the build lacks a page or its stamp', async () => {
    await built();
    await fs.rm(path.join(outDir, 'book.html'));
    expect(await decideBuild(root, outDir, INPUTS)).toMatchObject({ build: true, reason: 'output missing' });
    await built();
    await fs.rm(path.join(outDir, STAMP));
    expect(await decideBuild(root, outDir, INPUTS)).toMatchObject({ build: true, reason: 'output missing' });
  });

  it('skips the build when nothing changed', async () => {
    await built();
    expect(await decideBuild(root, outDir, INPUTS)).toMatchObject({ build: false });
  });

  it('builds when a source is edited, added, removed or renamed, or a config or the lock file changes', async () => {
    const changes: Array<() => Promise<void>> = [
      () => write('src/web/areas/orders/screen.tsx', 'screen 2'),
      () => write('src/domain/lib/dates.ts', 'dates'),
      () => fs.rm(path.join(root, 'src/domain/lib/money.ts')),
      () => fs.rename(path.join(root, 'src/web/main.tsx'), path.join(root, 'src/web/main2.tsx')),
      () => write('vite.config.ts', 'config 2'),
      () => write('package-lock.json', '{"x":1}'),
    ];
    for (const change of changes) {
      await built();
      await change();
      expect(await decideBuild(root, outDir, INPUTS), change.toString()).toMatchObject({ build: true, reason: 'inputs changed' });
    }
  });

  it('ignores files outside the inputs (the server, the tests)', async () => {
    await built();
    await write('src/server/app.ts', 'server');
    await write('tests/api/a.test.ts', 'test');
    expect(await decideBuild(root, outDir, INPUTS)).toMatchObject({ build: false });
  });

  it('looks where vite.config.ts builds: WEB_OUT_DIR, relative to src/web', () => {
    expect(webOutDir('/repo', {})).toBe('/repo/dist/web');
    expect(webOutDir('/repo', { WEB_OUT_DIR: '/tmp/web-x' })).toBe('/tmp/web-x');
    expect(webOutDir('/repo', { WEB_OUT_DIR: '../../out' })).toBe('/repo/out');
  });
});
