import fs from 'node:fs';
import js from '@eslint/js';
import eslintConfigPrettier from 'eslint-config-prettier/flat';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * House rule 2: an area uses another only through its index.ts. One zone per area of server, web and domain: every other
 * area of that layer may import from it only its index.ts (lib, components and app are shared pieces, not areas; the
 * domain's lib is named in `shared`, as its folders sit beside the areas).
 */
function areaZones(root, shared = []) {
  const dir = `./src/${root}`;
  const areas = fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !shared.includes(entry.name))
    .map((entry) => entry.name);
  return areas.map((area) => ({
    target: areas.filter((other) => other !== area).map((other) => `${dir}/${other}`),
    from: `${dir}/${area}`,
    except: ['./index.ts'],
    message: `Another area uses ${root}/${area} only through its index.ts.`,
  }));
}

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'data/**',
      'screenshots/**',
      'test-results/**',
      'playwright-report/**',
      'src/server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { typescript: { project: ['tsconfig.base.json'] }, node: true },
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
      'import/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      // House rule 1: imports point one way. Domain is pure; web and server never import each other.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/domain', from: './src/server', message: 'src/domain is pure: it must not import the server.' },
            { target: './src/domain', from: './src/web', message: 'src/domain is pure: it must not import the web app.' },
            { target: './src/web', from: './src/server', message: 'The web app talks to the server over HTTP only.' },
            { target: './src/server', from: './src/web', message: 'The server must not import the web app.' },
            ...areaZones('server/areas'),
            ...areaZones('web/areas'),
            ...areaZones('domain', ['lib']),
            {
              target: './src/domain/lib',
              from: './src/domain',
              except: ['./lib'],
              message: 'src/domain/lib is the shared kernel: it imports no area.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/domain/**/*.ts', 'src/web/**/*.{ts,tsx}'],
    rules: {
      // The web build counts every call on `z` as free of effects (vite.config.ts, treeshake.manualPureFunctions), so
      // one made for its effect would be left out when its result is unused.
      'no-restricted-properties': [
        'error',
        {
          object: 'z',
          property: 'config',
          message: "Import config from 'zod' by name: the build drops calls on z whose result is unused.",
        },
        { object: 'z', property: 'globalRegistry', message: 'The build drops calls on z whose result is unused.' },
      ],
    },
  },
  {
    // A domain area imports another only through its index.ts (above), so a cycle between areas is a cycle of files
    // through their index.ts files: followed to any depth here, not only 10 (type-only imports are not followed; the
    // area graph's test in scripts/lint-zones.test.ts counts them too).
    files: ['src/domain/**/*.ts'],
    rules: { 'import/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Drizzle schema files reference each other lazily (() => table), which is a deliberate cycle.
    files: ['src/server/db/schema/**/*.ts'],
    rules: { 'import/no-cycle': 'off' },
  },
  {
    files: ['src/domain/**/*.ts'],
    ignores: ['src/domain/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'pg', 'drizzle-orm*', 'react*', '@mantine/*'],
              message: 'src/domain has no I/O, no Node and no DOM.',
            },
          ],
        },
      ],
    },
  },
  {
    // House rule 2 for the domain's readers outside the web: the server, the tests and the scripts take an area's rules
    // from its index.ts. The web may name the files: its build then keeps only the schemas a screen uses (a whole index
    // pulled 140 KB more into the shell, docs/decisions.md).
    files: ['src/server/**/*.ts', 'tests/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@/domain/(?!lib/)[a-z-]+/',
              message: "Import a domain area through its index.ts ('@/domain/<area>'); only src/domain/lib is read by file.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.tsx', 'src/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['src/web/**/*.tsx', 'src/web/**/*.ts'],
    ignores: ['src/web/components/select.tsx', 'src/web/components/dates.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@mantine/core',
              importNames: ['Select', 'Autocomplete'],
              message: "Use components/select.tsx: a closed field's list is not kept in the page (issue 17).",
            },
            {
              name: '@mantine/dates',
              importNames: [
                'DateInput',
                'DatePicker',
                'DatePickerInput',
                'DateTimePicker',
                'TimeInput',
                'TimePicker',
                'MonthPickerInput',
                'YearPickerInput',
                'Calendar',
              ],
              message: 'Use components/dates.ts: it registers the Danish locale, which the shell no longer loads (issue 17).',
            },
            {
              name: 'dayjs',
              message: 'Use components/dates.ts: it registers the Danish locale, which the shell no longer loads (issue 17).',
            },
          ],
        },
      ],
    },
  },
  // Formatting is Prettier's (`npm run format`); lint checks it and turns off the style rules that would disagree.
  eslintConfigPrettier,
);
