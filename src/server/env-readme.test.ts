import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_NAMES } from './env';

/** The names in the first column of README's configuration table ('| `BC_BASE_URL`, `BC_TOKEN_URL` | …'). */
function readmeNames(): Set<string> {
  const readme = fs.readFileSync(path.resolve(import.meta.dirname, '../../README.md'), 'utf8');
  const names = new Set<string>();
  for (const line of readme.split('\n')) {
    const first = /^\|([^|]+)\|/.exec(line)?.[1] ?? '';
    for (const match of first.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(match[1]!);
  }
  return names;
}

describe("README's configuration table", () => {
  it('names every environment variable the app reads (the providers of issue 42 among them)', () => {
    const documented = readmeNames();
    expect(ENV_NAMES.filter((name) => !documented.has(name))).toEqual([]);
    expect(ENV_NAMES).toEqual(
      expect.arrayContaining([
        'ADDRESS_PROVIDER',
        'DATAFORDELER_API_KEY',
        'CAR_REGISTRY',
        'NUMMERPLADEAPI_TOKEN',
        'ERP_PROVIDER',
        'BC_CLIENT_SECRET',
        'SMS_PROVIDER',
        'GATEWAYAPI_WEBHOOK_SECRET',
      ]),
    );
  });
});
