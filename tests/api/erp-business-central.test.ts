import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { receiptPayload } from '@/domain/orders';
import { emptyOrder, ZOrderItem } from '@/domain/orders';
import type { TOutboxMessage } from '@/domain/outbox';
import { outbox } from '@/server/db/schema';
import { localEmailTransport } from '@/server/integrations/email/email-transport';
import { createBusinessCentralExporter } from '@/server/integrations/erp/business-central';
import { createErpExporter, createFileDropExporter, type ErpExporter } from '@/server/integrations/erp/erp-export';
import { enqueueMessage } from '@/server/integrations/outbox/outbox.repo';
import { OutboxWorker } from '@/server/integrations/outbox/outbox.worker';
import { localSmsGateway } from '@/server/integrations/sms/sms-gateway';
import { startFakeBusinessCentral, type FakeBusinessCentral } from '../helpers/fake-business-central';
import { createTestApp, login, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let bc: FakeBusinessCentral;
let dir: string;
let admin: string;

beforeAll(async () => {
  ctx = await createTestApp();
  bc = await startFakeBusinessCentral({ customers: ['10000', '20000'], items: ['FRONT-001', 'SENSOR-1'], locations: ['ARH'] });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rudeplan-bc-'));
  admin = await login(ctx.app, 'ADM');
  await ctx.database.db.delete(outbox);
});
afterAll(async () => {
  await bc.close();
  await ctx.close();
  await fs.rm(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await ctx.database.db.delete(outbox);
  bc.orders.length = 0;
  bc.calls.length = 0;
});

const config = () => ({
  BC_TENANT_ID: bc.tenant,
  BC_CLIENT_ID: bc.clientId,
  BC_CLIENT_SECRET: bc.clientSecret,
  BC_COMPANY_ID: bc.companyId,
  BC_ENVIRONMENT: bc.environment,
  BC_BASE_URL: bc.baseUrl,
  BC_TOKEN_URL: bc.tokenUrl,
});

function worker(erp: ErpExporter) {
  return new OutboxWorker({
    db: ctx.database.db,
    databaseUrl: ctx.url,
    email: localEmailTransport,
    sms: localSmsGateway,
    erp,
    pollMs: 60_000,
    log: ctx.app.log,
  });
}

/** The order export as a booking queues it: the receipt payload of an order with two lines. */
function receipt(orderNr: string, debitorNo = '10000') {
  const order = emptyOrder();
  order.additionalData.orderNr = orderNr;
  order.additionalData.created = '2026-12-07T09:30:00';
  order.debitor.no = debitorNo;
  order.timeAndPlace.department.navLocationCode = 'ARH';
  order.items = [
    ZOrderItem.parse({ itemNo: 'FRONT-001', name: 'Forrude', description: 'Forrude', amount: 1, itemPrice: 4000 }),
    ZOrderItem.parse({ itemNo: 'SENSOR-1', name: 'Regnsensor', description: 'Regnsensor', amount: 2, itemPrice: 250 }),
  ];
  return JSON.stringify(receiptPayload(order));
}

const queueExport = (orderNr: string, debitorNo?: string) =>
  enqueueMessage(ctx.database.db, { channel: 'ERP', kind: 'ORDER_EXPORT', recipient: orderNr, body: receipt(orderNr, debitorNo) });
const due = (id: string) =>
  ctx.database.db
    .update(outbox)
    .set({ nextAttemptAt: new Date(0) })
    .where(eq(outbox.id, id));
async function row(id: string) {
  const [r] = await ctx.database.db.select().from(outbox).where(eq(outbox.id, id));
  return r!;
}
async function udbakke(): Promise<TOutboxMessage[]> {
  const page = await ctx.app.inject({ method: 'GET', url: '/api/outbox?channel=ERP', headers: { cookie: admin } });
  expect(page.statusCode).toBe(200);
  return page.json<{ messages: TOutboxMessage[] }>().messages;
}

describe('Business Central exporter', () => {
  it('makes the booked order a sales order with its lines, the token fetched once and kept', async () => {
    const exporter = createBusinessCentralExporter(config(), createFileDropExporter(dir));
    const id = await queueExport('10042');
    const second = await queueExport('10043', '20000');
    const tokensBefore = bc.tokenRequests;
    await worker(exporter).deliverDue();
    expect(bc.tokenRequests - tokensBefore).toBe(1);
    expect(bc.orders).toHaveLength(2);
    const order = bc.orders.find((o) => o.externalDocumentNumber === '10042')!;
    expect(order).toMatchObject({ customerNumber: '10000', orderDate: '2026-12-07' });
    expect(order.lines).toEqual([
      expect.objectContaining({
        lineType: 'Item',
        lineObjectNumber: 'FRONT-001',
        quantity: 1,
        unitPrice: 4000,
        locationId: expect.any(String),
      }),
      expect.objectContaining({ lineType: 'Item', lineObjectNumber: 'SENSOR-1', quantity: 2, unitPrice: 250 }),
    ]);
    expect(await row(id)).toMatchObject({ status: 'SENT', transport: 'businesscentral', providerMessageId: order.number });
    expect(await row(second)).toMatchObject({ status: 'SENT' });
  });

  it('a retry after a lost answer makes no second sales order, and adds only the missing lines', async () => {
    const exporter = createBusinessCentralExporter(config(), createFileDropExporter(dir));
    const id = await queueExport('10050');
    // Business Central creates the order, but the answer never arrives.
    bc.fault({ call: 'POST salesOrders', loseAnswer: true });
    await worker(exporter).deliverDue();
    expect(await row(id)).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      lastError: expect.stringMatching(/^Business Central kunne ikke nås/),
    });
    expect(bc.orders).toHaveLength(1);
    expect(bc.orders[0]!.lines).toHaveLength(0);

    // Then the second line's answer is lost after the first line went in.
    await due(id);
    bc.fault({ call: 'POST salesOrders({id})/salesOrderLines', loseAnswer: true });
    await worker(exporter).deliverDue();
    expect(await row(id)).toMatchObject({ status: 'PENDING', attempts: 2 });
    expect(bc.orders).toHaveLength(1);
    expect(bc.orders[0]!.lines).toHaveLength(1);

    await due(id);
    await worker(exporter).deliverDue();
    expect(await row(id)).toMatchObject({ status: 'SENT', attempts: 3 });
    expect(bc.orders).toHaveLength(1);
    expect(bc.orders[0]!.lines.map((l) => l.lineObjectNumber)).toEqual(['FRONT-001', 'SENSOR-1']);
  });

  it("shows Business Central's own error text in Udbakke: a refused order fails at once, throttling (429) and 500 are retried", async () => {
    const exporter = createBusinessCentralExporter(config(), createFileDropExporter(dir));
    const unknown = await queueExport('10060', '99999');
    await worker(exporter).deliverDue();
    expect(await row(unknown)).toMatchObject({
      status: 'FAILED',
      lastError: 'Business Central afviste ordren (HTTP 400, Internal_RecordNotFound): The sell-to customer cannot be found.',
    });
    expect((await udbakke())[0]).toMatchObject({
      status: 'FAILED',
      lastError: expect.stringContaining('The sell-to customer cannot be found.'),
    });

    const throttled = await queueExport('10061');
    bc.fault({
      call: 'GET salesOrders',
      status: 429,
      body: { error: { code: 'Application_TooManyRequests', message: 'Too many requests reached. Actual (6001). Maximum (6000).' } },
    });
    await worker(exporter).deliverDue();
    const first = await row(throttled);
    expect(first).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      lastError: expect.stringContaining('HTTP 429, Application_TooManyRequests'),
    });
    expect(first.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    await due(throttled);
    bc.fault({
      call: 'POST salesOrders',
      status: 500,
      body: { error: { code: 'Internal_ServerError', message: 'An unexpected error occurred.' } },
    });
    await worker(exporter).deliverDue();
    expect(await row(throttled)).toMatchObject({
      status: 'PENDING',
      attempts: 2,
      lastError: expect.stringContaining('An unexpected error occurred.'),
    });
    await due(throttled);
    await worker(exporter).deliverDue();
    expect(await row(throttled)).toMatchObject({ status: 'SENT' });
    expect(bc.orders.filter((o) => o.externalDocumentNumber === '10061')).toHaveLength(1);
  });

  it("a wrong client secret shows Entra ID's answer; a time-out and Business Central down are retried", async () => {
    const wrong = createBusinessCentralExporter({ ...config(), BC_CLIENT_SECRET: 'wrong' }, createFileDropExporter(dir));
    const id = await queueExport('10070');
    await worker(wrong).deliverDue();
    expect(await row(id)).toMatchObject({
      status: 'PENDING',
      lastError: expect.stringContaining('AADSTS7000215: Invalid client secret provided.'),
    });

    await due(id);
    bc.fault({ call: 'GET locations', hang: true });
    await worker(createBusinessCentralExporter(config(), createFileDropExporter(dir), { timeoutMs: 1_000 })).deliverDue();
    expect(await row(id)).toMatchObject({ status: 'PENDING', attempts: 2, lastError: 'Business Central svarede ikke inden for 1 s' });

    await due(id);
    const down = createBusinessCentralExporter({ ...config(), BC_BASE_URL: 'http://127.0.0.1:9' }, createFileDropExporter(dir));
    await worker(down).deliverDue();
    expect(await row(id)).toMatchObject({
      status: 'PENDING',
      attempts: 3,
      lastError: expect.stringMatching(/^Business Central kunne ikke nås/),
    });
    expect(bc.orders).toHaveLength(0);

    await due(id);
    await worker(createBusinessCentralExporter(config(), createFileDropExporter(dir))).deliverDue();
    expect(await row(id)).toMatchObject({ status: 'SENT' });
    expect(bc.orders).toHaveLength(1);
  });

  it('transfers still go to the file drop; ERP_PROVIDER=businesscentral chooses it, unset the JSON file stays', async () => {
    const exporter = createBusinessCentralExporter(config(), createFileDropExporter(dir));
    const id = await enqueueMessage(ctx.database.db, {
      channel: 'ERP',
      kind: 'TRANSFER_EXPORT',
      recipient: 'line-1',
      body: '{"Order_No":"T1"}',
    });
    await worker(exporter).deliverDue();
    expect(await row(id)).toMatchObject({ status: 'SENT', transport: 'businesscentral' });
    expect((await fs.readdir(dir)).some((f) => f.startsWith('line-1-'))).toBe(true);
    expect(bc.calls).toEqual([]);

    expect(createErpExporter({ DATA_DIR: dir }).name).toBe('erp-file');
    expect(createErpExporter({ DATA_DIR: dir, ERP_EXPORT_URL: 'http://x/erp' }).name).toBe('erp-http');
    expect(createErpExporter({ DATA_DIR: dir, ERP_PROVIDER: 'businesscentral', ...config() }).name).toBe('businesscentral');
  });
});
