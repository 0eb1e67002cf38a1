import fs from 'node:fs';
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
    const errors = await zoneErrors(
      'src/server/areas/orders/zz-probe.ts',
      "import { x } from '../planning/planning.service';\nexport const y = x;\n",
    );
    expect(errors).toEqual([
      'Unexpected path "../planning/planning.service" imported in restricted zone. Another area uses server/areas/planning only through its index.ts.',
    ]);
  });

  it("fails a web area that reaches into another area's files, also by the @ alias", { timeout: 60_000 }, async () => {
    const errors = await zoneErrors(
      'src/web/areas/worksheet/zz-probe.ts',
      "import { x } from '@/web/areas/orders/api';\nexport const y = x;\n",
    );
    expect(errors).toEqual([
      'Unexpected path "@/web/areas/orders/api" imported in restricted zone. Another area uses web/areas/orders only through its index.ts.',
    ]);
  });

  it(
    "fails the server reading a domain area's file instead of its index.ts, and passes the index and lib",
    { timeout: 60_000 },
    async () => {
      const [result] = await eslint.lintText(
        "import { ORDER_TYPES } from '@/domain/orders/order-enums';\nimport { isSetGuid } from '@/domain/lib/guid';\nimport { BOOKING_MESSAGES } from '@/domain/booking';\nexport const y = [ORDER_TYPES, isSetGuid, BOOKING_MESSAGES];\n",
        { filePath: path.resolve(import.meta.dirname, '..', 'src/server/areas/calendar/zz-probe.ts') },
      );
      const restricted = result!.messages.filter((m) => m.ruleId === 'no-restricted-imports');
      expect(restricted.map((m) => m.line)).toEqual([1]);
      expect(restricted[0]!.message).toContain("Import a domain area through its index.ts ('@/domain/<area>')");
    },
  );

  it("passes an import of another area's index.ts and of the area's own files", { timeout: 60_000 }, async () => {
    const code = "import { a } from '../planning';\nimport { b } from './orders.repo';\nexport const y = [a, b];\n";
    expect(await zoneErrors('src/server/areas/orders/zz-probe.ts', code)).toEqual([]);
  });

  it("fails a domain area that reaches into another area's files, also for a type", { timeout: 60_000 }, async () => {
    const code =
      "import { ORDER_TYPES } from '../orders/order-enums';\nimport type { TDepartment } from '../departments/department.schemas';\nexport const y: [unknown, TDepartment?] = [ORDER_TYPES];\n";
    expect(await zoneErrors('src/domain/booking/zz-probe.ts', code)).toEqual([
      'Unexpected path "../orders/order-enums" imported in restricted zone. Another area uses domain/orders only through its index.ts.',
      'Unexpected path "../departments/department.schemas" imported in restricted zone. Another area uses domain/departments only through its index.ts.',
    ]);
  });

  it("passes a domain area's import of another area's index.ts, of the shared lib and of its own files", { timeout: 60_000 }, async () => {
    const code =
      "import { ORDER_TYPES } from '../orders';\nimport { formatDate } from '../lib/dates';\nimport { BOOKING_MESSAGES } from './booking.schemas';\nexport const y = [ORDER_TYPES, formatDate, BOOKING_MESSAGES];\n";
    expect(await zoneErrors('src/domain/booking/zz-probe.ts', code)).toEqual([]);
  });

  it('fails the shared lib of the domain when it imports an area', { timeout: 60_000 }, async () => {
    const errors = await zoneErrors(
      'src/domain/lib/zz-probe.ts',
      "import { ORDER_TYPES } from '../orders';\nexport const y = ORDER_TYPES;\n",
    );
    expect(errors).toEqual([
      'Unexpected path "../orders" imported in restricted zone. src/domain/lib is the shared kernel: it imports no area.',
    ]);
  });
});

/** The areas of src/domain each imports (through '../<area>'), type-only imports too, which import/no-cycle does not follow. */
function domainAreaImports(): Map<string, Set<string>> {
  const root = path.resolve(import.meta.dirname, '../src/domain');
  const areas = fs
    .readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'lib')
    .map((entry) => entry.name);
  const imports = new Map<string, Set<string>>();
  for (const area of areas) {
    const used = new Set<string>();
    for (const file of fs.readdirSync(path.join(root, area)).filter((name) => name.endsWith('.ts'))) {
      const text = fs.readFileSync(path.join(root, area, file), 'utf8');
      for (const [, other] of text.matchAll(/from '\.\.\/([\w-]+)[/']/g)) if (other !== 'lib') used.add(other!);
    }
    imports.set(area, used);
  }
  return imports;
}

/** One cycle of areas ('a → b → a'), or null when the areas import each other in one direction only. */
function areaCycle(imports: Map<string, Set<string>>): string | null {
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (area: string): string | null => {
    if (state.get(area) === 'done') return null;
    if (state.get(area) === 'open') return [...trail.slice(trail.indexOf(area)), area].join(' → ');
    state.set(area, 'open');
    trail.push(area);
    for (const other of imports.get(area) ?? []) {
      const found = visit(other);
      if (found) return found;
    }
    trail.pop();
    state.set(area, 'done');
    return null;
  };
  for (const area of imports.keys()) {
    const found = visit(area);
    if (found) return found;
  }
  return null;
}

describe('the domain areas import each other in one direction', () => {
  it('has no cycle between areas, counting type-only imports', () => {
    const imports = domainAreaImports();
    expect(imports.get('orders')).toContain('users');
    expect(areaCycle(imports)).toBeNull();
  });

  it('names a cycle when there is one', () => {
    const imports = new Map([
      ['booking', new Set(['orders'])],
      ['orders', new Set(['users', 'booking'])],
      ['users', new Set<string>()],
    ]);
    expect(areaCycle(imports)).toBe('booking → orders → booking');
  });
});
