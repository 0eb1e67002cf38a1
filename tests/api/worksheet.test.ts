import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDepartment } from '@/domain/departments';
import { ZERO_GUID } from '@/domain/lib/guid';
import type { TOrderStatus } from '@/domain/orders';
import { COMPLAINT_MESSAGES, STATUS_MESSAGES } from '@/domain/orders';
import { HOLD_REASONS, type TSelectListContainer } from '@/domain/orders';
import type { TOrder, TOrderInput } from '@/domain/orders';
import type { TDebitor } from '@/domain/parties';
import { orders, outbox, timeSlots, users } from '@/server/db/schema';
import { createTestApp, login, type TestContext } from '../helpers/test-app';
import { departmentByCode, findSlot, insurerDebitor, orderBody, windscreenFor, type FoundSlot } from '../helpers/orders';

let ctx: TestContext;
let ks: string;
let op: string;
let rev: string;
let rek: string;
let adm: string;
let aarhus: TDepartment;
let car: TOrder['car'];
let windscreen: { itemNo: string; itemPrice: number };
let tryg: TDebitor;
let opId: string;
let slotNo = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  [ks, op, rev, rek, adm] = (await Promise.all(['KS', 'OP', 'REV', 'REK', 'ADM'].map((initials) => login(ctx.app, initials)))) as [
    string,
    string,
    string,
    string,
    string,
  ];
  aarhus = await departmentByCode(ctx.app, ks, 'ARH');
  ({ car, windscreen } = await windscreenFor(ctx.app, ks, 'AB12345'));
  tryg = await insurerDebitor(ctx.app, ks, 'Tryg');
  const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.initials, 'OP'));
  opId = row!.id;
});
afterAll(() => ctx.close());

const nextSlot = () => findSlot(ctx.app, ks, aarhus.id, 'windowReplaceSlots', undefined, slotNo++);

async function book(overrides: TOrderInput = {}, found?: FoundSlot): Promise<TOrder> {
  const body = orderBody({
    department: aarhus,
    found: found ?? (await nextSlot()),
    car,
    debitor: tryg,
    items: [{ itemNo: windscreen.itemNo }],
    overrides,
  });
  const response = await ctx.app.inject({ method: 'POST', url: '/api/order/order', headers: { cookie: ks }, payload: body });
  if (response.statusCode !== 200) throw new Error(`booking failed: ${response.body}`);
  return response.json();
}

function put(order: TOrder, cookie: string, patch: (o: TOrder) => void = () => {}) {
  const body = structuredClone(order);
  patch(body);
  return ctx.app.inject({ method: 'PUT', url: '/api/order/order', headers: { cookie }, payload: body });
}

async function setStatus(order: TOrder, status: TOrderStatus): Promise<TOrder> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/order/status/${order.additionalData.orderId}`,
    headers: { cookie: ks },
    payload: { status },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const finish = (o: TOrder) => {
  o.additionalData.orderStatus = 'FINISHED';
  o.additionalData.worker = opId;
  o.additionalData.windowManufacturer = 'PILKINGTON';
  o.additionalData.timeSpent = 90;
  o.additionalData.workKM = 84000;
};

async function orderCount(): Promise<number> {
  const [row] = await ctx.database.db.select({ n: count() }).from(orders);
  return row!.n;
}

const getOrder = async (id: string): Promise<TOrder> =>
  (await ctx.app.inject({ method: 'GET', url: `/api/order/order/${id}`, headers: { cookie: ks } })).json();

async function messagesOf(orderId: string) {
  return ctx.database.db.select().from(outbox).where(eq(outbox.orderId, orderId));
}

describe('finishing', () => {
  it('refuses to finish without fitter and window maker, with the field paths and the spec texts (422)', async () => {
    const order = await book();
    const response = await put(order, op, (o) => (o.additionalData.orderStatus = 'FINISHED'));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      type: 'VALIDATION_ERROR',
      message: 'Du mangler at vælge en montør !',
      errors: {
        'additionalData.worker': ['Du mangler at vælge en montør !'],
        'additionalData.windowManufacturer': ['Du mangler at vælge en rudefabrikat !'],
      },
    });
    const [row] = await ctx.database.db
      .select({ status: orders.orderStatus })
      .from(orders)
      .where(eq(orders.id, order.additionalData.orderId));
    expect(row!.status).toBe('PROCESSING');
  });

  it("answers the spec's finishing and hold messages when the empty fields are sent as null, not a schema's generic one", async () => {
    const order = await book();
    const nulled = (o: TOrder, fields: string[]) => {
      for (const field of fields) (o.additionalData as Record<string, unknown>)[field] = null;
    };
    const finishing = await put(order, op, (o) => {
      finish(o);
      nulled(o, ['worker', 'windowManufacturer']);
    });
    expect(finishing.statusCode).toBe(422);
    expect(finishing.json()).toMatchObject({
      message: 'Du mangler at vælge en montør !',
      errors: {
        'additionalData.worker': ['Du mangler at vælge en montør !'],
        'additionalData.windowManufacturer': ['Du mangler at vælge en rudefabrikat !'],
      },
    });
    const holding = await put(order, op, (o) => {
      o.additionalData.orderStatus = 'ON_HOLD';
      nulled(o, ['worker', 'windowManufacturer', 'onHoldComment', 'onHoldReason']);
    });
    expect(holding.statusCode).toBe(422);
    expect(holding.json().errors).toEqual({
      'additionalData.onHoldComment': ['Kommentar skal udfyldes'],
      'additionalData.worker': ['Du skal vælge en værdi for de markerede felter !'],
      'additionalData.windowManufacturer': ['Du skal vælge en værdi for de markerede felter !'],
    });
  });

  it('sends an insurance-paid windscreen to review when the fitter finishes it; the review manager finishes it and the invitation is queued', async () => {
    const order = await book();
    const finished = await put(order, op, finish);
    expect(finished.statusCode, finished.body).toBe(200);
    const pending = finished.json() as TOrder;
    expect(pending.additionalData).toMatchObject({
      orderStatus: 'PENDING_REVIEW',
      worker: opId,
      windowManufacturer: 'PILKINGTON',
      timeSpent: 90,
      workKM: 84000,
    });
    expect(pending.additionalData.workCompleted).not.toBeNull();
    expect((await messagesOf(order.additionalData.orderId)).some((m) => m.kind === 'REVIEW_INVITATION')).toBe(false);

    // Only the review manager acts on it now.
    for (const cookie of [op, ks, adm]) {
      const refused = await put(pending, cookie, (o) => (o.additionalData.orderStatus = 'FINISHED'));
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Kun rollen Ordregennemsyn kan behandle en ordre, der afventer gennemsyn');
    }
    const cancel = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/order/order',
      headers: { cookie: ks },
      payload: { orderId: order.additionalData.orderId },
    });
    expect(cancel.statusCode).toBe(403);

    const reviewed = await put(pending, rev, (o) => (o.additionalData.orderStatus = 'FINISHED'));
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect((reviewed.json() as TOrder).additionalData.orderStatus).toBe('FINISHED');
    const invitation = (await messagesOf(order.additionalData.orderId)).filter((m) => m.kind === 'REVIEW_INVITATION');
    expect(invitation).toHaveLength(1);
    expect(invitation[0]).toMatchObject({ channel: 'EMAIL', recipient: 'jens.jensen@example.dk' });
    expect(invitation[0]!.body).toContain(order.additionalData.orderNr);

    // A finished order is locked.
    const again = await put(reviewed.json(), rev, (o) => (o.additionalData.internalOrderComment = 'Senere ændring'));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Ordren er udført og kan ikke længere ændres');
    const cancelFinished = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/order/order',
      headers: { cookie: ks },
      payload: { orderId: order.additionalData.orderId },
    });
    expect(cancelFinished.statusCode).toBe(409);
  });

  it('finishes a cash-paid job at once, and sends no invitation to a customer on the company domain or who does not allow e-mail', async () => {
    const cash = await book({ additionalData: { whoIsPaying: 'CASH' } });
    const done = await put(cash, op, finish);
    expect((done.json() as TOrder).additionalData.orderStatus).toBe('FINISHED');
    expect((await messagesOf(cash.additionalData.orderId)).filter((m) => m.kind === 'REVIEW_INVITATION')).toHaveLength(1);

    const staff = await book({ additionalData: { whoIsPaying: 'CASH' }, customer: { email: 'kollega@rudeplan.dk' } });
    expect(((await put(staff, op, finish)).json() as TOrder).additionalData.orderStatus).toBe('FINISHED');
    const noMail = await book({ additionalData: { whoIsPaying: 'CASH' }, customer: { allowEmail: false } });
    expect(((await put(noMail, op, finish)).json() as TOrder).additionalData.orderStatus).toBe('FINISHED');
    for (const o of [staff, noMail])
      expect((await messagesOf(o.additionalData.orderId)).some((m) => m.kind === 'REVIEW_INVITATION')).toBe(false);
  });
});

describe('hold, web orders and plain saves', () => {
  it('puts a job on hold only with a comment, fitter and window maker, and calibration trouble only with the signed disclaimer', async () => {
    const order = await book();
    const empty = await put(order, op, (o) => (o.additionalData.orderStatus = 'ON_HOLD'));
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      'additionalData.onHoldComment': ['Kommentar skal udfyldes'],
      'additionalData.worker': ['Du skal vælge en værdi for de markerede felter !'],
      'additionalData.windowManufacturer': ['Du skal vælge en værdi for de markerede felter !'],
    });
    const hold = (o: TOrder) => {
      o.additionalData.orderStatus = 'ON_HOLD';
      o.additionalData.worker = opId;
      o.additionalData.windowManufacturer = 'AGC';
      o.additionalData.onHoldReason = 'Kalibreringsudfordringer';
      o.additionalData.onHoldComment = 'Kameraet kan ikke kalibreres med eftermarkedsruden';
      // The signature link is set by the signing call only; a save cannot forge it.
      o.orderProperties.signCalibrationChallenges = '/api/SignedPDF/forged';
    };
    const unsigned = await put(order, op, hold);
    expect(unsigned.statusCode).toBe(422);
    expect(unsigned.json().errors).toEqual({ 'orderProperties.signCalibrationChallenges': ['Ansvarsfraskrivelse skal underskrives'] });

    await ctx.database.db
      .update(orders)
      .set({ orderProperties: { signCalibrationChallenges: '/api/SignedPDF/real' } })
      .where(eq(orders.id, order.additionalData.orderId));
    const held = await put(order, op, hold);
    expect(held.statusCode, held.body).toBe(200);
    expect((held.json() as TOrder).additionalData).toMatchObject({ orderStatus: 'ON_HOLD', onHoldReason: 'Kalibreringsudfordringer' });
    expect((held.json() as TOrder).orderProperties.signCalibrationChallenges).toBe('/api/SignedPDF/real');

    // Finishing from hold: an insurance replacement goes to review.
    const finished = await put(held.json(), op, finish);
    expect((finished.json() as TOrder).additionalData.orderStatus).toBe('PENDING_REVIEW');
  });

  it("moves a web order to the orders with 'Send til Ordrer', and refuses status jumps a save does not make", async () => {
    const order = await setStatus(await book(), 'WEB_REVIEW');
    const jump = await put(order, ks, (o) => (o.additionalData.orderStatus = 'OFFER'));
    expect(jump.statusCode).toBe(409);
    expect(jump.json().message).toBe('Ordren kan ikke skifte fra Webordregennemsyn til Tilbud');
    const sent = await put(order, ks, (o) => (o.additionalData.orderStatus = 'PROCESSING'));
    expect(sent.statusCode, sent.body).toBe(200);
    expect((sent.json() as TOrder).additionalData.orderStatus).toBe('PROCESSING');
  });

  it('refuses to finish an offer or to hold a web order by a save (409), changing nothing', async () => {
    const offer = await setStatus(await book(), 'OFFER');
    const finishOffer = await put(offer, op, finish);
    expect(finishOffer.statusCode).toBe(409);
    expect(finishOffer.json().message).toBe(STATUS_MESSAGES.notAllowed('OFFER', 'FINISHED'));
    expect(await getOrder(offer.additionalData.orderId)).toEqual(offer);
    expect((await messagesOf(offer.additionalData.orderId)).some((m) => m.kind === 'REVIEW_INVITATION')).toBe(false);

    const web = await setStatus(await book(), 'WEB_REVIEW');
    const holdWeb = await put(web, op, (o) => {
      o.additionalData.orderStatus = 'ON_HOLD';
      o.additionalData.worker = opId;
      o.additionalData.windowManufacturer = 'AGC';
      o.additionalData.onHoldReason = HOLD_REASONS[0];
      o.additionalData.onHoldComment = 'Ruden er ikke kommet';
    });
    expect(holdWeb.statusCode).toBe(409);
    expect(holdWeb.json().message).toBe(STATUS_MESSAGES.notAllowed('WEB_REVIEW', 'ON_HOLD'));
    expect(await getOrder(web.additionalData.orderId)).toEqual(web);
  });

  it("keeps 'Du skal vælge et timeslot før du kan gemme ændringerne.' and answers 404 for an unknown order", async () => {
    const order = await book();
    const response = await put(order, ks, (o) => Object.assign(o.timeAndPlace, { timeSlotId: ZERO_GUID, from: null, to: null }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'Du skal vælge et timeslot før du kan gemme ændringerne.',
      errors: { 'timeAndPlace.timeSlotId': ['Du skal vælge et timeslot før du kan gemme ændringerne.'] },
    });
    const unknown = await put(order, ks, (o) => (o.additionalData.orderId = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa'));
    expect(unknown.statusCode).toBe(404);
  });
});

describe('moving a booking', () => {
  it('moves to a slot with a place, refuses a full one (409), and clears the fitter when the department changes', async () => {
    const order = await book({ additionalData: { worker: undefined } });
    const withFitter = (await put(order, ks, (o) => (o.additionalData.worker = opId))).json() as TOrder;
    expect(withFitter.additionalData.worker).toBe(opId);

    const full = await nextSlot();
    await book({}, full);
    await ctx.database.db.update(timeSlots).set({ maxBookings: 1 }).where(eq(timeSlots.id, full.slot.id));
    const toFull = await put(withFitter, ks, (o) =>
      Object.assign(o.timeAndPlace, { date: full.date, timeSlotId: full.slot.id, from: full.slot.from, to: full.slot.to }),
    );
    expect(toFull.statusCode).toBe(409);
    expect(toFull.json().message).toBe('Der er ikke flere ledige tider på den valgte dag');

    const free = await nextSlot();
    const moved = await put(withFitter, ks, (o) =>
      Object.assign(o.timeAndPlace, { date: free.date, timeSlotId: free.slot.id, from: free.slot.from, to: free.slot.to }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect((moved.json() as TOrder).timeAndPlace).toMatchObject({ date: free.date, timeSlotId: free.slot.id, from: free.slot.from });
    expect((moved.json() as TOrder).additionalData.worker).toBe(opId);

    // Another workshop: the Aarhus fitter is cleared.
    const odense = await departmentByCode(ctx.app, ks, 'ODE');
    const there = await findSlot(ctx.app, ks, odense.id, 'windowReplaceSlots');
    const otherDepartment = await put(moved.json(), ks, (o) =>
      Object.assign(o.timeAndPlace, {
        department: { ...o.timeAndPlace.department, id: odense.id },
        date: there.date,
        timeSlotId: there.slot.id,
        from: there.slot.from,
        to: there.slot.to,
      }),
    );
    expect(otherDepartment.statusCode, otherDepartment.body).toBe(200);
    expect((otherDepartment.json() as TOrder).timeAndPlace.department.navLocationCode).toBe('ODE');
    expect((otherDepartment.json() as TOrder).additionalData.worker).toBe(ZERO_GUID);
  });
});

describe('manual status, cancel and copy', () => {
  it('lets CustomerService and Adminstrator set a status as chosen, nobody else', async () => {
    const order = await book();
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/order/status/${order.additionalData.orderId}`,
      headers: { cookie: op },
      payload: { status: 'ON_HOLD' },
    });
    expect(refused.statusCode).toBe(403);
    expect((await setStatus(order, 'SERVICE_CALL')).additionalData.orderStatus).toBe('SERVICE_CALL');
  });

  it('cancels an order (journaled) and copies the cancelled order into a new booking at a chosen time', async () => {
    const order = await book({ additionalData: { rekvNr: 'SK-123456' } });
    const cancelled = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/order/order',
      headers: { cookie: ks },
      payload: { orderId: order.additionalData.orderId },
    });
    expect((cancelled.json() as TOrder).additionalData.orderStatus).toBe('CANCELLED');

    const noTime = await ctx.app.inject({
      method: 'POST',
      url: `/api/order/copy/${order.additionalData.orderId}`,
      headers: { cookie: ks },
      payload: { internalComment: 'Ny tid', timeAndPlace: { department: { id: aarhus.id } } },
    });
    expect(noTime.statusCode).toBe(422);
    expect(noTime.json()).toMatchObject({
      message: 'Du mangler at vælge en tid',
      errors: { 'timeAndPlace.timeSlotId': ['Du mangler at vælge en tid'] },
    });

    const found = await nextSlot();
    const copied = await ctx.app.inject({
      method: 'POST',
      url: `/api/order/copy/${order.additionalData.orderId}`,
      headers: { cookie: ks },
      payload: {
        internalComment: 'Kunden vil have en ny tid',
        timeAndPlace: {
          department: { id: aarhus.id },
          date: found.date,
          timeSlotId: found.slot.id,
          from: found.slot.from,
          to: found.slot.to,
        },
      },
    });
    expect(copied.statusCode, copied.body).toBe(200);
    const { orderId, orderNr } = copied.json() as { orderId: string; orderNr: string };
    expect(orderId).not.toBe(order.additionalData.orderId);
    const copy = (await ctx.app.inject({ method: 'GET', url: `/api/order/order/${orderId}`, headers: { cookie: ks } })).json() as TOrder;
    expect(copy.additionalData).toMatchObject({
      orderNr,
      orderStatus: 'PROCESSING',
      rekvNr: 'SK-123456',
      internalOrderComment: 'Kunden vil have en ny tid',
      createdBy: 'KS',
    });
    expect(copy.customer).toEqual(order.customer);
    expect(copy.car.registrationNumber).toBe('AB12345');
    expect(copy.items.map((i) => i.itemNo)).toEqual(order.items.map((i) => i.itemNo));
    expect(copy.timeAndPlace).toMatchObject({ date: found.date, timeSlotId: found.slot.id });
  });
});

describe('complaints', () => {
  async function finishedOrder(): Promise<TOrder> {
    const order = await book({ additionalData: { whoIsPaying: 'CASH' } });
    return (await put(order, op, finish)).json();
  }

  function create(order: TOrder, cookie: string, body: object) {
    return ctx.app.inject({
      method: 'POST',
      url: `/api/Complaint/create/${order.additionalData.orderId}`,
      headers: { cookie },
      payload: body,
    });
  }

  it('lets a fitter create an internal complaint but not one with a slot, and only on a done job', async () => {
    const original = await finishedOrder();
    const withSlot = await create(original, op, { type: 'REPLACE_SLOT', internalComment: '' });
    expect(withSlot.statusCode).toBe(403);
    expect(withSlot.json().message).toBe('Kun Reklamation, Kundeservice og Administrator kan oprette en reklamation med tid');

    const internal = await create(original, op, { type: 'INTERNAL_COMPLAINT', internalComment: 'Forkert rude fra lager' });
    expect(internal.statusCode, internal.body).toBe(200);
    const complaint = internal.json() as TOrder;
    expect(complaint.additionalData).toMatchObject({
      orderType: 'INTERNAL_COMPLAINT',
      orderStatus: 'PROCESSING',
      guaranteeId: original.additionalData.orderId,
      createdBy: 'OP',
    });
    expect(complaint.complaint).toMatchObject({
      complaintType: 'INTERNAL_COMPLAINT',
      referenceWorker: opId,
      referenceJobType: 'REPLACE_FRONT',
      oldManufacturer: 'PILKINGTON',
    });
    expect(complaint.items.every((i) => i.itemPrice === 0)).toBe(true);
    expect(complaint.items.map((i) => i.itemNo)).toContain('SERV');

    const open = await book();
    const notDone = await create(open, ks, { type: 'WITHOUT_SLOT', internalComment: '' });
    expect(notDone.statusCode).toBe(409);
    expect(notDone.json().message).toBe(COMPLAINT_MESSAGES.notDone);
  });

  it('refuses a complaint on a finished extra sale and on a finished complaint (409), making no order', async () => {
    const original = await book();
    const sale = (
      await ctx.app.inject({ method: 'GET', url: `/api/MoreSaleOrder/create/${original.additionalData.orderId}`, headers: { cookie: op } })
    ).json() as TOrder;
    const soldLine = { ...original.items[0]!, itemNo: '337', no: '337', name: 'Limpude', itemPrice: 65, isMainItem: false };
    const finishedSale = await put(sale, op, (o) => {
      o.items = [soldLine];
      finish(o);
    });
    expect(finishedSale.statusCode, finishedSale.body).toBe(200);
    expect((finishedSale.json() as TOrder).additionalData).toMatchObject({ orderType: 'SALE', orderStatus: 'FINISHED' });

    const complaint = (await create(await finishedOrder(), ks, { type: 'WITHOUT_SLOT', internalComment: '' })).json() as TOrder;
    const serviceCall = (
      await put(complaint, ks, (o) => {
        o.additionalData.orderStatus = 'FINISHED';
        o.additionalData.worker = opId;
        o.additionalData.internalOrderComment = 'Kunden hører vindstøj';
        o.complaint!.issues = [{ issue: 'Vindstøj', art: 'CUSTOMER' }];
      })
    ).json() as TOrder;
    const closed = await put(serviceCall, rek, (o) => {
      o.additionalData.orderStatus = 'FINISHED';
      o.complaint!.workerFault = false;
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((closed.json() as TOrder).additionalData).toMatchObject({ orderType: 'COMPLAINT', orderStatus: 'FINISHED' });

    for (const done of [finishedSale.json() as TOrder, closed.json() as TOrder]) {
      const before = await orderCount();
      for (const type of ['WITHOUT_SLOT', 'INTERNAL_COMPLAINT']) {
        const refused = await create(done, ks, { type, internalComment: 'Reklamation på reklamation' });
        expect(refused.statusCode, `${done.additionalData.orderType} ${type}`).toBe(409);
        expect(refused.json().message).toBe(
          done.additionalData.orderType === 'SALE' ? COMPLAINT_MESSAGES.onMoreSale : COMPLAINT_MESSAGES.onComplaint,
        );
      }
      expect(await orderCount()).toBe(before);
    }
  });

  it('books a complaint with a slot only with a time, on the original glass, free of charge', async () => {
    const original = await finishedOrder();
    const noTime = await create(original, ks, { type: 'REPLACE_SLOT', internalComment: 'Revne i ny rude' });
    expect(noTime.statusCode).toBe(422);
    expect(noTime.json().message).toBe('Du mangler at vælge en tid');
    const found = await nextSlot();
    const booked = await create(original, ks, {
      type: 'REPLACE_SLOT',
      internalComment: 'Revne i ny rude',
      worker: opId,
      timeAndPlace: {
        department: { id: aarhus.id },
        date: found.date,
        timeSlotId: found.slot.id,
        from: found.slot.from,
        to: found.slot.to,
      },
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const complaint = booked.json() as TOrder;
    expect(complaint.additionalData).toMatchObject({ orderType: 'COMPLAINT', worker: opId });
    expect(complaint.timeAndPlace).toMatchObject({ timeSlotId: found.slot.id, date: found.date });
    expect(complaint.items.map((i) => i.itemNo)).toEqual(expect.arrayContaining([windscreen.itemNo, 'SERV']));
    expect(complaint.items.every((i) => i.itemPrice === 0)).toBe(true);
  });

  it('turns a finished complaint into a service call, which only Complaint closes, with the worker-fault answer', async () => {
    const original = await finishedOrder();
    const complaint = (await create(original, ks, { type: 'WITHOUT_SLOT', internalComment: '' })).json() as TOrder;
    expect(complaint.timeAndPlace).toMatchObject({
      date: original.timeAndPlace.date,
      from: original.timeAndPlace.from,
      timeSlotId: ZERO_GUID,
    });

    const missing = await put(complaint, ks, (o) => {
      o.additionalData.orderStatus = 'FINISHED';
      o.additionalData.worker = opId;
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      'complaint.issues': ['Du skal vælge minimum 1 Reklamation årsag !'],
      'additionalData.internalOrderComment': ['Du skal udfylde Intern Kommentar !'],
    });

    const serviceCall = await put(complaint, ks, (o) => {
      o.additionalData.orderStatus = 'FINISHED';
      o.additionalData.worker = opId;
      o.additionalData.internalOrderComment = 'Kunden hører vindstøj over 90 km/t';
      o.complaint!.issues = [{ issue: 'Vindstøj', art: 'CUSTOMER' }];
    });
    expect(serviceCall.statusCode, serviceCall.body).toBe(200);
    const call = serviceCall.json() as TOrder;
    expect(call.additionalData.orderStatus).toBe('SERVICE_CALL');

    // Lines are read-only and complaint fields locked for others than Complaint.
    const lines = await put(call, ks, (o) => o.items.push({ ...o.items[0]!, itemNo: '337', no: '337' }));
    expect(lines.statusCode).toBe(409);
    expect(lines.json().message).toBe('Varelinjerne kan ikke ændres, når ordren er i servicekald eller udført');
    const locked = await put(call, ks, (o) => {
      o.complaint!.issues = [];
      o.complaint!.otherIssue = 'Også raslen';
    });
    expect(locked.statusCode).toBe(403);
    const closeByCs = await put(call, ks, (o) => (o.additionalData.orderStatus = 'FINISHED'));
    expect(closeByCs.statusCode).toBe(403);
    expect(closeByCs.json().message).toBe('Kun rollen Reklamation kan lukke et servicekald');

    const noFault = await put(call, rek, (o) => (o.additionalData.orderStatus = 'FINISHED'));
    expect(noFault.statusCode).toBe(422);
    expect(Object.keys(noFault.json().errors)).toEqual(['complaint.workerFault']);
    const closed = await put(call, rek, (o) => {
      o.additionalData.orderStatus = 'FINISHED';
      o.complaint!.workerFault = true;
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((closed.json() as TOrder).additionalData.orderStatus).toBe('FINISHED');
    expect((closed.json() as TOrder).complaint?.workerFault).toBe(true);
  });
});

describe('extra sales and select lists', () => {
  it('creates an extra sale for the customer and car without lines, and the loan-car excess waiver', async () => {
    const original = await book();
    const sale = await ctx.app.inject({
      method: 'GET',
      url: `/api/MoreSaleOrder/create/${original.additionalData.orderId}`,
      headers: { cookie: op },
    });
    expect(sale.statusCode, sale.body).toBe(200);
    const order = sale.json() as TOrder;
    expect(order.additionalData).toMatchObject({ orderType: 'SALE', orderStatus: 'PROCESSING_MORESALE', whoIsPaying: 'INSURANCE' });
    expect(order.additionalData.orderId).not.toBe(original.additionalData.orderId);
    expect(order.customer).toEqual(original.customer);
    expect(order.debitor).toEqual(original.debitor);
    expect(order.car.registrationNumber).toBe('AB12345');
    expect(order.items).toEqual([]);
    expect(order.timeAndPlace).toMatchObject({ date: original.timeAndPlace.date, from: original.timeAndPlace.from, timeSlotId: ZERO_GUID });

    const insurance = await ctx.app.inject({
      method: 'GET',
      url: `/api/MoreSaleOrder/create/${original.additionalData.orderId}/LoanCarInsurance`,
      headers: { cookie: op },
    });
    expect(insurance.statusCode, insurance.body).toBe(200);
    expect((insurance.json() as TOrder).items).toMatchObject([
      { itemNo: 'BIL003', amount: 1, itemPrice: 80, name: 'Lånebil – selvrisikoforsikring' },
    ]);

    // A state-changing GET from another site is refused.
    const foreign = await ctx.app.inject({
      method: 'GET',
      url: `/api/MoreSaleOrder/create/${original.additionalData.orderId}`,
      headers: { cookie: op, 'sec-fetch-site': 'cross-site' },
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('gives the worksheet its select lists', async () => {
    const lists = (
      await ctx.app.inject({ method: 'GET', url: '/api/SelectListContainer', headers: { cookie: op } })
    ).json() as TSelectListContainer;
    expect(lists.timeSpent.at(-1)).toEqual({ value: 999, label: '180+' });
    expect(lists.customerContacted.map((o) => o.value)).toEqual(['Flyttet', 'Ikke flyttet', 'Besked lagt']);
    expect(lists.complaintTypes.map((o) => o.value)).toEqual(['REPLACE_SLOT', 'REPAIR_SLOT', 'WITHOUT_SLOT', 'INTERNAL_COMPLAINT']);
    expect(lists.holdReasons.map((o) => o.value)).toContain('Kalibreringsudfordringer');
  });
});

describe('demo data', () => {
  it('holds complaints on finished jobs, some in service call', async () => {
    const complaints = await ctx.database.db.select().from(orders).where(eq(orders.orderType, 'COMPLAINT'));
    expect(complaints.length).toBeGreaterThan(0);
    expect(complaints.some((c) => c.orderStatus === 'SERVICE_CALL')).toBe(true);
    const internal = await ctx.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.orderType, 'INTERNAL_COMPLAINT')));
    expect(internal.length).toBeGreaterThan(0);
  });
});
