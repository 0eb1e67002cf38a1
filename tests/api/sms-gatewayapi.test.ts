import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TOutboxMessage } from '@/domain/outbox';
import { orders, outbox } from '@/server/db/schema';
import { localEmailTransport } from '@/server/integrations/email/email-transport';
import { createFileDropExporter } from '@/server/integrations/erp/erp-export';
import { enqueueMessage } from '@/server/integrations/outbox/outbox.repo';
import { OutboxWorker } from '@/server/integrations/outbox/outbox.worker';
import { createGatewayApiGateway, signGatewayApiJwt } from '@/server/integrations/sms/gatewayapi';
import { createSmsGateway, GATEWAYAPI_REPORT_PATH } from '@/server/integrations/sms/sms-gateway';
import { startFakeGatewayApi, type FakeGatewayApi } from '../helpers/fake-gatewayapi';
import { createTestApp, login, type TestContext } from '../helpers/test-app';

const SECRET = 'webhook-authentication-token';
let ctx: TestContext;
let fake: FakeGatewayApi;
let admin: string;

beforeAll(async () => {
  ctx = await createTestApp({ env: { GATEWAYAPI_WEBHOOK_SECRET: SECRET } });
  fake = await startFakeGatewayApi();
  admin = await login(ctx.app, 'ADM');
  // The demo's own queued messages are not this file's.
  await ctx.database.db.delete(outbox);
});
afterAll(async () => {
  await fake.close();
  await ctx.close();
});
afterEach(async () => {
  await ctx.database.db.delete(outbox);
  fake.sent.length = 0;
});

function worker(timeoutMs = 2_000) {
  return new OutboxWorker({
    db: ctx.database.db,
    databaseUrl: ctx.url,
    email: localEmailTransport,
    sms: createGatewayApiGateway({
      url: fake.url,
      token: fake.token,
      sender: 'Rudeplan',
      callbackUrl: `https://rudeplan.example.dk${GATEWAYAPI_REPORT_PATH}`,
      timeoutMs,
    }),
    erp: createFileDropExporter('/tmp/rudeplan-erp-unused'),
    pollMs: 60_000,
    log: ctx.app.log,
  });
}

async function row(id: string) {
  const [r] = await ctx.database.db.select().from(outbox).where(eq(outbox.id, id));
  return r!;
}

async function udbakke(): Promise<TOutboxMessage[]> {
  const page = await ctx.app.inject({ method: 'GET', url: '/api/outbox?channel=SMS', headers: { cookie: admin } });
  expect(page.statusCode).toBe(200);
  return page.json<{ messages: TOutboxMessage[] }>().messages;
}

const queueSms = (body = 'Vi er på vej', extra: { orderId?: string; kind?: string } = {}) =>
  enqueueMessage(ctx.database.db, {
    channel: 'SMS',
    kind: extra.kind ?? 'TEST',
    recipient: '+4512345678',
    body,
    orderId: extra.orderId ?? null,
  });

/** Makes the message due now (its back-off is over). */
const due = (id: string) =>
  ctx.database.db
    .update(outbox)
    .set({ nextAttemptAt: new Date(0) })
    .where(eq(outbox.id, id));

describe('GatewayAPI SMS adapter', () => {
  it("sends the documented request with the token, and keeps GatewayAPI's message id", async () => {
    const id = await queueSms('Vi er på vej');
    expect(await worker().deliverDue()).toBe(1);
    expect(fake.sent).toHaveLength(1);
    expect(fake.sent[0]).toMatchObject({
      msisdn: 4512345678,
      message: 'Vi er på vej',
      sender: 'Rudeplan',
      userref: id,
      callbackUrl: `https://rudeplan.example.dk${GATEWAYAPI_REPORT_PATH}`,
    });
    expect(await row(id)).toMatchObject({
      status: 'SENT',
      transport: 'gatewayapi',
      providerMessageId: String(fake.sent[0]!.id),
      deliveryStatus: '',
    });
    expect((await udbakke())[0]).toMatchObject({ status: 'SENT', deliveryStatus: '' });
  });

  it("shows GatewayAPI's own error text, retries a 401/500 with back-off and fails a refused message (400/422) at once", async () => {
    const id = await queueSms();
    fake.fail(401, { code: '0x0223', incident_uuid: 'x', message: 'Invalid Consumer Key' });
    await worker().deliverDue();
    const first = await row(id);
    expect(first).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(first.lastError).toBe("GatewayAPI afviste SMS'en (HTTP 401, 0x0223): Invalid Consumer Key");
    expect(first.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);

    await due(id);
    fake.fail(500, { incident_uuid: 'y', message: 'Internal error' });
    await worker().deliverDue();
    expect(await row(id)).toMatchObject({
      status: 'PENDING',
      attempts: 2,
      lastError: "GatewayAPI afviste SMS'en (HTTP 500): Internal error",
    });

    await due(id);
    fake.fail(400, { code: '0x0215', incident_uuid: 'z', message: 'MSISDN %1 blacklisted', variables: ['4512345678'] });
    await worker().deliverDue();
    expect(await row(id)).toMatchObject({
      status: 'FAILED',
      attempts: 3,
      lastError: "GatewayAPI afviste SMS'en (HTTP 400, 0x0215): MSISDN 4512345678 blacklisted",
    });
    expect(fake.sent).toHaveLength(0);
    // Udbakke says what happened, and the message can be sent again by hand.
    expect((await udbakke())[0]).toMatchObject({ status: 'FAILED', lastError: expect.stringContaining('blacklisted') });
  });

  it('a time-out is retried, and the SMS goes once GatewayAPI answers again', async () => {
    const id = await queueSms();
    fake.hang();
    await worker(1_000).deliverDue();
    expect(await row(id)).toMatchObject({ status: 'PENDING', attempts: 1, lastError: 'GatewayAPI svarede ikke inden for 1 s' });
    await due(id);
    await worker().deliverDue();
    expect(await row(id)).toMatchObject({ status: 'SENT', attempts: 2 });
    expect(fake.sent).toHaveLength(1);
  });

  it('GatewayAPI down: the message waits in the outbox (never lost) and the screens answer as usual', async () => {
    const id = await queueSms();
    const down = new OutboxWorker({
      db: ctx.database.db,
      databaseUrl: ctx.url,
      email: localEmailTransport,
      sms: createGatewayApiGateway({ url: 'http://127.0.0.1:9/rest/mtsms', token: 't', sender: 'Rudeplan', timeoutMs: 2_000 }),
      erp: createFileDropExporter('/tmp/rudeplan-erp-unused'),
      pollMs: 60_000,
      log: ctx.app.log,
    });
    await down.deliverDue();
    expect(await row(id)).toMatchObject({ status: 'PENDING', attempts: 1, lastError: expect.stringMatching(/^GatewayAPI kunne ikke nås/) });
    expect((await udbakke())[0]).toMatchObject({ status: 'PENDING', lastError: expect.stringMatching(/^GatewayAPI kunne ikke nås/) });
    await due(id);
    await worker().deliverDue();
    expect(await row(id)).toMatchObject({ status: 'SENT' });
  });

  it('is chosen by SMS_PROVIDER=gatewayapi; unset, the local default and the HTTP gateway stay', () => {
    expect(createSmsGateway({ SMS_SENDER: 'R' }).name).toBe('local');
    expect(createSmsGateway({ SMS_SENDER: 'R', SMS_GATEWAY_URL: 'http://x/sms' }).name).toBe('sms-http');
    expect(createSmsGateway({ SMS_SENDER: 'R', SMS_PROVIDER: 'gatewayapi', GATEWAYAPI_TOKEN: 't' }).name).toBe('gatewayapi');
  });
});

describe('GatewayAPI delivery reports', () => {
  async function sentSms(extra: { orderId?: string; kind?: string } = {}) {
    const id = await queueSms('Vi er på vej', extra);
    await worker().deliverDue();
    return { id, sms: fake.sent.at(-1)! };
  }

  it('records DELIVERED from a report signed with the webhook secret; Udbakke shows it', async () => {
    const { id, sms } = await sentSms();
    const report = fake.report(sms, 'DELIVERED', SECRET);
    const response = await ctx.app.inject({
      method: 'POST',
      url: GATEWAYAPI_REPORT_PATH,
      headers: report.headers,
      payload: report.payload,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ recorded: true });
    expect(await row(id)).toMatchObject({ deliveryStatus: 'DELIVERED', deliveryDetail: 'DELIVERED' });
    expect((await udbakke())[0]).toMatchObject({ status: 'SENT', deliveryStatus: 'DELIVERED' });
  });

  it('records a failed delivery with its error and code, and a transient state changes nothing', async () => {
    const { id, sms } = await sentSms();
    const enroute = fake.report(sms, 'ENROUTE', SECRET);
    expect(
      (await ctx.app.inject({ method: 'POST', url: GATEWAYAPI_REPORT_PATH, headers: enroute.headers, payload: enroute.payload })).json(),
    ).toEqual({ recorded: false });
    expect(await row(id)).toMatchObject({ deliveryStatus: '' });

    const failed = fake.report(sms, 'UNDELIVERABLE', SECRET, { error: 'Unknown subscriber', code: '0x1010' });
    expect(
      (await ctx.app.inject({ method: 'POST', url: GATEWAYAPI_REPORT_PATH, headers: failed.headers, payload: failed.payload })).statusCode,
    ).toBe(200);
    expect(await row(id)).toMatchObject({ deliveryStatus: 'UNDELIVERED', deliveryDetail: 'UNDELIVERABLE · Unknown subscriber · 0x1010' });
  });

  it('refuses a report without the signature, with a wrong one or a forged body: 401, nothing recorded', async () => {
    const { id, sms } = await sentSms();
    const report = fake.report(sms, 'DELIVERED', 'not-the-secret');
    const unsigned = await ctx.app.inject({ method: 'POST', url: GATEWAYAPI_REPORT_PATH, payload: report.payload });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json()).toMatchObject({ status: 401 });
    const wrong = await ctx.app.inject({ method: 'POST', url: GATEWAYAPI_REPORT_PATH, headers: report.headers, payload: report.payload });
    expect(wrong.statusCode).toBe(401);
    // A valid token for another message does not let a forged body through: the claims count, not the body.
    const other = fake.report({ ...sms, id: 1 }, 'ENROUTE', SECRET);
    const forged = await ctx.app.inject({
      method: 'POST',
      url: GATEWAYAPI_REPORT_PATH,
      headers: other.headers,
      payload: { ...report.payload, status: 'DELIVERED' },
    });
    expect(forged.json()).toEqual({ recorded: false });
    const noneAlg = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(report.payload)).toString('base64url')}.`;
    expect(
      (await ctx.app.inject({ method: 'POST', url: GATEWAYAPI_REPORT_PATH, headers: { 'x-gwapi-signature': noneAlg }, payload: {} }))
        .statusCode,
    ).toBe(401);
    const expired = signGatewayApiJwt({ ...report.payload, exp: Math.floor(Date.now() / 1000) - 60 }, SECRET);
    expect(
      (await ctx.app.inject({ method: 'POST', url: GATEWAYAPI_REPORT_PATH, headers: { 'x-gwapi-signature': expired }, payload: {} }))
        .statusCode,
    ).toBe(401);
    expect(await row(id)).toMatchObject({ deliveryStatus: '' });
  });

  it("a failed 'på vej' SMS is listed with the order's SMS for the worksheet", async () => {
    const [order] = await ctx.database.db.select({ id: orders.id }).from(orders).limit(1);
    const { id, sms } = await sentSms({ orderId: order!.id, kind: 'SMS_ON_MY_WAY' });
    const failed = fake.report(sms, 'EXPIRED', SECRET);
    await ctx.app.inject({ method: 'POST', url: GATEWAYAPI_REPORT_PATH, headers: failed.headers, payload: failed.payload });
    const op = await login(ctx.app, 'OP');
    const list = await ctx.app.inject({ method: 'GET', url: `/api/outbox/order/${order!.id}/sms`, headers: { cookie: op } });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([
      expect.objectContaining({ id, kind: 'SMS_ON_MY_WAY', status: 'SENT', deliveryStatus: 'UNDELIVERED', deliveryDetail: 'EXPIRED' }),
    ]);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/outbox/order/${order!.id}/sms` })).statusCode).toBe(401);
  });
});
