import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZOldPriceResult, type TOldPriceResult } from '@/domain/old-prices/old-price.schemas';
import { createTestApp, login, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let ks: string;

async function search(term: string, cookie = ks) {
  return ctx.app.inject({ method: 'GET', url: `/api/oldpricelist/search/${encodeURIComponent(term)}`, headers: { cookie } });
}

async function found(term: string): Promise<TOldPriceResult> {
  const response = await search(term);
  expect(response.statusCode, response.body).toBe(200);
  return ZOldPriceResult.parse(response.json());
}

beforeAll(async () => {
  ctx = await createTestApp();
  ks = await login(ctx.app, 'KS');
});
afterAll(() => ctx.close());

describe('GET /api/oldpricelist/search/{term}', () => {
  it('finds old prices by product number, name or EuroCode, newest period first', async () => {
    const byNo = await found('F09011');
    expect(byNo.prices.map((p) => p.productNo)).toEqual(['F09011', 'F09011']);
    const [newest, older] = byNo.prices;
    expect(newest!.validTo > older!.validTo).toBe(true);
    expect(newest!.listPrice).toBeGreaterThan(older!.listPrice);
    expect(newest).toMatchObject({ name: 'Forrude Opel Astra H (udgået)', euroCode: '2475AGNGN' });
    expect(newest!.validTo).toMatch(/^\d{4}-12-31$/);

    expect((await found('2475agngn')).prices).toHaveLength(2);
    expect((await found('opel astra')).prices.every((p) => p.name.includes('Opel Astra'))).toBe(true);
  });

  it('caps a broad search at 200 rows and says there are more', async () => {
    const broad = await found('rude');
    expect(broad.prices).toHaveLength(200);
    expect(broad.more).toBe(true);
  });

  it('treats % and _ as plain characters and wants two characters', async () => {
    expect((await found('%%')).prices).toEqual([]);
    const short = await search('a');
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ term: ['Skriv mindst 2 tegn'] });
  });

  it('lists the latest expired prices and is closed to roles without the screen', async () => {
    const latest = await ctx.app.inject({ method: 'GET', url: '/api/oldpricelist/latest', headers: { cookie: ks } });
    expect(ZOldPriceResult.parse(latest.json()).prices).toHaveLength(100);
    const tm = await login(ctx.app, 'TM');
    expect((await search('forrude', tm)).statusCode).toBe(403);
  });
});
