import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDepartment } from '@/domain/departments';
import type { TJournalEntry } from '@/domain/journal';
import type { TComplaintReasons, TLogEntry, TReason } from '@/domain/orders';
import type { TOrder } from '@/domain/orders';
import type { TDebitor } from '@/domain/parties';
import { orderJournal, orderLogs, orders } from '@/server/db/schema';
import { createTestApp, login, type TestContext } from '../helpers/test-app';
import { departmentByCode, findSlot, insurerDebitor, orderBody, windscreenFor } from '../helpers/orders';

let ctx: TestContext;
let ks: string;
let adm: string;
let op: string;
let aarhus: TDepartment;
let car: TOrder['car'];
let windscreen: { itemNo: string };
let tryg: TDebitor;
let slotNo = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  [ks, adm, op] = (await Promise.all(['KS', 'ADM', 'OP'].map((initials) => login(ctx.app, initials)))) as [string, string, string];
  aarhus = await departmentByCode(ctx.app, ks, 'ARH');
  ({ car, windscreen } = await windscreenFor(ctx.app, ks, 'AB12345'));
  tryg = await insurerDebitor(ctx.app, ks, 'Tryg');
});
afterAll(() => ctx.close());

async function book(): Promise<TOrder> {
  const found = await findSlot(ctx.app, ks, aarhus.id, 'windowReplaceSlots', undefined, slotNo++);
  const body = orderBody({ department: aarhus, found, car, debitor: tryg, items: [{ itemNo: windscreen.itemNo }] });
  return (await ctx.app.inject({ method: 'POST', url: '/api/order/order', headers: { cookie: ks }, payload: body })).json();
}

async function journal(orderId: string, cookie = ks): Promise<TJournalEntry[]> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/taskjournal/${orderId}`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function log(body: object, cookie = ks) {
  return ctx.app.inject({ method: 'POST', url: '/api/log/log', headers: { cookie }, payload: body });
}

describe('task journal', () => {
  it('shows the creation, then every change newest first with who, when and the changed fields', async () => {
    const order = await book();
    const first = await journal(order.additionalData.orderId);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ by: 'KS', byName: 'Karina Sørensen', text: 'Ordre oprettet', changes: [] });
    expect(first[0]!.date).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);

    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/order/order',
      headers: { cookie: op },
      payload: { ...order, additionalData: { ...order.additionalData, rekvNr: 'SK-777', externalOrderComment: 'Parkeret i gården' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const cancelled = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/order/order',
      headers: { cookie: ks },
      payload: { orderId: order.additionalData.orderId },
    });
    expect(cancelled.statusCode).toBe(200);

    const entries = await journal(order.additionalData.orderId, op);
    expect(entries.map((e) => `${e.by}: ${e.text}`)).toEqual(['KS: Ordre annulleret', 'OP: Ordre gemt', 'KS: Ordre oprettet']);
    expect(entries[0]!.changes).toEqual([{ field: 'additionalData.orderStatus', label: 'Status', from: 'Afventer', to: 'Annulleret' }]);
    expect(entries[1]!.changes).toEqual([
      { field: 'additionalData.rekvNr', label: 'Rekv. nr.', from: null, to: 'SK-777' },
      { field: 'additionalData.externalOrderComment', label: 'Ekstern kommentar', from: null, to: 'Parkeret i gården' },
    ]);
  });

  it('records an order made from another as its creation, and notes it on the original', async () => {
    const original = await book();
    const sale = (
      await ctx.app.inject({ method: 'GET', url: `/api/MoreSaleOrder/create/${original.additionalData.orderId}`, headers: { cookie: ks } })
    ).json() as TOrder;
    const entries = await journal(sale.additionalData.orderId);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.text).toBe(`Mersalg oprettet på ordre ${original.additionalData.orderNr}`);
    expect(entries[0]!.changes).toContainEqual({ field: 'additionalData.orderType', label: 'Ordretype', from: null, to: 'Mersalg' });
    const onOriginal = await journal(original.additionalData.orderId);
    expect(onOriginal[0]!.text).toBe(`Mersalg ${sale.additionalData.orderNr} oprettet`);
  });

  it('answers 404 for an unknown order', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/taskjournal/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
      headers: { cookie: ks },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('log entries', () => {
  it("requires a reason from the type's list and a comment with 'Andet' (422)", async () => {
    const none = await log({ logType: 'MOVED', logReason: '' });
    expect(none.statusCode).toBe(422);
    expect(none.json()).toMatchObject({ message: 'Du skal vælge en årsag', errors: { logReason: ['Du skal vælge en årsag'] } });
    // A reason sent as null is none too: the dialog's message, not a schema's 'Feltet er påkrævet'.
    const nulled = await log({ logType: 'MOVED', logReason: null, logComment: null });
    expect(nulled.json()).toMatchObject({ message: 'Du skal vælge en årsag', errors: { logReason: ['Du skal vælge en årsag'] } });
    const other = await log({ logType: 'CANCELLED', logReason: 'Andet', logComment: '' });
    expect(other.json()).toMatchObject({ status: 422, errors: { logComment: ['Når du vælger andet skal du tilknytte en kommentar'] } });
    const unknown = await log({ logType: 'CANCELLED', logReason: 'Findes ikke' });
    expect(unknown.json().errors).toEqual({ logReason: ['Årsagen findes ikke på listen'] });
    const badType = await log({ logType: 'NOPE', logReason: 'Andet' });
    expect(badType.statusCode).toBe(400);
  });

  it('saves an entry stamped with the signed-in user and the time, and notes it in the order history', async () => {
    const order = await book();
    const response = await log({
      logType: 'WINDOWREPLACEMOVED',
      logReason: 'Rude ikke leveret',
      logComment: 'Leverandøren leverer i morgen',
      logUser: 'SOMEONE ELSE',
      jobType: 'REPLACE_FRONT',
      navLocationCode: 'ARH',
      orderNo: order.additionalData.orderNr,
      orgDate: '02/03-2026',
      orgTime: '08:00',
      regNr: 'AB12345',
    });
    expect(response.statusCode, response.body).toBe(200);
    const entry = response.json() as TLogEntry;
    expect(entry).toMatchObject({
      logUser: 'KS',
      logType: 'WINDOWREPLACEMOVED',
      logReason: 'Rude ikke leveret',
      orderNo: order.additionalData.orderNr,
      orgTime: '08:00',
    });
    expect(entry.id).toBeTruthy();
    expect(entry.logDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    const [stored] = await ctx.database.db.select().from(orderLogs).where(eq(orderLogs.id, entry.id!));
    expect(stored!.orderId).toBe(order.additionalData.orderId);
    const entries = await journal(order.additionalData.orderId);
    expect(entries[0]!.text).toBe('Log (Rudeskift flyttet): Rude ikke leveret – Leverandøren leverer i morgen');
  });
});

describe('reason lists', () => {
  it('has a list for every log type, each ending with Andet, and nine internal and twenty customer complaint reasons', async () => {
    for (const type of ['MOVED', 'STONECHIPMOVED', 'WINDOWREPLACEMOVED', 'CANCELLED', 'MAINITEMCHANGED', 'SALE']) {
      const reasons = (
        await ctx.app.inject({ method: 'GET', url: `/api/log/reasons/${type}`, headers: { cookie: op } })
      ).json() as TReason[];
      expect(reasons.length, type).toBeGreaterThan(3);
      expect(reasons.at(-1)!.text, type).toBe('Andet');
    }
    const complaint = (
      await ctx.app.inject({ method: 'GET', url: '/api/complaint/reasons', headers: { cookie: ks } })
    ).json() as TComplaintReasons;
    expect(complaint.internal).toHaveLength(9);
    expect(complaint.customer).toHaveLength(20);
    expect(complaint.customer.map((r) => r.text)).toContain('Vindstøj');
  });

  it('lets an administrator replace a list, keeping the ids of reasons that stay; nobody else', async () => {
    const before = (await ctx.app.inject({ method: 'GET', url: '/api/log/reasons/SALE', headers: { cookie: adm } })).json() as TReason[];
    const refused = await ctx.app.inject({
      method: 'PUT',
      url: '/api/log/reasons/SALE',
      headers: { cookie: ks },
      payload: [{ text: 'Viskerblade' }],
    });
    expect(refused.statusCode).toBe(403);
    const empty = await ctx.app.inject({ method: 'PUT', url: '/api/log/reasons/SALE', headers: { cookie: adm }, payload: [] });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('Listen skal have mindst én årsag');

    const replaced = await ctx.app.inject({
      method: 'PUT',
      url: '/api/log/reasons/SALE',
      headers: { cookie: adm },
      payload: [{ text: ' Sommerdæk ' }, { text: 'Viskerblade' }, { text: 'Andet' }],
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const after = replaced.json() as TReason[];
    expect(after.map((r) => r.text)).toEqual(['Sommerdæk', 'Viskerblade', 'Andet']);
    expect(after[1]!.id).toBe(before.find((r) => r.text === 'Viskerblade')!.id);

    const complaint = await ctx.app.inject({
      method: 'PUT',
      url: '/api/complaint/reasons',
      headers: { cookie: adm },
      payload: {
        internal: [{ text: 'Lagerfejl' }, { text: 'Andet' }],
        customer: [{ text: 'Vindstøj' }, { text: 'Vindstøj' }, { text: 'Andet' }],
      },
    });
    expect(complaint.statusCode).toBe(422);
    expect(complaint.json().errors).toEqual({ customer: ['Den samme årsag står flere gange'] });
  });

  it("keeps 'Andet' last in every list, with at least one reason besides it (the log dialog's free-text choice)", async () => {
    const before = (await ctx.app.inject({ method: 'GET', url: '/api/log/reasons/MOVED', headers: { cookie: adm } })).json() as TReason[];
    const put = (payload: Array<{ text: string }>) =>
      ctx.app.inject({ method: 'PUT', url: '/api/log/reasons/MOVED', headers: { cookie: adm }, payload });

    const withoutOther = await put([{ text: 'Montør syg' }]);
    expect(withoutOther.statusCode).toBe(422);
    expect(withoutOther.json().message).toBe("Listen skal slutte med 'Andet'");
    const otherFirst = await put([{ text: 'Andet' }, { text: 'Montør syg' }]);
    expect(otherFirst.statusCode).toBe(422);
    expect(otherFirst.json().message).toBe("Listen skal slutte med 'Andet'");
    const onlyOther = await put([{ text: 'Andet' }]);
    expect(onlyOther.statusCode).toBe(422);
    expect(onlyOther.json().message).toBe('Listen skal have mindst én årsag');

    const complaint = await ctx.app.inject({
      method: 'PUT',
      url: '/api/complaint/reasons',
      headers: { cookie: adm },
      payload: { internal: [{ text: 'Lagerfejl' }, { text: 'Andet' }], customer: [{ text: 'Vindstøj' }] },
    });
    expect(complaint.statusCode).toBe(422);
    expect(complaint.json().errors).toEqual({ customer: ["Listen skal slutte med 'Andet'"] });

    // Nothing was changed by the refused calls.
    const after = (await ctx.app.inject({ method: 'GET', url: '/api/log/reasons/MOVED', headers: { cookie: adm } })).json() as TReason[];
    expect(after).toEqual(before);
  });
});

describe('demo data', () => {
  it('has log entries and history on demo orders', async () => {
    const logs = await ctx.database.db.select().from(orderLogs);
    expect(logs.length).toBeGreaterThan(5);
    expect(new Set(logs.map((l) => l.logType)).size).toBeGreaterThan(2);
    const entries = await ctx.database.db.select().from(orderJournal);
    expect(entries.length).toBeGreaterThan(20);
    const [withJournal] = await ctx.database.db.select({ id: orders.id }).from(orders).where(eq(orders.id, entries[0]!.orderId));
    expect((await journal(withJournal!.id)).length).toBeGreaterThan(1);
  });
});
