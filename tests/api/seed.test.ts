import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '@/server/db/client';
import { seedDemoIfEmpty } from '@/server/db/seed/seed-demo';
import { debitorPriceAgreements, debitors, departments, products, stockLocations, users, zipCodes } from '@/server/db/schema';
import { createTestApp, login, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function count(table: string): Promise<number> {
  const result = await ctx.database.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`));
  return result.rows[0]!.n;
}

describe('demo data', () => {
  it('has departments across the three regions, with mobile-service vans under real shops', async () => {
    const rows = await ctx.database.db.select().from(departments);
    expect(rows.length).toBeGreaterThanOrEqual(20);
    expect(new Set(rows.map((d) => d.region))).toEqual(new Set(['Jylland', 'Fyn', 'Sjaelland']));
    const vans = rows.filter((d) => d.mobileService);
    expect(vans.length).toBeGreaterThanOrEqual(3);
    for (const van of vans) expect(rows.find((d) => d.id === van.parentDepartmentId)?.mobileService).toBe(false);
    expect(await count('time_slots')).toBeGreaterThan(500);
  });

  it('has the real zip codes with their city names', async () => {
    const city = async (zip: string) => (await ctx.database.db.select().from(zipCodes).where(eq(zipCodes.zipCode, zip)))[0]?.city;
    expect(await city('8000')).toBe('Aarhus C');
    expect(await city('5000')).toBe('Odense C');
    expect(await city('2100')).toBe('København Ø');
    expect(await city('8260')).toBe('Viby J');
  });

  it('has 30+ car makes, the glass catalogue with its fixed item numbers, and the five warehouses', async () => {
    expect(await count('car_makes')).toBeGreaterThanOrEqual(30);
    const byNo = async (no: string) => (await ctx.database.db.select().from(products).where(eq(products.no, no)))[0];
    for (const pk of ['PK3', 'PK5', 'PK6']) expect((await byNo(pk))?.itemType).toBe(3);
    expect((await byNo('BIL001'))?.itemType).toBe(2);
    expect(await byNo('UD')).toBeDefined();
    for (const no of ['REP6', 'REP7', 'REP8', '337', '341', '342', ...Array.from({ length: 15 }, (_, i) => String(344 + i))]) {
      expect(await byNo(no), no).toBeDefined();
    }
    expect(await count('products')).toBeGreaterThanOrEqual(200);
    const warehouses = await ctx.database.db.select().from(stockLocations).where(eq(stockLocations.kind, 'WAREHOUSE'));
    expect(warehouses.map((w) => w.code).sort()).toEqual(['BRØ-LAGER', 'ESB-LAGER', 'NØR-LAGER', 'ODE-LAGER', 'VEJ-LAGER']);
    expect(await count('loan_cars')).toBeGreaterThan(0);
  });

  it('gives insurers and companies price agreements, and has the dummy account', async () => {
    const agreements = await ctx.database.db
      .select({ kind: debitors.kind })
      .from(debitorPriceAgreements)
      .innerJoin(debitors, eq(debitors.no, debitorPriceAgreements.debitorNo));
    expect(agreements.some((a) => a.kind === 'INSURANCE')).toBe(true);
    expect(agreements.some((a) => a.kind === 'COMPANY')).toBe(true);
    expect(await ctx.database.db.select().from(debitors).where(eq(debitors.name, 'DUMMY - SKIFT KONTO'))).toHaveLength(1);
  });

  it('has the seven demo logins with their roles, all with the password demo1234', async () => {
    const expected: Record<string, string[]> = {
      ADM: ['Adminstrator', 'VINSearch', 'AutovalidVINSearch'],
      KS: ['CustomerService'],
      OP: ['Operation'],
      LAG: ['Stock'],
      REV: ['ReviewManager'],
      REK: ['Complaint', 'CustomerService'],
      TM: ['TimeManagement'],
    };
    for (const [initials, roles] of Object.entries(expected)) {
      const cookie = await login(ctx.app, initials);
      const info = await ctx.app.inject({ method: 'GET', url: '/api/user/userinfo', headers: { cookie } });
      expect(info.json().roles, initials).toEqual(roles);
    }
    const [op] = await ctx.database.db.select().from(users).where(eq(users.initials, 'OP'));
    expect(op!.departmentId).not.toBeNull();
  });

  it('never loads into a database that already has data', async () => {
    const before = await count('departments');
    const database = connectDatabase(ctx.url, { max: 1 });
    try {
      expect(await seedDemoIfEmpty(database.db)).toBe(false);
    } finally {
      await database.close();
    }
    expect(await count('departments')).toBe(before);
  });
});
