import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZDebitor, ZDebitorItemPrice, ZInsurer, ZLeaser, type TDebitor, type TDebitorItemPrice } from '@/domain/parties';
import { debitorPriceAgreements, debitors, productGroups, products } from '@/server/db/schema';
import { createTestApp, login, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  ctx = await createTestApp();
  for (const initials of ['KS', 'OP', 'REV', 'LAG', 'TM']) cookies[initials] = await login(ctx.app, initials);
});
afterAll(() => ctx.close());

async function get(url: string, as = 'KS') {
  return ctx.app.inject({ method: 'GET', url, headers: { cookie: cookies[as]! } });
}

async function search(field: string, query: string, as = 'KS'): Promise<TDebitor[]> {
  const response = await get(`/api/debitor/search/${field}?query=${encodeURIComponent(query)}`, as);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as unknown[]).map((d) => ZDebitor.parse(d));
}

async function prices(DebitorNo: string, Items: string[]): Promise<Map<string, TDebitorItemPrice>> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/debitor/prices',
    headers: { cookie: cookies.KS! },
    payload: { DebitorNo, Items },
  });
  expect(response.statusCode, response.body).toBe(200);
  const list = (response.json() as unknown[]).map((p) => ZDebitorItemPrice.parse(p));
  return new Map(list.map((p) => [p.itemNo, p]));
}

async function listPriceOf(no: string): Promise<number> {
  const [row] = await ctx.database.db.select({ ore: products.listPriceOre }).from(products).where(eq(products.no, no));
  return row!.ore / 100;
}

async function agreementsOf(debitorNo: string) {
  return ctx.database.db
    .select({
      productNo: debitorPriceAgreements.productNo,
      group: productGroups.name,
      percent: debitorPriceAgreements.discountPercent,
      netOre: debitorPriceAgreements.netPriceOre,
    })
    .from(debitorPriceAgreements)
    .leftJoin(productGroups, eq(productGroups.id, debitorPriceAgreements.productGroupId))
    .where(eq(debitorPriceAgreements.debitorNo, debitorNo));
}

describe('insurers and leasers', () => {
  it('lists the insurers by name with their cash account', async () => {
    const response = await get('/api/insurers');
    expect(response.statusCode).toBe(200);
    const insurers = (response.json() as unknown[]).map((i) => ZInsurer.parse(i));
    expect(insurers.length).toBe(14);
    expect(insurers.find((i) => i.name === 'Tryg')).toEqual({
      name: 'Tryg',
      bilStatistikName: 'TRYG FORSIKRING A/S',
      cashDebitorId: '11001',
    });
    expect(insurers.find((i) => i.name === 'Gjensidige')?.cashDebitorId).toBe('');
    expect(insurers.map((i) => i.name)).toEqual([...insurers.map((i) => i.name)].sort((a, b) => (a < b ? -1 : 1)));
  });

  it('lists only the review insurers for Gennemsyn, also to a ReviewManager', async () => {
    const response = await get('/api/insurers/Review', 'REV');
    expect(response.statusCode).toBe(200);
    const names = (response.json() as unknown[]).map((i) => ZInsurer.parse(i).name);
    expect(names).toEqual(['Alm. Brand', 'Codan', 'Gjensidige', 'If Skadeforsikring', 'Topdanmark', 'Tryg']);
  });

  it('lists the leasing companies by name', async () => {
    const response = await get('/api/leasers', 'OP');
    expect(response.statusCode).toBe(200);
    const names = (response.json() as unknown[]).map((l) => ZLeaser.parse(l).name);
    expect(names).toContain('LeasePlan Danmark');
    expect(names).toContain('Ayvens (ALD Automotive)');
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : 1)));
  });
});

describe('GET /api/debitor/search/{field}', () => {
  it('finds companies by part of the name, case-insensitively, names starting with it first', async () => {
    const found = await search('NAME', 'vognmand');
    expect(found.map((d) => d.debitorName)).toContain('Jensen & Søn Vognmandsforretning ApS');
    const jensen = found.find((d) => d.debitorName.startsWith('Jensen'))!;
    expect(jensen).toMatchObject({ no: '30001', zipCode: '8660' });
    expect(jensen.cvr).toMatch(/^\d{8}$/);

    const tryg = await search('NAME', 'TRYG');
    expect(tryg.map((d) => d.no).sort()).toEqual(['10001', '11001']);
    expect(tryg[0]!.debitorName).toMatch(/^Tryg/);

    expect((await search('NAME', 'DUMMY')).map((d) => d.debitorName)).toEqual(['DUMMY - SKIFT KONTO']);
  });

  it('tolerates a typo in the name (trigram similarity)', async () => {
    const found = await search('NAME', 'Vognmandsforetning');
    expect(found.map((d) => d.no)).toContain('30001');
  });

  it('finds by phone with spaces or +45, by CVR and by customer number', async () => {
    const [jensen] = await ctx.database.db.select().from(debitors).where(eq(debitors.no, '30001'));
    const phone = jensen!.phone;
    const spaced = `${phone.slice(0, 2)} ${phone.slice(2, 4)} ${phone.slice(4, 6)}`;
    expect((await search('PHONE', spaced)).map((d) => d.no)).toContain('30001');
    expect((await search('PHONE', `+45 ${phone}`))[0]?.no).toBe('30001');

    const cvr = await search('CVR', jensen!.cvr.slice(0, 6));
    expect(cvr[0]?.no).toBe('30001');
    expect(cvr.every((d) => d.cvr.startsWith(jensen!.cvr.slice(0, 6)))).toBe(true);

    const byNumber = await search('NAV', '3000');
    expect(byNumber.length).toBeGreaterThan(5);
    expect(byNumber.every((d) => d.no.startsWith('3000'))).toBe(true);
    expect((await search('NAV', '30001'))[0]?.no).toBe('30001');
  });

  it('answers nothing below four characters and at most twenty debitors', async () => {
    expect(await search('NAME', 'try')).toEqual([]);
    expect(await search('NAME', '  ab  ')).toEqual([]);
    expect(await search('PHONE', '+45 1')).toEqual([]);
    expect(await search('NAV', '300')).toEqual([]);
    const many = await search('NAME', 'Rudeplan');
    expect(many).toHaveLength(20);
    expect((await get('/api/debitor/search/EMAIL?query=abcd')).statusCode).toBe(400);
  });
});

describe('POST /api/debitor/prices', () => {
  it("gives an insurer its net prices, group discount and general discount ('Kundepris')", async () => {
    const agreements = await agreementsOf('10001');
    const net = agreements.find((a) => a.productNo === 'REP1')!;
    const windscreenNet = agreements.find((a) => a.productNo && a.productNo.startsWith('F'))!;
    const forrude = agreements.find((a) => a.group === 'Forrude')!;
    const general = agreements.find((a) => a.productNo === null && a.group === null)!;
    const netNos = new Set(agreements.map((a) => a.productNo).filter(Boolean));
    const windscreens = await ctx.database.db
      .select({ no: products.no })
      .from(products)
      .innerJoin(productGroups, eq(productGroups.id, products.groupId))
      .where(eq(productGroups.name, 'Forrude'));
    const discounted = windscreens.find((w) => !netNos.has(w.no))!.no;

    const answer = await prices('10001', ['REP1', windscreenNet.productNo!, discounted, 'UD', 'NO-SUCH-ITEM', 'REP1']);
    expect([...answer.keys()]).toEqual(['REP1', windscreenNet.productNo!, discounted, 'UD']);

    const rep1 = answer.get('REP1')!;
    expect(rep1.price).toBe(net.netOre! / 100);
    expect(rep1.price).toBeLessThan(await listPriceOf('REP1'));
    expect(rep1.discountAmount).toBeCloseTo((await listPriceOf('REP1')) - rep1.price, 2);

    expect(answer.get(windscreenNet.productNo!)!.price).toBe(windscreenNet.netOre! / 100);

    const list = await listPriceOf(discounted);
    const screen = answer.get(discounted)!;
    expect(screen.discountPercent).toBe(forrude.percent);
    expect(screen.price).toBeCloseTo(Math.round(list * (100 - forrude.percent)) / 100, 2);
    expect(screen.price).toBeLessThan(list);

    const ud = answer.get('UD')!;
    expect(ud.discountPercent).toBe(general.percent);
    expect(ud.price).toBeCloseTo(Math.round(895 * (100 - general.percent)) / 100, 2);
  });

  it('gives a company its general discount and leaves a company without agreements at list price', async () => {
    const general = (await agreementsOf('30001')).find((a) => a.productNo === null && a.group === null)!;
    expect(general.percent).toBeGreaterThan(0);
    const miljo = (await prices('30001', ['MILJ'])).get('MILJ')!;
    expect(miljo.discountPercent).toBe(general.percent);
    expect(miljo.price).toBeLessThan(65);
    expect(miljo.price).toBeCloseTo(Math.round(65 * (100 - general.percent)) / 100, 2);

    expect(await agreementsOf('30002')).toEqual([]);
    const plain = (await prices('30002', ['MILJ'])).get('MILJ')!;
    expect(plain).toEqual({ itemNo: 'MILJ', price: 65, discountPercent: 0, discountAmount: 0 });
  });

  it('answers an empty list for no items, 404 for an unknown debitor and 400 for a bad body', async () => {
    expect([...(await prices('10001', [])).values()]).toEqual([]);
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/debitor/prices',
      headers: { cookie: cookies.KS! },
      payload: { DebitorNo: '77777', Items: ['UD'] },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Debitoren blev ikke fundet');
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/debitor/prices',
      headers: { cookie: cookies.KS! },
      payload: { Items: 'UD' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().type).toBe('VALIDATION_ERROR');
  });
});

describe('access', () => {
  it('refuses Stock and TimeManagement the payer calls', async () => {
    for (const url of ['/api/insurers', '/api/leasers', '/api/insurers/Review', '/api/debitor/search/NAME?query=tryg']) {
      expect((await get(url, 'LAG')).statusCode, url).toBe(403);
      expect((await get(url, 'TM')).statusCode, url).toBe(403);
    }
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/debitor/prices', payload: { DebitorNo: '10001', Items: ['UD'] } });
    expect(anonymous.statusCode).toBe(401);
  });
});
