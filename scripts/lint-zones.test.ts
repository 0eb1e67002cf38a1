import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The lint config's area zones (eslint.config.js, house rule 2), shown on files that are linted but never written. */
// import/no-cycle cannot follow a file that is not on disk; it has its own place in the config and is not shown here.
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '..'), overrideConfig: { rules: { 'import/no-cycle': 'off' } } });

async function zoneErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.resolve(import.meta.dirname, '..', file) });
  return result!.messages.filter((m) => m.ruleId === 'import/no-restricted-paths').map((m) => m.message);
}

describe('an area uses another only through its index.ts', () => {
  it("fails a server area that reaches into another area's files", { timeout: 60_000 }, async () => {
    const errors = await zoneErrors('src/server/areas/orders/zz-probe.ts', "import { x } from '../planning/planning.service';\nexport const y = x;\n");
    expect(errors).toEqual(['Unexpected path "../planning/planning.service" imported in restricted zone. Another area uses server/areas/planning only through its index.ts.']);
  });

  it("fails a web area that reaches into another area's files, also by the @ alias", { timeout: 60_000 }, async () => {
    const errors = await zoneErrors('src/web/areas/worksheet/zz-probe.ts', "import { x } from '@/web/areas/orders/api';\nexport const y = x;\n");
    expect(errors).toEqual(['Unexpected path "@/web/areas/orders/api" imported in restricted zone. Another area uses web/areas/orders only through its index.ts.']);
  });

  it("passes an import of another area's index.ts and of the area's own files", { timeout: 60_000 }, async () => {
    const code = "import { a } from '../planning';\nimport { b } from './orders.repo';\nexport const y = [a, b];\n";
    expect(await zoneErrors('src/server/areas/orders/zz-probe.ts', code)).toEqual([]);
  });
});
