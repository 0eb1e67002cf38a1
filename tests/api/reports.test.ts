import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departments, insurers, orderJournal, orderLogs, orders, users } from '@/server/db/schema';
import { csvRecords, parseCsv } from '../helpers/csv';
import { createTestApp, login, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let ks: string;
let rev: string;
let rek: string;

beforeAll(async () => {
  ctx = await createTestApp();
  [ks, rev, rek] = await Promise.all([login(ctx.app, 'KS'), login(ctx.app, 'REV'), login(ctx.app, 'REK')]);
});
afterAll(() => ctx.close());

const get = (url: string, cookie: string) => ctx.app.inject({ method: 'GET', url, headers: { cookie } });
/** The one date format of every CSV (docs/decisions.md): ISO days, which Excel reads as dates whatever the locale. */
const isoDay = /^\d{4}-\d{2}-\d{2}$/;

function expectCsvDownload(response: { statusCode: number; headers: Record<string, unknown>; body: string }, fileName: string) {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(String(response.headers['content-disposition'])).toContain(`filename*=UTF-8''${encodeURIComponent(fileName)}`);
  const { bom, rows } = parseCsv(response.body);
  expect(bom).toBe(true);
  // Every row has as many cells as the header, so no value broke out of its cell.
  for (const row of rows) expect(row.length).toBe(rows[0]!.length);
  return csvRecords(response.body.slice(1));
}

describe('GET /api/report (order report)', () => {
  it('streams the orders booked on the days as Danish Excel CSV', async () => {
    const [bounds] = await ctx.database.db
      .select({ min: sql<string>`min(${orders.bookingDate})`, max: sql<string>`max(${orders.bookingDate})` })
      .from(orders);
    const response = await get(`/api/report?from=${bounds!.min}&to=${bounds!.max}`, ks);
    const { header, records } = expectCsvDownload(response, `Ordrerapport ${bounds!.min} til ${bounds!.max}.csv`);
    expect(header.slice(0, 8)).toEqual(['Ordrenr.', 'Status', 'Ordretype', 'Betaler', 'Dato', 'Fra', 'Til', 'Afdeling']);
    expect(header).toContain('Total inkl. moms');
    const booked = await ctx.database.db.$count(orders, sql`${orders.bookingDate} is not null`);
    expect(records).toHaveLength(booked);
    expect(new Set(records.map((r) => r['Ordrenr.'])).size).toBe(booked);
    for (const r of records.slice(0, 50)) {
      expect(r['Dato']).toMatch(isoDay);
      expect(r['Total ekskl. moms']).toMatch(/^\d+,\d{2}$/);
    }
    expect(records.some((r) => r['Status'] === 'Afventer')).toBe(true);
    expect(records.some((r) => r['Ordretype'] === 'Forrude')).toBe(true);
  });

  it('answers one day only with the orders of that day, and an empty file with a header when none', async () => {
    const [row] = await ctx.database.db
      .select()
      .from(orders)
      .where(sql`${orders.bookingDate} is not null`)
      .orderBy(asc(orders.orderNr))
      .limit(1);
    const day = row!.bookingDate!;
    const { records } = expectCsvDownload(await get(`/api/report?from=${day}&to=${day}`, ks), `Ordrerapport ${day} til ${day}.csv`);
    expect(records.length).toBe(await ctx.database.db.$count(orders, eq(orders.bookingDate, day)));
    const empty = await get('/api/report?from=1990-01-01&to=1990-01-31', ks);
    expect(parseCsv(empty.body).rows).toHaveLength(1);
  });

  it('refuses a missing or reversed range in Danish, and roles without a list screen', async () => {
    const reversed = await get('/api/report?from=2026-02-01&to=2026-01-01', ks);
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors).toEqual({ to: ['Til-datoen skal være efter fra-datoen'] });
    expect((await get('/api/report?from=2026-01-01', ks)).statusCode).toBe(400);
    const tm = await login(ctx.app, 'TM');
    expect((await get('/api/report?from=2026-01-01&to=2026-01-31', tm)).statusCode).toBe(403);
  });
});

describe('GET /api/report/logs', () => {
  it('streams every log entry of the days across batches, without repeats, ties on the same instant included', async () => {
    // 2,500 entries at the same instant: three batches of 1,000 whose keyset must break ties on the id.
    await ctx.database.db.execute(sql`insert into ${orderLogs} (log_date, log_type, log_reason, log_comment, order_no, reg_nr, log_user)
      select '2025-03-10 09:15:00.123456+01', 'MOVED', 'Kunden ønskede en anden dag', 'nr ' || g || '; "citat"', '1' || g, 'AB12345', 'KS' from generate_series(1, 2500) g`);
    const response = await get('/api/report/logs?from=2025-03-10&to=2025-03-10', ks);
    const { header, records } = expectCsvDownload(response, 'Logs 2025-03-10 til 2025-03-10.csv');
    expect(header).toEqual([
      'Dato',
      'Tid',
      'Logtype',
      'Årsag',
      'Kommentar',
      'Ordrenr.',
      'Reg.nr.',
      'Jobtype',
      'Lokationskode',
      'Oprindelig dato',
      'Oprindelig tid',
      'Bruger',
    ]);
    expect(records).toHaveLength(2500);
    expect(new Set(records.map((r) => r['Ordrenr.'])).size).toBe(2500);
    expect(records[0]).toMatchObject({
      Dato: '2025-03-10',
      Tid: '09:15',
      Logtype: 'Flyttet',
      Årsag: 'Kunden ønskede en anden dag',
      Bruger: 'KS',
    });
    expect(records.find((r) => r['Ordrenr.'] === '17')!['Kommentar']).toBe('nr 7; "citat"');
    // The day before holds none of them (Copenhagen days).
    expect(parseCsv((await get('/api/report/logs?from=2025-03-09&to=2025-03-09', ks)).body).rows).toHaveLength(1);
  });

  it("writes the booking's original day in the file's one date format, however the log dialog sent it", async () => {
    await ctx.database.db
      .execute(sql`insert into ${orderLogs} (log_date, log_type, log_reason, order_no, org_date, org_time, log_user) values
      ('2025-03-12 10:00:00+01', 'MOVED', 'Kunden ønskede en anden dag', '9001', '02-11-2026', '08:00', 'KS'),
      ('2025-03-12 10:01:00+01', 'MOVED', 'Kunden ønskede en anden dag', '9002', '11/11-2026', '10:00', 'KS'),
      ('2025-03-12 10:02:00+01', 'MOVED', 'Kunden ønskede en anden dag', '9003', '2026-11-12T00:00:00', '12:00', 'KS')`);
    const { records } = expectCsvDownload(
      await get('/api/report/logs?from=2025-03-12&to=2025-03-12', ks),
      'Logs 2025-03-12 til 2025-03-12.csv',
    );
    expect(records.map((r) => [r['Dato'], r['Oprindelig dato'], r['Oprindelig tid']])).toEqual([
      ['2025-03-12', '2026-11-02', '08:00'],
      ['2025-03-12', '2026-11-11', '10:00'],
      ['2025-03-12', '2026-11-12', '12:00'],
    ]);
  });
});

describe('GET /api/report/ReviewLog', () => {
  it('lists orders sent to and out of Gennemsyn on the days, by reviewer and insurer, for Gennemsyn roles', async () => {
    const [reviewer] = await ctx.database.db.select().from(users).where(eq(users.initials, 'REV'));
    const [insurer] = await ctx.database.db.select().from(insurers).where(eq(insurers.inReview, true)).limit(1);
    const picked = await ctx.database.db.select().from(orders).orderBy(asc(orders.orderNr)).limit(2).offset(40);
    await ctx.database.db.update(orders).set({ carInsurance: insurer!.name, debitorNo: '' }).where(eq(orders.id, picked[0]!.id));
    await ctx.database.db.update(orders).set({ carInsurance: 'Andet Selskab', debitorNo: '' }).where(eq(orders.id, picked[1]!.id));
    const status = (from: string, to: string) => [{ field: 'additionalData.orderStatus', label: 'Status', from, to }];
    await ctx.database.db.insert(orderJournal).values([
      {
        orderId: picked[0]!.id,
        at: new Date('2025-06-02T10:00:00Z'),
        userId: reviewer!.id,
        by: 'REV',
        text: 'Gennemsyn afsluttet',
        changes: [...status('Gennemsyn', 'Udført'), { field: 'items', label: 'Varelinjer', from: '1', to: '2' }],
      },
      {
        orderId: picked[1]!.id,
        at: new Date('2025-06-02T11:00:00Z'),
        userId: null,
        by: 'OP',
        text: 'Afsluttet og sendt til gennemsyn',
        changes: status('Afventer', 'Gennemsyn'),
      },
      {
        orderId: picked[1]!.id,
        at: new Date('2025-06-02T12:00:00Z'),
        userId: null,
        by: 'OP',
        text: 'Ordre gemt',
        changes: [{ field: 'customer.name', label: 'Navn', from: 'A', to: 'B' }],
      },
    ]);
    const all = expectCsvDownload(
      await get('/api/report/ReviewLog?from=2025-06-01&to=2025-06-30', rev),
      'Gennemsynslog 2025-06-01 til 2025-06-30.csv',
    );
    expect(all.records.map((r) => [r['Ordrenr.'], r['Status fra'], r['Status til']])).toEqual([
      [String(picked[0]!.orderNr), 'Gennemsyn', 'Udført'],
      [String(picked[1]!.orderNr), 'Afventer', 'Gennemsyn'],
    ]);
    expect(all.records[0]).toMatchObject({
      Dato: '2025-06-02',
      Tid: '12:00',
      Gennemser: reviewer!.name,
      Initialer: 'REV',
      'Øvrige ændringer': 'Varelinjer: 1 → 2',
    });
    const byReviewer = csvRecords(
      (await get(`/api/report/ReviewLog?from=2025-06-01&to=2025-06-30&reviewer=${reviewer!.id}`, rev)).body.slice(1),
    );
    expect(byReviewer.records.map((r) => r['Ordrenr.'])).toEqual([String(picked[0]!.orderNr)]);
    const byInsurer = csvRecords(
      (await get(`/api/report/ReviewLog?from=2025-06-01&to=2025-06-30&insurer=${encodeURIComponent(insurer!.name)}`, rev)).body.slice(1),
    );
    expect(byInsurer.records.map((r) => r['Ordrenr.'])).toEqual([String(picked[0]!.orderNr)]);
    expect((await get('/api/report/ReviewLog?from=2025-06-01&to=2025-06-30', ks)).statusCode).toBe(403);
  });
});

describe('POST /api/complaint/report', () => {
  const report = (cookie: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url: '/api/complaint/report', headers: { cookie, accept: 'text/csv' }, payload });

  it("answers 'Reklamation Rapport.csv' filtered by type, status, region, department, fitter, cause code, 'Andet' and dates", async () => {
    const [aarhus] = await ctx.database.db.select().from(departments).where(eq(departments.navLocationCode, 'ARH'));
    const [other] = await ctx.database.db.select().from(departments).where(eq(departments.region, 'Sjaelland')).limit(1);
    const fitters = await ctx.database.db
      .select()
      .from(users)
      .where(sql`'Operation' = any(${users.roles})`)
      .orderBy(asc(users.initials))
      .limit(2);
    const rows = await ctx.database.db
      .select()
      .from(orders)
      .where(eq(orders.orderStatus, 'FINISHED'))
      .orderBy(asc(orders.orderNr))
      .limit(3)
      .offset(5);
    const complaint = (issue: string | null, otherIssue: string, referenceWorker: string) => ({
      complaintType: 'WITHOUT_SLOT',
      issues: issue ? [{ issue, art: 'CUSTOMER' }] : [],
      otherIssue,
      workerFault: true,
      referenceWorker,
      referenceJobType: 'REPLACE_FRONT',
      oldManufacturer: 'AGC',
      logs: [],
    });
    const at = (d: string) => new Date(`${d}T10:00:00Z`);
    await ctx.database.db
      .update(orders)
      .set({
        orderType: 'COMPLAINT',
        orderStatus: 'SERVICE_CALL',
        departmentId: aarhus!.id,
        complaint: complaint('Utæt rude', '', fitters[0]!.id),
        createdAt: at('2025-09-03'),
      })
      .where(eq(orders.id, rows[0]!.id));
    await ctx.database.db
      .update(orders)
      .set({
        orderType: 'INTERNAL_COMPLAINT',
        orderStatus: 'FINISHED',
        departmentId: other!.id,
        complaint: complaint(null, 'Ridse i lakken; "lille"', fitters[1]!.id),
        createdAt: at('2025-09-10'),
      })
      .where(eq(orders.id, rows[1]!.id));
    await ctx.database.db
      .update(orders)
      .set({
        orderType: 'COMPLAINT',
        orderStatus: 'FINISHED',
        departmentId: aarhus!.id,
        complaint: complaint('Vindstøj', '', fitters[1]!.id),
        createdAt: at('2025-10-20'),
      })
      .where(eq(orders.id, rows[2]!.id));
    const nrs = rows.map((r) => String(r.orderNr));
    const inSeptember = { fromDate: '2025-09-01', toDate: '2025-09-30' };
    const numbersOf = async (payload: object) => {
      const response = await report(rek, { ...payload });
      const { records } = expectCsvDownload(response, 'Reklamation Rapport.csv');
      return records.map((r) => r['Ordrenr.']).filter((n): n is string => n !== undefined && nrs.includes(n));
    };
    expect(await numbersOf({ fromDate: '2025-09-01', toDate: '2025-10-31' })).toEqual(nrs);
    expect(await numbersOf(inSeptember)).toEqual([nrs[0], nrs[1]]);
    expect(await numbersOf({ ...inSeptember, complaintType: 'INTERNAL_COMPLAINT' })).toEqual([nrs[1]]);
    expect(await numbersOf({ ...inSeptember, status: 'SERVICE_CALL' })).toEqual([nrs[0]]);
    expect(await numbersOf({ ...inSeptember, region: 'Sjaelland' })).toEqual([nrs[1]]);
    expect(await numbersOf({ ...inSeptember, departments: ['ARH'] })).toEqual([nrs[0]]);
    expect(await numbersOf({ fromDate: '2025-09-01', toDate: '2025-10-31', operators: [fitters[1]!.id] })).toEqual([nrs[1], nrs[2]]);
    expect(await numbersOf({ fromDate: '2025-09-01', toDate: '2025-10-31', issues: ['Utæt rude'] })).toEqual([nrs[0]]);
    expect(await numbersOf({ fromDate: '2025-09-01', toDate: '2025-10-31', byOtherIssue: true })).toEqual([nrs[1]]);

    const { header, records } = csvRecords((await report(rek, inSeptember)).body.slice(1));
    expect(header).toContain('Årsagskode');
    const internal = records.find((r) => r['Ordrenr.'] === nrs[1])!;
    expect(internal).toMatchObject({
      Reklamationstype: 'Intern Reklamation',
      Reklamation: 'Reklamation uden tid',
      Status: 'Udført',
      Region: 'Sjælland',
      'Oprindelig montør': fitters[1]!.name,
      Montørfejl: 'Ja',
      'Anden årsag': 'Ridse i lakken; "lille"',
      'Oprindeligt rudefabrikat': 'AGC',
    });
    expect(internal['Oprettet']).toMatch(/^2025-09-10 \d{2}:\d{2}$/);
  });

  it('takes one cause code at a time, for Complaint and Adminstrator only', async () => {
    const two = await report(rek, { issues: ['a', 'b'] });
    expect(two.statusCode).toBe(400);
    expect(two.json().errors.issues).toEqual(['Vælg kun én årsagskode']);
    const both = await report(rek, { issues: ['a'], byOtherIssue: true });
    expect(both.json().errors.issues).toEqual(["Vælg enten en årsagskode eller 'Andet'"]);
    expect((await report(ks, {})).statusCode).toBe(403);
    expect((await report(await login(ctx.app, 'ADM'), {})).statusCode).toBe(200);
  });
});
