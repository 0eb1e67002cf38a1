import { asc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_SEARCH_HITS, type TOrderSearchResult } from '@/domain/orders';
import { orders } from '@/server/db/schema';
import { createTestApp, login, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let ks: string;
let target: { id: string; orderNr: number };

beforeAll(async () => {
  ctx = await createTestApp();
  ks = await login(ctx.app, 'KS');
  const [row] = await ctx.database.db
    .select()
    .from(orders)
    .where(ne(orders.carRegistrationNumber, ''))
    .orderBy(asc(orders.orderNr))
    .limit(1);
  target = { id: row!.id, orderNr: row!.orderNr };
  await ctx.database.db
    .update(orders)
    .set({
      carRegistrationNumber: 'QX98765',
      customerPhone: '71239876',
      customerEmail: 'soege.felt@example.dk',
      customerName: 'Gyldenløve Fritekstsen',
    })
    .where(eq(orders.id, row!.id));
});
afterAll(() => ctx.close());

const search = (q: string, cookie = ks) =>
  ctx.app.inject({ method: 'GET', url: `/api/order/search?q=${encodeURIComponent(q)}`, headers: { cookie } });

async function hits(q: string): Promise<TOrderSearchResult> {
  const response = await search(q);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /api/order/search', () => {
  it('finds the order by its number, plate (part, any case), phone (part, +45), e-mail (part) and customer name (part)', async () => {
    for (const q of [
      String(target.orderNr),
      'qx98765',
      'X9876',
      '71239876',
      '+45 71 23 98 76',
      'soege.felt',
      'Gyldenløve',
      'fritekstsen',
    ]) {
      const found = await hits(q);
      expect(
        found.hits.map((h) => h.orderId),
        q,
      ).toContain(target.id);
    }
    const one = await hits('QX98765');
    expect(one).toMatchObject({ more: false, listed: true });
    expect(one.hits).toHaveLength(1);
    expect(one.hits[0]).toMatchObject({
      orderNr: String(target.orderNr),
      plate: 'QX98765',
      customerName: 'Gyldenløve Fritekstsen',
      customerPhone: '71239876',
    });
    // Names are not the list's free text: the list cannot show a name's hits.
    expect((await hits('Gyldenløve')).listed).toBe(false);
  });

  it("gives at most the dropdown's hits, and says there are more", async () => {
    const many = await hits('@');
    expect(many.hits.length).toBeLessThanOrEqual(ORDER_SEARCH_HITS);
    const common = await hits('example');
    expect(common.hits).toHaveLength(ORDER_SEARCH_HITS);
    expect(common.more).toBe(true);
    expect(await hits('ZZQ-ingen-ordre')).toEqual({ hits: [], more: false, listed: false });
  });

  it('is open to the roles that open worksheets, not to others', async () => {
    for (const initials of ['ADM', 'OP', 'REV'])
      expect((await search('QX98765', await login(ctx.app, initials))).statusCode, initials).toBe(200);
    for (const initials of ['LAG', 'TM']) expect((await search('QX98765', await login(ctx.app, initials))).statusCode, initials).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/order/search?q=QX98765' })).statusCode).toBe(401);
  });

  it('refuses an empty or overlong text with a Danish message', async () => {
    for (const q of ['', '   ', 'x'.repeat(101)]) {
      const response = await search(q);
      expect(response.statusCode, q).toBe(400);
      expect(JSON.stringify(response.json().errors)).toMatch(/Feltet er påkrævet|Maksimum 100 tegn/);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/order/search', headers: { cookie: ks } })).statusCode).toBe(400);
  });
});
