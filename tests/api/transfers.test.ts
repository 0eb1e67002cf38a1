import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDepartment } from '@/domain/departments';
import { TRANSFER_MESSAGES, type TStockCorrectionResult, type TTransferLine } from '@/domain/transfers';
import { outbox, products, stock, stockBins, stockMovements } from '@/server/db/schema';
import { localEmailTransport } from '@/server/integrations/email/email-transport';
import type { ErpMessage } from '@/server/integrations/erp/erp-export';
import { OutboxWorker } from '@/server/integrations/outbox/outbox.worker';
import { localSmsGateway } from '@/server/integrations/sms/sms-gateway';
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
  const [aarhusBin] = await ctx.database.db
    .select({ code: stockBins.code })
    .from(stockBins)
    .where(eq(stockBins.locationCode, 'ARH'))
    .limit(1);
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

/** Runs the outbox worker once with an ERP adapter that records what it is handed: what reaches the ERP. */
async function deliverOutbox(): Promise<ErpMessage[]> {
  const exported: ErpMessage[] = [];
  const worker = new OutboxWorker({
    db: ctx.database.db,
    databaseUrl: ctx.url,
    email: localEmailTransport,
    sms: localSmsGateway,
    erp: { name: 'capture', send: async (message) => (exported.push(message), 'SENT') },
    pollMs: 60_000,
    log: ctx.app.log,
  });
  await worker.deliverDue();
  return exported;
}

async function lineAt(line: Pick<TTransferLine, 'order_No' | 'line_No'>, where: string, cookie = lag): Promise<TTransferLine> {
  const list = (
    await ctx.app.inject({ method: 'GET', url: `/api/transfer/transfers?${where}&order_nr=${line.order_No}`, headers: { cookie } })
  ).json() as TTransferLine[];
  return list.find((l) => l.order_No === line.order_No && l.line_No === line.line_No)!;
}

describe('a transfer from a warehouse to a workshop', () => {
  it('is created, shipped from a bin into transit and received into a bin, the ledger adding up', async () => {
    const item = await stocked();
    const created = await create([{ transfer_from_Code: 'NØR-LAGER', transfer_To_Code: 'ARH', item_No: item.no, qty_in_Transit: 3 }]);
    expect(created.statusCode, created.body).toBe(200);
    const [line] = created.json() as TTransferLine[];
    expect(line).toMatchObject({
      transfer_from_Code: 'NØR-LAGER',
      transfer_To_Code: 'ARH',
      qty_in_Transit: 3,
      qty_Shipped: 0,
      is_Receipt: false,
      in_DB: false,
    });
    expect(line!.order_No).toMatch(/^OF\d{6}$/);

    // Aarhus sees it as a line to receive, with nothing shipped yet to receive.
    const atAarhus = (
      await ctx.app.inject({ method: 'GET', url: `/api/transfer/transfers?departmentGuid=${aarhus.id}`, headers: { cookie: op } })
    ).json() as TTransferLine[];
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
    for (const [location, bin] of [
      ['NØR-LAGER', item.bin],
      ['ARH', item.aarhusBin],
    ] as const) {
      expect(await ledgerSum(item.productId, location, bin)).toBe(await amountIn(item.productId, location, bin));
    }
    const exports = await ctx.database.db.select().from(outbox).where(eq(outbox.kind, 'TRANSFER_EXPORT'));
    expect(exports.filter((m) => JSON.parse(m.body).Order_No === line!.order_No).map((m) => JSON.parse(m.body).Type)).toEqual([
      'Shipment',
      'Receipt',
    ]);
  });

  it('refuses to ship more than the bin holds, an unknown bin, and does nothing for quantity 0', async () => {
    const item = await stocked(1);
    const [line] = (
      await create([{ transfer_from_Code: 'NØR-LAGER', transfer_To_Code: 'ARH', item_No: item.no, qty_in_Transit: item.amount + 1 }])
    ).json() as TTransferLine[];
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
    const lines = (
      await create(
        Array.from({ length: 10 }, () => ({
          transfer_from_Code: 'NØR-LAGER',
          transfer_To_Code: 'ARH',
          item_No: item.no,
          qty_in_Transit: 2,
        })),
      )
    ).json() as TTransferLine[];
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => confirm(lines[i % 10]!, 2, item.bin, 'location=NØR-LAGER')));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(10);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
    expect(await amountIn(item.productId, 'NØR-LAGER', item.bin)).toBe(item.amount - 20);
    expect(await ledgerSum(item.productId, 'NØR-LAGER', item.bin)).toBe(item.amount - 20);
  });

  it('flags a confirmed line for the ERP (nav_Need_Update) until the outbox has delivered its export', async () => {
    const item = await stocked(2);
    const [line] = (
      await create([{ transfer_from_Code: 'NØR-LAGER', transfer_To_Code: 'ARH', item_No: item.no, qty_in_Transit: 2 }])
    ).json() as TTransferLine[];
    expect(line!.nav_Need_Update).toBe(false);

    const shipped = await confirm(line!, 2, item.bin, 'location=NØR-LAGER');
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json()).toMatchObject({ nav_Need_Update: true });
    expect(await lineAt(line!, `departmentGuid=${aarhus.id}`)).toMatchObject({ is_Receipt: true, nav_Need_Update: true });

    const exported = await deliverOutbox();
    const export_ = exported.filter((m) => JSON.parse(m.json).Order_No === line!.order_No);
    expect(export_.map((m) => JSON.parse(m.json))).toEqual([
      expect.objectContaining({ Line_No: line!.line_No, Type: 'Shipment', Quantity: 2, Bin_Code: item.bin }),
    ]);
    expect(await lineAt(line!, 'location=NØR-LAGER')).toMatchObject({ nav_Need_Update: false, in_DB: true });
    expect(await lineAt(line!, `departmentGuid=${aarhus.id}`)).toMatchObject({ nav_Need_Update: false });

    // The receipt flags it again, until its own export is delivered.
    const received = await confirm(line!, 2, item.aarhusBin, `departmentGuid=${aarhus.id}`, op);
    expect(received.json()).toMatchObject({ nav_Need_Update: true });
    expect(
      (await deliverOutbox()).filter((m) => JSON.parse(m.json).Order_No === line!.order_No).map((m) => JSON.parse(m.json).Type),
    ).toEqual(['Receipt']);
    expect(await lineAt(line!, `departmentGuid=${aarhus.id}`, op)).toMatchObject({ nav_Need_Update: false, qty_Received: 2 });
  });

  it('receives exactly what was shipped when several confirmations race on one line; the rest are 409', async () => {
    const item = await stocked(4);
    const [line, whole] = (
      await create([
        { transfer_from_Code: 'NØR-LAGER', transfer_To_Code: 'ARH', item_No: item.no, qty_in_Transit: 5 },
        { transfer_from_Code: 'NØR-LAGER', transfer_To_Code: 'ARH', item_No: item.no, qty_in_Transit: 1 },
      ])
    ).json() as TTransferLine[];
    expect((await confirm(line!, 3, item.bin, 'location=NØR-LAGER')).statusCode).toBe(200);
    expect((await confirm(whole!, 1, item.bin, 'location=NØR-LAGER')).statusCode).toBe(200);
    const before = await amountIn(item.productId, 'ARH', item.aarhusBin);

    // Eight receipts of 1 on a line with 3 shipped (of 5), and five receipts of the whole on a line with 1 shipped.
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => confirm(line!, 1, item.aarhusBin, `departmentGuid=${aarhus.id}`, op)),
      ...Array.from({ length: 5 }, () => confirm(whole!, 1, item.aarhusBin, `departmentGuid=${aarhus.id}`, op)),
    ]);
    const [parts, wholes] = [answers.slice(0, 8), answers.slice(8)];
    expect(parts.filter((a) => a.statusCode === 200)).toHaveLength(3);
    expect(wholes.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused).toHaveLength(9);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json().message).toBe(TRANSFER_MESSAGES.alreadyReceived);
    }

    expect(await amountIn(item.productId, 'ARH', item.aarhusBin)).toBe(before + 4);
    expect(await ledgerSum(item.productId, 'ARH', item.aarhusBin)).toBe(before + 4);
    for (const l of [line!, whole!]) expect(await amountIn(item.productId, 'TRANSIT', `${l.order_No}/${l.line_No}`)).toBe(0);
    expect(await lineAt(line!, `departmentGuid=${aarhus.id}`, op)).toMatchObject({ qty_Shipped: 3, qty_Received: 3 });
    expect(await lineAt(whole!, `departmentGuid=${aarhus.id}`, op)).toMatchObject({ qty_Shipped: 1, qty_Received: 1 });
    const receipts = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(stockMovements)
      .where(
        and(
          eq(stockMovements.kind, 'RECEIVE'),
          eq(stockMovements.locationCode, 'ARH'),
          sql`${stockMovements.transferLineId} in (select id from transfer_lines where order_no = ${line!.order_No})`,
        ),
      );
    expect(receipts[0]!.n).toBe(4);
  });

  it('refuses a transfer within one place, to an unknown place or of an unknown item; other roles get 403', async () => {
    const item = await stocked(1);
    expect((await create([{ transfer_from_Code: 'ARH', transfer_To_Code: 'ARH', item_No: item.no, qty_in_Transit: 1 }])).statusCode).toBe(
      400,
    );
    expect((await create([{ transfer_from_Code: 'ARH', transfer_To_Code: 'MÅNEN', item_No: item.no, qty_in_Transit: 1 }])).statusCode).toBe(
      400,
    );
    expect(
      (await create([{ transfer_from_Code: 'NØR-LAGER', transfer_To_Code: 'ARH', item_No: 'FINDES-IKKE', qty_in_Transit: 1 }])).statusCode,
    ).toBe(400);
    expect(
      (await create([{ transfer_from_Code: 'NØR-LAGER', transfer_To_Code: 'ARH', item_No: item.no, qty_in_Transit: 0 }])).statusCode,
    ).toBe(400);
    expect((await create([])).statusCode).toBe(400);
    const ks = await login(ctx.app, 'KS');
    expect(
      (await create([{ transfer_from_Code: 'NØR-LAGER', transfer_To_Code: 'ARH', item_No: item.no, qty_in_Transit: 1 }], ks)).statusCode,
    ).toBe(403);
  });

  it('lists bins, and nothing for a zero-GUID department; filters by date and order number', async () => {
    const bins = (
      await ctx.app.inject({ method: 'GET', url: `/api/transfer/binlist/${aarhus.id}`, headers: { cookie: lag } })
    ).json() as Array<{ Code: string }>;
    expect(bins.length).toBeGreaterThan(0);
    const none = await ctx.app.inject({
      method: 'GET',
      url: '/api/transfer/transfers?departmentGuid=00000000-0000-0000-0000-000000000000',
      headers: { cookie: lag },
    });
    expect(none.json()).toEqual([]);
    const item = await stocked(1);
    const [line] = (
      await create([{ transfer_from_Code: 'NØR-LAGER', transfer_To_Code: 'ARH', item_No: item.no, qty_in_Transit: 1 }])
    ).json() as TTransferLine[];
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Copenhagen' });
    const us = `${today.slice(5, 7)}-${today.slice(8, 10)}-${today.slice(0, 4)}`;
    const found = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/transfer/transfers?departmentGuid=${aarhus.id}&from_date=${us}&to_date=${us}&order_nr=${line!.order_No}`,
        headers: { cookie: lag },
      })
    ).json() as TTransferLine[];
    expect(found.map((l) => l.order_No)).toEqual([line!.order_No]);
    const past = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/transfer/transfers?departmentGuid=${aarhus.id}&from_date=01-01-2020&to_date=01-31-2020`,
        headers: { cookie: lag },
      })
    ).json() as TTransferLine[];
    expect(past).toEqual([]);
  });
});

describe('stock corrections', () => {
  function correct(body: object, cookie = lag) {
    return ctx.app.inject({ method: 'POST', url: '/api/transfer/correction', headers: { cookie }, payload: body });
  }

  it("records a count's difference in a bin as a CORRECTION movement, never below zero, with its ERP export", async () => {
    const item = await stocked(1);
    const at = { location: 'NØR-LAGER', bin: item.bin, item_No: item.no };

    const up = await correct({ ...at, quantity: 2 });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json() as TStockCorrectionResult).toEqual({ ...at, amount: item.amount + 2 });
    // What the correction dialog counts against: the item's amount on each bin of the place.
    const bins = await ctx.app.inject({
      method: 'GET',
      url: `/api/transfer/binlist/${encodeURIComponent('NØR-LAGER')}?item=${encodeURIComponent(item.no)}`,
      headers: { cookie: lag },
    });
    const listed = bins.json() as Array<{ Code: string; Amount: number }>;
    expect(listed.find((b) => b.Code === item.bin)).toEqual({ Code: item.bin, Amount: item.amount + 2 });
    expect(listed.every((b) => b.Code === item.bin || Number.isInteger(b.Amount))).toBe(true);
    const plain = await ctx.app.inject({
      method: 'GET',
      url: `/api/transfer/binlist/${encodeURIComponent('NØR-LAGER')}`,
      headers: { cookie: lag },
    });
    expect((plain.json() as Array<Record<string, unknown>>).map((b) => Object.keys(b))).toEqual(listed.map(() => ['Code']));
    const down = await correct({ ...at, quantity: -(item.amount + 2) });
    expect(down.statusCode, down.body).toBe(200);
    expect(down.json()).toMatchObject({ amount: 0 });

    const below = await correct({ ...at, quantity: -1 });
    expect(below.statusCode).toBe(409);
    expect(below.json().message).toBe(TRANSFER_MESSAGES.notEnoughInBin(item.bin));
    expect(await amountIn(item.productId, 'NØR-LAGER', item.bin)).toBe(0);
    expect(await ledgerSum(item.productId, 'NØR-LAGER', item.bin)).toBe(0);

    const rows = await ctx.database.db
      .select({ quantity: stockMovements.quantity, createdBy: stockMovements.createdBy })
      .from(stockMovements)
      .where(
        and(
          eq(stockMovements.kind, 'CORRECTION'),
          eq(stockMovements.productId, item.productId),
          eq(stockMovements.locationCode, 'NØR-LAGER'),
          eq(stockMovements.binCode, item.bin),
        ),
      );
    expect(rows).toEqual([
      { quantity: 2, createdBy: 'LAG' },
      { quantity: -(item.amount + 2), createdBy: 'LAG' },
    ]);
    const exports = (await ctx.database.db.select().from(outbox).where(eq(outbox.kind, 'STOCK_CORRECTION_EXPORT'))).map((m) =>
      JSON.parse(m.body),
    );
    expect(
      exports.filter((e) => e.Item_No === item.no && e.Location_Code === 'NØR-LAGER' && e.Bin_Code === item.bin).map((e) => e.Quantity),
    ).toEqual([2, -(item.amount + 2)]);
  });

  it('refuses 0, an unknown place, bin or item and transit, with Danish messages; only Adminstrator and Stock may correct', async () => {
    const item = await stocked(1);
    const at = { location: 'NØR-LAGER', bin: item.bin, item_No: item.no, quantity: 1 };
    const refusals: Array<[object, string, string]> = [
      [{ ...at, quantity: 0 }, 'quantity', TRANSFER_MESSAGES.zeroCorrection],
      [{ ...at, location: 'MÅNEN' }, 'location', TRANSFER_MESSAGES.unknownLocation],
      [{ ...at, location: 'TRANSIT' }, 'location', TRANSFER_MESSAGES.unknownLocation],
      [{ ...at, bin: 'FINDES-IKKE' }, 'bin', TRANSFER_MESSAGES.unknownBin],
      [{ ...at, item_No: 'FINDES-IKKE' }, 'item_No', TRANSFER_MESSAGES.unknownItem('FINDES-IKKE')],
    ];
    for (const [body, field, message] of refusals) {
      const refused = await correct(body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().errors[field], JSON.stringify(body)).toEqual([message]);
    }
    const ks = await login(ctx.app, 'KS');
    for (const cookie of [op, ks]) expect((await correct(at, cookie)).statusCode).toBe(403);
    const admin = await login(ctx.app, 'ADM');
    expect((await correct(at, admin)).statusCode).toBe(200);
    expect(await amountIn(item.productId, 'NØR-LAGER', item.bin)).toBe(item.amount + 1);
    expect(await ledgerSum(item.productId, 'NØR-LAGER', item.bin)).toBe(item.amount + 1);
  });
});

describe('the demo transfers', () => {
  it('leave Aarhus lines to receive (shipped), to receive (not yet shipped) and to send', async () => {
    const lines = (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/transfer/transfers?departmentGuid=${aarhus.id}&order_nr=OF`,
        headers: { cookie: op },
      })
    ).json() as TTransferLine[];
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
      payload: orderBody({
        department: aarhus,
        found,
        car,
        debitor: { ...tryg, no: aarhus.debitorId },
        items: [{ itemNo: row!.no, amount: 1 }],
        overrides: { additionalData: { whoIsPaying: 'CASH' } },
      }),
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const order = booked.json();
    const opUser = (await ctx.app.inject({ method: 'GET', url: '/api/user/userinfo', headers: { cookie: op } })).json() as { id: string };
    const finished = await ctx.app.inject({
      method: 'PUT',
      url: '/api/order/order',
      headers: { cookie: op },
      payload: {
        ...order,
        additionalData: { ...order.additionalData, orderStatus: 'FINISHED', worker: opUser.id, windowManufacturer: 'AGC' },
      },
    });
    expect(finished.statusCode, finished.body).toBe(200);
    expect(await amountIn(row!.productId, 'ARH', row!.bin)).toBe(row!.amount - 1);
    expect(await ledgerSum(row!.productId, 'ARH', row!.bin)).toBe(row!.amount - 1);
    const journal = (
      await ctx.app.inject({ method: 'GET', url: `/api/taskjournal/${order.additionalData.orderId}`, headers: { cookie: op } })
    ).json() as Array<{ text: string }>;
    expect(journal.some((e) => e.text === `Taget fra lageret: 1 af 1 stk ${row!.no}`)).toBe(true);
  });
});
