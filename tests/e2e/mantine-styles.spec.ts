/**
 * Issue 11: only the CSS of the Mantine components the app uses is sent (src/web/app/mantine-styles.ts). Needs no
 * browser and no build; it lives with the browser tests because it reads node_modules and runs in the same CI step.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { test } from './helpers';

const ROOT = process.cwd();
const WEB = path.join(ROOT, 'src/web');
const MODULES = path.join(ROOT, 'node_modules');
const CORE = path.join(MODULES, '@mantine/core');
/** Packages whose components are built from @mantine/core's (their own styles are imported whole). */
const PACKAGES = ['@mantine/core', '@mantine/dates', '@mantine/notifications', '@mantine/modals'];

const read = (file: string) => fs.readFileSync(file, 'utf8');
const SPECIFIER = /(?:import|export)\s*(?:([\s\S]*?)\s*from\s*)?["']([^"']+)["']/g;
const names = (clause: string | undefined) =>
  (clause ?? '')
    .replace(/^type\s+/, '')
    .replace(/[{}]/g, '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith('type '))
    .map((part) =>
      part
        .split(/\s+as\s+/)
        .at(-1)!
        .trim(),
    );

/** Name → file of a package's esm index (which imports every export from its own file). */
function exportFiles(pkg: string): Map<string, string> {
  const index = path.join(MODULES, pkg, 'esm/index.mjs');
  const map = new Map<string, string>();
  for (const [, clause, spec] of read(index).matchAll(SPECIFIER)) {
    if (!spec!.startsWith('.')) continue;
    for (const name of names(clause)) map.set(name, path.resolve(path.dirname(index), spec!));
  }
  return map;
}

/**
 * The core components whose CSS the app needs: every Mantine component src/web imports and, through
 * Mantine's own imports, every part it is built from (Select → Combobox, Input, Popover, ScrollArea …).
 * A component has styles when its folder holds `<Name>.module.mjs`.
 */
function neededComponents(): Set<string> {
  const exports = new Map(PACKAGES.map((pkg) => [pkg, exportFiles(pkg)]));
  const seen = new Set<string>();
  const needed = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !fs.existsSync(file)) return;
    seen.add(file);
    for (const [, clause, spec] of read(file).matchAll(SPECIFIER)) {
      if (spec!.startsWith('.')) {
        const target = path.resolve(path.dirname(file), spec!);
        const styles = /([A-Za-z]+)\.module\.mjs$/.exec(target);
        if (styles && target.startsWith(CORE)) needed.add(styles[1]!);
        visit(target);
      } else if (exports.has(spec!)) {
        for (const name of names(clause)) visit(exports.get(spec!)!.get(name) ?? '');
      }
    }
  };
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|^test-(setup|utils)/.test(entry.name)) {
        for (const [, clause, spec] of read(file).matchAll(SPECIFIER)) {
          if (exports.has(spec!) && !/^\s*type\b/.test(clause ?? ''))
            for (const name of names(clause)) visit(exports.get(spec!)!.get(name) ?? '');
        }
      }
    }
  };
  walk(WEB);
  return needed;
}

const imported = [...read(path.join(WEB, 'app/mantine-styles.ts')).matchAll(/^import '(@mantine\/[^']+)';$/gm)].map((m) => m[1]!);
const coreFiles = imported.filter((file) => file.startsWith('@mantine/core/styles/')).map((file) => path.basename(file, '.css'));

test.describe("Mantine's styles", () => {
  test('are imported for every component the app shows, and for no other', () => {
    const needed = neededComponents();
    expect(needed.size).toBeGreaterThan(20);
    const components = coreFiles.filter((name) => !['baseline', 'default-css-variables', 'global'].includes(name));
    expect(
      components.filter((name) => !needed.has(name)),
      'imported but not used',
    ).toEqual([]);
    expect([...needed].filter((name) => !components.includes(name)).sort(), 'used but not imported').toEqual([]);
  });

  test("come in the order of Mantine's full styles.css, the global ones first and the other packages last", () => {
    expect(coreFiles.slice(0, 3)).toEqual(['baseline', 'default-css-variables', 'global']);
    const full = read(path.join(CORE, 'styles.css'));
    const positions = coreFiles.map((name) =>
      full.indexOf(
        read(path.join(CORE, 'styles', `${name}.css`))
          .trim()
          .slice(0, 300),
      ),
    );
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(imported.slice(-2)).toEqual(['@mantine/dates/styles.css', '@mantine/notifications/styles.css']);
  });
});
