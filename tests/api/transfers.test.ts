import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDepartment } from '@/domain/departments/department.schemas';
import { TRANSFER_MESSAGES, type TTransferLine } from '@/domain/transfers/transfer.schemas';
import { outbox, products, stock, stockBins, stockMovements } from '@/server/db/schema';
import { departmentByCode } from '../helpers/orders';
import { createTestApp, login, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let lag: string;
let op: string;
let aarhus: TDepartment;

beforeAll(async () => {
  ctx = await createTestApp();
  [lag, op] = (await Promise.all(['LAG', 'OP'].map((i) => login(ctx.app, i)))) as [string, string];
  aarhus = await departmentByCode(ctx.app, lag, 'ARH');
});
afterAll(() => ctx.close());

/** A product with stock in a bin of the warehouse, and a bin at Aarhus. */
async function stocked(min = 5) {
  const [row] = await ctx.database.db
    .select({ productId: stock.productId, bin: stock.binCode, amount: stock.amount, no: products.no })
    .from(stock)
    .innerJoin(products, eq(products.id, stock.productId))
    .where(and(eq(stock.locationCode, 'NØR-LAGER'), sql`${stock.amount} >= ${min}`))
    .limit(1);
  const [aarhusBin] = await ctx.database.db.select({ code: stockBins.code }).from(stockBins).where(eq(stockBins.locationCode, 'ARH')).limit(1);
  return { ...row!, aarhusBin: aarhusBin!.code };
}

async function amountIn(productId: string, location: string, bin: string): Promise<number> {
  const [row] = await ctx.database.db
    .select({ amount: stock.amount })
    .from(stock)
    .where(and(eq(stock.productId, productId), eq(stock.locationCode, location), eq(stock.binCode, bin)));
  return row?.amount ?? 0;
}

async function ledgerSum(productId: string, location: string, bin: string): Promise<number> {
  const [row] = await ctx.database.db
    .select({ n: sql<number>`coalesce(sum(${stockMovements.quantity}), 0)::int` })
    .from(stockMovements)
    .where(and(eq(stockMovements.productId, productId), eq(stockMovements.locationCode, location), eq(stockMovements.binCode, bin)));
  return row!.n;
}

function create(lines: object[], cookie = lag) {
  return ctx.app.inject({ method: 'POST', url: '/api/transfer/transfer', headers: { cookie }, payload: lines });
}

function confirm(line: Pick<TTransferLine, 'order_No' | 'line_No'>, quantity: number, bin: string, where: string, cookie = lag) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/transfer/transfer/${line.order_No}/${line.line_No}/${quantity}/${encodeURIComponent(bin)}?${where}`,
    headers: { cookie },
  });
}

describe('a transfer from a warehouse to a workshop', () => {
  it('is created, shipped from a bin into transit and received into a bin, the ledger adding up', async () => {
    const item = await stocked();
    const created = await create([{ transfer_from_Code: 'NØR-LAGER', transfer_To_Code: 'ARH', item_No: item.no, qty_in_Transit: 3 }]);
    expect(created.statusCode, created.body).toBe(200);
    const [line] = created.json() as TTransferLine[];
    expect(line).toMatchObject({ transfer_from_Code: 'NØR-LAGER', transfer_To_Code: 'ARH', qty_in_Transit: 3, qty_Shipped: 0, is_Receipt: false, in_DB: false });
    expect(line!.order_No).toMatch(/^OF\d{6}$/);

    // Aarhus sees it as a line to receive, with nothing shipped yet to receive.
    const atAarhus = (await ctx.app.inject({ method: 'GET', url: `/api/transfer/transfers?departmentGuid=${aarhus.id}`, headers: { cookie: op } })).json() as TTransferLine[];
    expect(atAarhus.find((l) => l.order_No === line!.order_No)).toMatchObject({ is_Receipt: true, qty_Received: 0 });
    const early = await confirm(line!, 1, item.aarhusBin, `departmentGuid=${aarhus.id}`, op);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(TRANSFER_MESSAGES.alreadyReceived);

    const shipped = await confirm(line!, 3, item.bin, 'location=NØR-LAGER');
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toMatchObject({ qty_Shipped: 3, in_DB: true });
    expect(await amountIn(item.productId, 'NØR-LAGER', item.bin)).toBe(item.amount - 3);
    expect(await amountIn(item.productId, 'TRANSIT', `${line!.order_No}/${line!.line_No}`)).toBe(3);

    const twice = await confirm(line!, 1, item.bin, 'location=NØR-LAGER');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(TRANSFER_MESSAGES.alreadyShipped);

    const before = await amountIn(item.productId, 'ARH', item.aarhusBin);
    const received = await confirm(line!, 3, item.aarhusBin, `departmentGuid=${aarhus.id}`, op);
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json()).toMatchObject({ is_Receipt: true, qty_Received: 3, in_DB: true });
    expect(received.json().receipt_Date).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(await amountIn(item.productId, 'ARH', item.aarhusBin)).toBe(before + 3);
    expect(await amountIn(item.productId, 'TRANSIT', `${line!.order_No}/${line!.line_No}`)).toBe(0);
    for (const [location, bin] of [['NØR-LAGER', item.bin], ['ARH', item.aarhusBin]] as const) {
      expect(await ledgerSum(item.productId, location, bin)).toBe(await amountIn(item.productId, location, bin));
    }
    const exports = await ctx.database.db.select().from(outbox).where(eq(outbox.kind, 'TRANSFER_EXPORT'));
    expect(exports.filter((m) => JSON.parse(m.body).Order_No === line!.order_No).map((m) => JSON.parse(m.body).Type)).toEqual(['Shipment', 'Receipt']);
  });

  it('refuses to ship more than the bin holds, an unknown bin, and does nothing for quantity 0', async () => {
    const item = await stocked(1);
    const [line] = (await create([{ transfer_from_Code: 'NØR-LAGER', transfer_To_Code: 'ARH', item_No: item.no, qty_in_Transit: item.amount + 1 }])).json() as TTransferLine[];
    const tooMuch = await confirm(line!, item.amount + 1, item.bin, 'location=NØR-LAGER');
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toBe(TRANSFER_MESSAGES.notEnoughInBin(item.bin));
    expect(await amountIn(item.productId, 'NØR-LAGER', item.bin)).toBe(item.amount);
    const badBin = await confirm(line!, 1, 'FINDES-IKKE', 'location=NØR-LAGER');
    expect(badBin.statusCode).toBe(400);
    const nothing = await confirm(line!, 0, item.bin, 'location=NØR-LAGER');
    expect(nothing.statusCode).toBe(200);
    expect(nothing.json().qty_Shipped).toBe(0);
  });

  it('moves exactly what is in transit when fifty confirmations race on ten lines', async () => {
    const item = await stocked(20);
    const lines = (await create(Array.from({ length: 10 }, () => ({ transfer_from_Code: 'NØR-LAGER', transfer_To_Code: 'ARH', item_No: item.no, qty_in_Transit: 2 })))).json() as TTransferLine[];
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => confirm(lines[i % 10]!, 2, item.bin, 'location=NØR-LAGER')));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(10);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
    expect(await amountIn(item.productId, 'NØR-LAGER', item.bin)).toBe(item.amount - 20);
    expect(await ledgerSum(item.productId, 'NØR-LAGER', item.bin)).toBe(item.amount - 20);
  });

  it('refuses a transfer within one place, to an unknown place or of an unknown item; other roles get 403', async () => {
    const item = await stocked(1);
    expect((await create([{ transfer_from_Code: 'ARH', transfer_To_Code: 'ARH', item_No: item.no, qty_in_Transit: 1 }])).statusCode).toBe(400);
    expect((await create([{ transfer_from_Code: 'ARH', transfer_To_Code: 'MÅNEN', item_No: item.no, qty_in_Transit: 1 }])).statusCode).toBe(400);
    expect((await create([{ transfer_from_Code: 'NØR-LAGER', transfer_To_Code: 'ARH', item_No: 'FINDES-IKKE', qty_in_Transit: 1 }])).statusCode).toBe(400);
    expect((await create([{ transfer_from_Code: 'NØR-LAGER', transfer_To_Code: 'ARH', item_No: item.no, qty_in_Transit: 0 }])).statusCode).toBe(400);
    expect((await create([])).statusCode).toBe(400);
    const ks = await login(ctx.app, 'KS');
    expect((await create([{ transfer_from_Code: 'NØR-LAGER', transfer_To_Code: 'ARH', item_No: item.no, qty_in_Transit: 1 }], ks)).statusCode).toBe(403);
  });

  it('lists bins, and nothing for a zero-GUID department; filters by date and order number', async () => {
    const bins = (await ctx.app.inject({ method: 'GET', url: `/api/transfer/binlist/${aarhus.id}`, headers: { cookie: lag } })).json() as Array<{ Code: string }>;
    expect(bins.length).toBeGreaterThan(0);
    const none = await ctx.app.inject({ method: 'GET', url: '/api/transfer/transfers?departmentGuid=00000000-0000-0000-0000-000000000000', headers: { cookie: lag } });
    expect(none.json()).toEqual([]);
    const item = await stocked(1);
    const [line] = (await create([{ transfer_from_Code: 'NØR-LAGER', transfer_To_Code: 'ARH', item_No: item.no, qty_in_Transit: 1 }])).json() as TTransferLine[];
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Copenhagen' });
    const us = `${today.slice(5, 7)}-${today.slice(8, 10)}-${today.slice(0, 4)}`;
    const found = (await ctx.app.inject({ method: 'GET', url: `/api/transfer/transfers?departmentGuid=${aarhus.id}&from_date=${us}&to_date=${us}&order_nr=${line!.order_No}`, headers: { cookie: lag } })).json() as TTransferLine[];
    expect(found.map((l) => l.order_No)).toEqual([line!.order_No]);
    const past = (await ctx.app.inject({ method: 'GET', url: `/api/transfer/transfers?departmentGuid=${aarhus.id}&from_date=01-01-2020&to_date=01-31-2020`, headers: { cookie: lag } })).json() as TTransferLine[];
    expect(past).toEqual([]);
  });
});

describe('the demo transfers', () => {
  it('leave Aarhus lines to receive (shipped), to receive (not yet shipped) and to send', async () => {
    const lines = (await ctx.app.inject({ method: 'GET', url: `/api/transfer/transfers?departmentGuid=${aarhus.id}&order_nr=OF`, headers: { cookie: op } })).json() as TTransferLine[];
    const demo = lines.filter((l) => l.receipt_Date === null || l.in_DB);
    expect(demo.some((l) => l.is_Receipt && l.qty_Shipped > 0 && l.qty_Received === 0)).toBe(true);
    expect(demo.some((l) => l.is_Receipt && l.qty_Shipped === 0)).toBe(true);
    expect(demo.some((l) => !l.is_Receipt && l.qty_Shipped === 0)).toBe(true);
  });
});

describe('order consumption', () => {
  it("takes a finished job's goods from its department's bins, never below zero", async () => {
    const [row] = await ctx.database.db
      .select({ productId: stock.productId, bin: stock.binCode, amount: stock.amount, no: products.no })
      .from(stock)
      .innerJoin(products, eq(products.id, stock.productId))
      .where(and(eq(stock.locationCode, 'ARH'), sql`${stock.amount} >= 1`, sql`${products.no} like 'F%'`))
      .limit(1);
    const ks = await login(ctx.app, 'KS');
    const { findSlot, insurerDebitor, orderBody, windscreenFor } = await import('../helpers/orders');
    const { car } = await windscreenFor(ctx.app, ks, 'AB12345');
    const tryg = await insurerDebitor(ctx.app, ks, 'Tryg');
    const found = await findSlot(ctx.app, ks, aarhus.id, 'windowReplaceSlots', undefined, 7);
    const booked = await ctx.app.inject({
      method: 'POST',
      url: '/api/order/order',
      headers: { cookie: ks },
      payload: orderBody({ department: aarhus, found, car, debitor: { ...tryg, no: aarhus.debitorId }, items: [{ itemNo: row!.no, amount: 1 }], overrides: { additionalData: { whoIsPaying: 'CASH' } } }),
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const order = booked.json();
    const opUser = (await ctx.app.inject({ method: 'GET', url: '/api/user/userinfo', headers: { cookie: op } })).json() as { id: string };
    const finished = await ctx.app.inject({
      method: 'PUT',
      url: '/api/order/order',
      headers: { cookie: op },
      payload: { ...order, additionalData: { ...order.additionalData, orderStatus: 'FINISHED', worker: opUser.id, windowManufacturer: 'AGC' } },
    });
    expect(finished.statusCode, finished.body).toBe(200);
    expect(await amountIn(row!.productId, 'ARH', row!.bin)).toBe(row!.amount - 1);
    expect(await ledgerSum(row!.productId, 'ARH', row!.bin)).toBe(row!.amount - 1);
    const journal = (await ctx.app.inject({ method: 'GET', url: `/api/taskjournal/${order.additionalData.orderId}`, headers: { cookie: op } })).json() as Array<{ text: string }>;
    expect(journal.some((e) => e.text === `Taget fra lageret: 1 af 1 stk ${row!.no}`)).toBe(true);
  });
});
