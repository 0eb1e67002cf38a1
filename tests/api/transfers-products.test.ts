import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TProductGroup } from '@/domain/catalogue';
import { createTestApp, login, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let lag: string;

beforeAll(async () => {
  ctx = await createTestApp();
  lag = await login(ctx.app, 'LAG');
});
afterAll(() => ctx.close());

function search(term: string, cookie = lag) {
  return ctx.app.inject({ method: 'GET', url: `/api/transfer/products?search=${encodeURIComponent(term)}`, headers: { cookie } });
}

describe("the product search of 'Opret overflytning'", () => {
  it('finds the catalogue for a Stock user, who has no order flow and so no /api/product/searchitems', async () => {
    const catalogue = await ctx.app.inject({ method: 'GET', url: '/api/product/searchitems?search=limpude', headers: { cookie: lag } });
    expect(catalogue.statusCode).toBe(403);

    const answer = await search('limpude 3M');
    expect(answer.statusCode, answer.body).toBe(200);
    const groups = answer.json() as TProductGroup[];
    const item = groups.flatMap((g) => g.items).find((p) => p.no === '337');
    expect(item, 'item 337 (Limpude 3M 08609)').toBeDefined();
    expect(groups.find((g) => g.items.includes(item!))?.name).toBe('Limpuder');
    // Each product carries its stock per location, so the dialog shows what Fra lokation holds.
    expect(item!.status.find((s) => s.code === 'NØR-LAGER')?.amount).toBeGreaterThan(0);
  });

  it('asks every word to match, and answers nothing for no words', async () => {
    const none = (await search('limpude findesikke')).json() as TProductGroup[];
    expect(none.flatMap((g) => g.items)).toHaveLength(0);
    const empty = (await search('  ')).json() as TProductGroup[];
    expect(empty.flatMap((g) => g.items)).toHaveLength(0);
  });
});
