import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDepartment } from '@/domain/departments';
import type { TOrderImage } from '@/domain/media';
import { CLIENT_CHANGE_MESSAGES } from '@/domain/offline';
import { ORDER_VERSION_MESSAGES } from '@/domain/offline';
import type { TOrder, TOrderInput } from '@/domain/orders';
import type { TDebitor } from '@/domain/parties';
import { drawSignaturePng, encodePng } from '@/server/areas/documents/signature-png';
import { deleteOldChanges } from '@/server/areas/offline';
import {
  clientChanges,
  departments,
  orderImages,
  orderJournal,
  orders,
  outbox,
  products,
  signedDocuments,
  stockLocations,
  stockMovements,
  users,
} from '@/server/db/schema';
import { multipartForm } from '../helpers/multipart';
import { departmentByCode, findSlot, insurerDebitor, orderBody, windscreenFor } from '../helpers/orders';
import { createTestApp, login, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let dataDir: string;
let ks: string;
let op: string;
let opId: string;
let aarhus: TDepartment;
let car: TOrder['car'];
let windscreen: { itemNo: string; itemPrice: number };
let tryg: TDebitor;
let slotNo = 0;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'rudeplan-offline-'));
  ctx = await createTestApp({ env: { DATA_DIR: dataDir } });
  [ks, op] = (await Promise.all(['KS', 'OP'].map((initials) => login(ctx.app, initials)))) as [string, string];
  aarhus = await departmentByCode(ctx.app, ks, 'ARH');
  ({ car, windscreen } = await windscreenFor(ctx.app, ks, 'AB12345'));
  tryg = await insurerDebitor(ctx.app, ks, 'Tryg');
  const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.initials, 'OP'));
  opId = row!.id;
});
afterAll(async () => {
  await ctx.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A booking of its own for a test (Tryg pays unless the overrides say otherwise). */
async function book(overrides: TOrderInput = {}): Promise<TOrder> {
  const found = await findSlot(ctx.app, ks, aarhus.id, 'windowReplaceSlots', undefined, slotNo++);
  const body = orderBody({ department: aarhus, found, car, debitor: tryg, items: [{ itemNo: windscreen.itemNo }], overrides });
  const response = await ctx.app.inject({ method: 'POST', url: '/api/order/order', headers: { cookie: ks }, payload: body });
  if (response.statusCode !== 200) throw new Error(`booking failed: ${response.body}`);
  return response.json();
}

const png = (seed: number) =>
  encodePng(
    2,
    2,
    Uint8Array.from({ length: 16 }, (_, i) => (i * seed + 7) % 256),
  );

/** Headers of a queued change: the session, its key, and the version it names. */
function changeHeaders(cookie: string, key: string | undefined, ifMatch?: string): Record<string, string> {
  return { cookie, ...(key ? { 'idempotency-key': key } : {}), ...(ifMatch ? { 'if-match': ifMatch } : {}) };
}

function uploadPhoto(orderId: string, key: string | undefined, options: { cookie?: string; seed?: number; ifMatch?: string } = {}) {
  const name = `andet-${options.seed ?? 1}.png`;
  return ctx.app.inject({
    method: 'PUT',
    url: '/api/media',
    headers: changeHeaders(options.cookie ?? op, key, options.ifMatch),
    payload: multipartForm({ orderId, imageType: 'CUSTOM', fileName: name }, { bytes: png(options.seed ?? 1), name, type: 'image/png' }),
  });
}

/** The fitter's finish as the worksheet sends it (status FINISHED with fitter, window maker and time spent). */
function finishBody(order: TOrder): TOrder {
  const body = structuredClone(order);
  body.additionalData.orderStatus = 'FINISHED';
  body.additionalData.worker = opId;
  body.additionalData.windowManufacturer = 'PILKINGTON';
  body.additionalData.timeSpent = 90;
  body.additionalData.workKM = 84000;
  return body;
}

function putOrder(body: TOrder, key: string | undefined, options: { cookie?: string; ifMatch?: string } = {}) {
  return ctx.app.inject({
    method: 'PUT',
    url: '/api/order/order',
    headers: changeHeaders(options.cookie ?? op, key, options.ifMatch),
    payload: body,
  });
}

async function photoCount(orderId: string): Promise<number> {
  const [row] = await ctx.database.db.select({ n: count() }).from(orderImages).where(eq(orderImages.orderId, orderId));
  return row!.n;
}

async function journalTexts(orderId: string): Promise<string[]> {
  const rows = await ctx.database.db.select({ text: orderJournal.text }).from(orderJournal).where(eq(orderJournal.orderId, orderId));
  return rows.map((r) => r.text);
}

function expectReplayOf(again: LightMyRequestResponse, first: LightMyRequestResponse) {
  expect(again.statusCode).toBe(first.statusCode);
  expect(again.headers['idempotent-replayed']).toBe('true');
  expect(again.headers['content-type']).toBe(first.headers['content-type']);
  expect(again.json()).toEqual(first.json());
}

describe('Idempotency-Key: a change resent after a lost answer is applied once', () => {
  it('keeps two photos sent with two keys as two, and a resend of either (answer lost) replays its JSON without storing a third', async () => {
    const order = await book();
    const id = order.additionalData.orderId;
    const [first, second] = [randomUUID(), randomUUID()];
    const one = await uploadPhoto(id, first, { seed: 1 });
    const two = await uploadPhoto(id, second, { seed: 2 });
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    expect(one.headers['idempotent-replayed']).toBeUndefined();
    expect(one.json<TOrderImage>().id).not.toBe(two.json<TOrderImage>().id);
    expect(await photoCount(id)).toBe(2);

    const oneAgain = await uploadPhoto(id, first, { seed: 1 });
    const twoAgain = await uploadPhoto(id, second.toUpperCase(), { seed: 2 });
    expectReplayOf(oneAgain, one);
    expectReplayOf(twoAgain, two);
    expect(await photoCount(id)).toBe(2);
    expect((await journalTexts(id)).filter((t) => t.startsWith('Billede tilføjet'))).toHaveLength(2);
  });

  it('replays an empty answer too: a photo removed with a key is removed once (204 again on the resend)', async () => {
    const order = await book();
    const id = order.additionalData.orderId;
    const photo = (await uploadPhoto(id, randomUUID())).json<TOrderImage>();
    const key = randomUUID();
    const remove = () => ctx.app.inject({ method: 'DELETE', url: `/api/media/${photo.id}`, headers: changeHeaders(op, key) });
    const removed = await remove();
    expect(removed.statusCode).toBe(204);
    const again = await remove();
    expect(again.statusCode).toBe(204);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe('');
    expect(await photoCount(id)).toBe(0);
    expect((await journalTexts(id)).filter((t) => t.startsWith('Billede slettet'))).toHaveLength(1);
  });

  it('applies a finish resent with its key once: one journal entry, stock taken once, one review invitation, the same answer', async () => {
    const order = await book({ additionalData: { whoIsPaying: 'CASH' } });
    const id = order.additionalData.orderId;
    // The windscreen is on the shelf in Aarhus, so the finish takes it from stock.
    const [location] = await ctx.database.db
      .select({ code: stockLocations.code })
      .from(stockLocations)
      .where(eq(stockLocations.departmentId, aarhus.id));
    const [product] = await ctx.database.db.select({ id: products.id }).from(products).where(eq(products.no, windscreen.itemNo));
    await ctx.database.db.insert(stockMovements).values({
      productId: product!.id,
      locationCode: location!.code,
      binCode: 'OFFLINE-1',
      quantity: 3,
      kind: 'OPENING',
      createdBy: 'test',
    });
    const key = randomUUID();
    const finished = await putOrder(finishBody(order), key);
    expect(finished.statusCode, finished.body).toBe(200);
    // A cash job is finished at once (document 2); the server decides it, not the device.
    expect(finished.json<TOrder>().additionalData.orderStatus).toBe('FINISHED');
    const effects = async () => ({
      journal: (await journalTexts(id)).filter((t) => t === 'Ordre afsluttet').length,
      stockNotes: (await journalTexts(id)).filter((t) => t.startsWith('Taget fra lageret')).length,
      movements: (
        await ctx.database.db
          .select({ n: count() })
          .from(stockMovements)
          .where(and(eq(stockMovements.orderId, id), eq(stockMovements.kind, 'CONSUME')))
      )[0]!.n,
      invitations: (
        await ctx.database.db
          .select({ n: count() })
          .from(outbox)
          .where(and(eq(outbox.orderId, id), eq(outbox.kind, 'REVIEW_INVITATION')))
      )[0]!.n,
    });
    const once = await effects();
    expect(once).toEqual({ journal: 1, stockNotes: 1, movements: 1, invitations: 1 });

    const again = await putOrder(finishBody(order), key);
    expectReplayOf(again, finished);
    expect(await effects()).toEqual(once);
  });

  it("lets the server decide the finish's outcome: an insurance windscreen finished by the fitter goes to review (PENDING_REVIEW), once", async () => {
    const order = await book();
    const key = randomUUID();
    const finished = await putOrder(finishBody(order), key);
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json<TOrder>().additionalData.orderStatus).toBe('PENDING_REVIEW');
    expectReplayOf(await putOrder(finishBody(order), key), finished);
    expect((await journalTexts(order.additionalData.orderId)).filter((t) => t === 'Afsluttet og sendt til gennemsyn')).toHaveLength(1);
  });

  it('answers a resend while the first still runs with 409, Retry-After and the Danish message, and runs nothing', async () => {
    const order = await book();
    const id = order.additionalData.orderId;
    const key = randomUUID();
    // The first request holds its claim (no answer yet), as while its photo is still being stored.
    await ctx.database.db.insert(clientChanges).values({ userId: opId, changeId: key, method: 'PUT', path: '/api/media' });
    const resend = await uploadPhoto(id, key);
    expect(resend.statusCode).toBe(409);
    expect(resend.headers['retry-after']).toBe('2');
    expect(resend.json()).toMatchObject({
      status: 409,
      type: 'GENERIC_ERROR',
      message: 'Ændringen er ved at blive gemt. Prøv igen om lidt.',
    });
    expect(await photoCount(id)).toBe(0);
  });

  it('stores one photo when the same change arrives twice at once (one claims, the other waits or replays)', async () => {
    const order = await book();
    const id = order.additionalData.orderId;
    const key = randomUUID();
    const both = await Promise.all([uploadPhoto(id, key), uploadPhoto(id, key)]);
    const outcomes = both
      .map((r) => (r.statusCode === 200 ? (r.headers['idempotent-replayed'] ? 'replayed' : 'ran') : `${r.statusCode} ${r.json().message}`))
      .sort();
    expect([
      ['ran', 'replayed'],
      [`409 ${CLIENT_CHANGE_MESSAGES.running}`, 'ran'],
    ]).toContainEqual(outcomes);
    expect(await photoCount(id)).toBe(1);
  });

  it('lets a resend take over a claim left without an answer for 10 minutes (a crash), so the change is not stuck', async () => {
    const order = await book();
    const id = order.additionalData.orderId;
    const key = randomUUID();
    await ctx.database.db
      .insert(clientChanges)
      .values({ userId: opId, changeId: key, method: 'PUT', path: '/api/media', createdAt: sql`now() - interval '11 minutes'` });
    const resend = await uploadPhoto(id, key);
    expect(resend.statusCode, resend.body).toBe(200);
    expect(await photoCount(id)).toBe(1);
    expectReplayOf(await uploadPhoto(id, key), resend);
    expect(await photoCount(id)).toBe(1);
  });

  it('refuses a key used for another method or path with 422, and a key that is no UUID with 400', async () => {
    const order = await book();
    const id = order.additionalData.orderId;
    const key = randomUUID();
    expect((await uploadPhoto(id, key)).statusCode).toBe(200);
    const reused = await putOrder(order, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ status: 422, message: CLIENT_CHANGE_MESSAGES.keyReused });
    expect(CLIENT_CHANGE_MESSAGES.keyReused).toBe('Nøglen er brugt til en anden ændring');
    expect(await journalTexts(id)).not.toContain('Ordre gemt');

    const malformed = await uploadPhoto(id, 'foto-1');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ status: 400, message: CLIENT_CHANGE_MESSAGES.badKey });
    expect(await photoCount(id)).toBe(1);
  });

  it('frees the key after a 5xx, so the resend runs again', async () => {
    const order = await book();
    const id = order.additionalData.orderId;
    const key = randomUUID();
    // The journal entry of this order's photo fails once in the database: the upload answers 500 and stores nothing.
    await ctx.database.db.execute(
      sql.raw(`
      create function offline_test_fail() returns trigger language plpgsql as $$ begin raise exception 'offline test'; end $$;
      create trigger offline_test_fail before insert on order_journal for each row when (new.order_id = '${id}') execute function offline_test_fail();`),
    );
    let failed: LightMyRequestResponse;
    try {
      failed = await uploadPhoto(id, key);
    } finally {
      await ctx.database.db.execute(sql.raw('drop trigger offline_test_fail on order_journal; drop function offline_test_fail();'));
    }
    expect(failed.statusCode).toBe(500);
    expect(await photoCount(id)).toBe(0);
    expect(await ctx.database.db.select().from(clientChanges).where(eq(clientChanges.changeId, key))).toEqual([]);

    const resend = await uploadPhoto(id, key);
    expect(resend.statusCode, resend.body).toBe(200);
    expect(resend.headers['idempotent-replayed']).toBeUndefined();
    expect(await photoCount(id)).toBe(1);
  });

  it('frees the key of a photo whose connection broke before its body was in, so the resend runs (a dead zone mid-upload)', async () => {
    const order = await book();
    const id = order.additionalData.orderId;
    const key = randomUUID();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as net.AddressInfo;
    const boundary = 'offlinegrense';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="orderId"\r\n\r\n${id}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const socket = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    socket.on('error', () => undefined);
    socket.write(
      `PUT /api/media HTTP/1.1\r\nHost: localhost\r\nCookie: ${op}\r\nIdempotency-Key: ${key}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 100000\r\n\r\n${head}`,
    );
    const claim = () => ctx.database.db.select({ status: clientChanges.status }).from(clientChanges).where(eq(clientChanges.changeId, key));
    // The claim is made before the body is read; the connection then breaks with most of the photo unsent.
    await expect.poll(claim, { timeout: 10_000, interval: 20 }).toEqual([{ status: null }]);
    socket.destroy();
    await expect.poll(claim, { timeout: 10_000, interval: 20 }).toEqual([]);

    const resend = await uploadPhoto(id, key);
    expect(resend.statusCode, resend.body).toBe(200);
    expect(resend.headers['idempotent-replayed']).toBeUndefined();
    expect(await photoCount(id)).toBe(1);
  });

  it('keeps a key per user: another user sending the same key runs a change of their own', async () => {
    const order = await book();
    const id = order.additionalData.orderId;
    const key = randomUUID();
    const fitters = await uploadPhoto(id, key, { seed: 3 });
    const office = await uploadPhoto(id, key, { seed: 4, cookie: ks });
    expect([fitters.statusCode, office.statusCode]).toEqual([200, 200]);
    expect(office.headers['idempotent-replayed']).toBeUndefined();
    expect(office.json<TOrderImage>()).toMatchObject({ createdBy: 'KS' });
    expect(await photoCount(id)).toBe(2);
  });

  it('leaves requests without the header as they are: each runs', async () => {
    const order = await book();
    const id = order.additionalData.orderId;
    expect((await uploadPhoto(id, undefined, { seed: 5 })).statusCode).toBe(200);
    expect((await uploadPhoto(id, undefined, { seed: 5 })).statusCode).toBe(200);
    expect(await photoCount(id)).toBe(2);
  });

  it('forgets kept answers after 30 days (the hourly sweep)', async () => {
    const [old, fresh] = [randomUUID(), randomUUID()];
    await ctx.database.db.insert(clientChanges).values([
      {
        userId: opId,
        changeId: old,
        method: 'PUT',
        path: '/api/media',
        status: 200,
        body: '{}',
        createdAt: sql`now() - interval '31 days'`,
      },
      {
        userId: opId,
        changeId: fresh,
        method: 'PUT',
        path: '/api/media',
        status: 200,
        body: '{}',
        createdAt: sql`now() - interval '29 days'`,
      },
    ]);
    expect(await deleteOldChanges(ctx.database.db)).toBeGreaterThanOrEqual(1);
    const left = (await ctx.database.db.select({ key: clientChanges.changeId }).from(clientChanges)).map((r) => r.key);
    expect(left).toContain(fresh);
    expect(left).not.toContain(old);
  });
});

const ETAG = /^"[A-Za-z0-9_-]{22}"$/;

async function readOrder(id: string, cookie = op): Promise<{ order: TOrder; etag: string }> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/order/order/${id}`, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  const etag = response.headers.etag;
  expect(etag).toMatch(ETAG);
  return { order: response.json(), etag: etag as string };
}

function signDisclaimer(orderId: string, key: string | undefined, ifMatch?: string) {
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/SignedPDF/SignCalibrationChallenges/${orderId}`,
    headers: changeHeaders(op, key, ifMatch),
    payload: multipartForm({}, { bytes: drawSignaturePng(2), name: 'signature.png', type: 'image/png' }),
  });
}

describe("ETag and If-Match: the order's version for conflicts", () => {
  it('answers the worksheet read with the version, which the order row and its lines change, not its department or photos', async () => {
    const order = await book();
    const id = order.additionalData.orderId;
    const { etag } = await readOrder(id);
    expect((await readOrder(id, ks)).etag).toBe(etag);
    const photo = await uploadPhoto(id, randomUUID());
    expect(photo.headers.etag).toBe(etag);
    await ctx.database.db
      .update(departments)
      .set({ name: sql`${departments.name}` })
      .where(eq(departments.id, aarhus.id));
    expect((await readOrder(id)).etag).toBe(etag);
    await ctx.database.db.update(orders).set({ internalComment: 'Kontoret har skrevet' }).where(eq(orders.id, id));
    expect((await readOrder(id)).etag).not.toBe(etag);
  });

  it('refuses a change naming an old version with 409 and the message, saving nothing; with the current one it saves and answers the new version', async () => {
    const order = await book();
    const id = order.additionalData.orderId;
    const { etag: old } = await readOrder(id);
    // The office changes the order meanwhile.
    const office = await putOrder(
      { ...order, additionalData: { ...order.additionalData, internalOrderComment: 'Kunden ringer først' } },
      undefined,
      { cookie: ks },
    );
    expect(office.statusCode, office.body).toBe(200);
    const { order: current, etag } = await readOrder(id);
    expect(office.headers.etag).toBe(etag);
    expect(etag).not.toBe(old);

    const stale = finishBody(order);
    stale.additionalData.externalOrderComment = 'Ruden er skiftet';
    const refused = await putOrder(stale, randomUUID(), { ifMatch: old });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      status: 409,
      type: 'GENERIC_ERROR',
      message: 'Ordren er ændret af en anden, siden den blev hentet. Hent den igen.',
    });
    expect(refused.headers.etag).toBeUndefined();
    const after = await readOrder(id);
    expect(after.etag).toBe(etag);
    expect(after.order.additionalData).toMatchObject({ orderStatus: 'PROCESSING', internalOrderComment: 'Kunden ringer først' });
    expect(after.order.additionalData.externalOrderComment).not.toBe('Ruden er skiftet');
    const photo = await uploadPhoto(id, randomUUID(), { ifMatch: old });
    expect(photo.statusCode).toBe(409);
    expect(photo.json().message).toBe(ORDER_VERSION_MESSAGES.changed);
    expect(await photoCount(id)).toBe(0);

    const saved = await putOrder(finishBody(current), randomUUID(), { ifMatch: etag });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<TOrder>().additionalData.orderStatus).toBe('PENDING_REVIEW');
    expect(saved.headers.etag).toMatch(ETAG);
    expect(saved.headers.etag).not.toBe(etag);
    expect((await readOrder(id)).etag).toBe(saved.headers.etag);
  });

  it('refuses an If-Match that is no entity tag with 400', async () => {
    const order = await book();
    const response = await putOrder(order, undefined, { ifMatch: 'version-1' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(ORDER_VERSION_MESSAGES.badIfMatch);
  });

  it('takes the chain photo → disclaimer → finish, each naming the version the previous answer gave, and replays the ETag', async () => {
    const order = await book();
    const id = order.additionalData.orderId;
    const { etag: read } = await readOrder(id);
    const photo = await uploadPhoto(id, randomUUID(), { ifMatch: read });
    expect(photo.statusCode, photo.body).toBe(200);
    const signKey = randomUUID();
    const signed = await signDisclaimer(id, signKey, photo.headers.etag as string);
    expect(signed.statusCode, signed.body).toBe(200);
    expect(signed.headers.etag).toMatch(ETAG);
    expect(signed.headers.etag).not.toBe(photo.headers.etag);
    const signedAgain = await signDisclaimer(id, signKey, photo.headers.etag as string);
    expectReplayOf(signedAgain, signed);
    expect(signedAgain.headers.etag).toBe(signed.headers.etag);
    const [documentsOfOrder] = await ctx.database.db.select({ n: count() }).from(signedDocuments).where(eq(signedDocuments.orderId, id));
    expect(documentsOfOrder!.n).toBe(1);

    // The device's copy of the order as it queued the finish: the link the signing set is the server's to keep.
    const finished = await putOrder(finishBody(order), randomUUID(), { ifMatch: signed.headers.etag as string });
    expect(finished.statusCode, finished.body).toBe(200);
    expect(finished.json<TOrder>().additionalData.orderStatus).toBe('PENDING_REVIEW');
    expect(finished.json<TOrder>().orderProperties.signCalibrationChallenges).toBe(signed.json());
    expect(await photoCount(id)).toBe(1);
  });

  it("refuses the fitter's queued finish on an order the office cancelled meanwhile, with the reason, and keeps that answer for its resends", async () => {
    const order = await book();
    const id = order.additionalData.orderId;
    const { etag } = await readOrder(id);
    const cancelled = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/order/order',
      headers: { cookie: ks },
      payload: { orderId: id },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const key = randomUUID();
    const refused = await putOrder(finishBody(order), key, { ifMatch: etag });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ status: 409, message: 'Ordren er annulleret og kan ikke længere ændres' });
    expectReplayOf(await putOrder(finishBody(order), key, { ifMatch: etag }), refused);
    expect((await readOrder(id)).order.additionalData.orderStatus).toBe('CANCELLED');
    expect(await journalTexts(id)).not.toContain('Ordre afsluttet');
  });

  it('lists Idempotency-Key on the changes and If-Match on the versioned ones in the OpenAPI description', async () => {
    const docs = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }> }>>;
    }>();
    const headers = (path: string, method: string) =>
      (docs.paths[path]![method]!.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name);
    expect(headers('/api/media', 'put')).toEqual(expect.arrayContaining(['idempotency-key', 'if-match']));
    expect(headers('/api/order/order', 'put')).toEqual(expect.arrayContaining(['idempotency-key', 'if-match']));
    expect(headers('/api/SignedPDF/SignLoanCar/{orderId}/{carId}', 'put')).toEqual(expect.arrayContaining(['idempotency-key', 'if-match']));
    expect(headers('/api/order/order', 'delete')).toEqual(['idempotency-key']);
  });
});
