import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKING_RULE_MESSAGES } from '@/domain/booking';
import { danishPublicHolidays } from '@/domain/booking';
import type { TDepartment } from '@/domain/departments';
import { copenhagenParts, fromCopenhagen } from '@/domain/lib/dates';
import { ZERO_GUID } from '@/domain/lib/guid';
import { addVat, formatDkk } from '@/domain/lib/money';
import { orderTotals } from '@/domain/orders';
import { ORDER_SCHEMA_MESSAGES, type TOrder, type TOrderInput } from '@/domain/orders';
import type { TDebitor } from '@/domain/parties';
import { departments, orders, outbox, timeSlots, users } from '@/server/db/schema';
import { departmentByCode, findSlot, get, insurerDebitor, orderBody, windscreenFor, type FoundSlot } from '../helpers/orders';
import { createTestApp, login, type TestContext } from '../helpers/test-app';

/**
 * Issue 10: the server is the authority. Each test sends what a careless or hostile client would and checks that
 * the rule holds on the server: a 4xx with the field's Danish message, and nothing saved.
 */

let ctx: TestContext;
let ks: string;
let op: string;
let aarhus: TDepartment;
let listed: TDepartment;
let car: TOrder['car'];
let windscreen: { itemNo: string; itemPrice: number };
let tryg: TDebitor;
let opId: string;
let slotNo = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  [ks, op] = (await Promise.all(['KS', 'OP'].map((initials) => login(ctx.app, initials)))) as [string, string];
  aarhus = await departmentByCode(ctx.app, ks, 'ARH');
  const departments = await get<TDepartment[]>(ctx.app, ks, '/api/departments/departments');
  listed = departments.find((d) => d.hasWaitingList && !d.mobileService && !d.inActive && d.windowReplaceTimeSlots.length > 0)!;
  ({ car, windscreen } = await windscreenFor(ctx.app, ks, 'AB12345'));
  tryg = await insurerDebitor(ctx.app, ks, 'Tryg');
  const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.initials, 'OP'));
  opId = row!.id;
});
afterAll(() => ctx.close());

const nextSlot = (department = aarhus) => findSlot(ctx.app, ks, department.id, 'windowReplaceSlots', undefined, slotNo++);

/** An order body; the parts orderBody does not build (orderProperties, notificationStatus, complaint …) are sent as given. */
function bodyFor(found: FoundSlot | null, overrides: TOrderInput = {}, department = aarhus): TOrderInput {
  return { ...overrides, ...orderBody({ department, found, car, debitor: tryg, items: [{ itemNo: windscreen.itemNo }], overrides }) };
}

const post = (body: unknown, cookie = ks) =>
  ctx.app.inject({ method: 'POST', url: '/api/order/order', headers: { cookie }, payload: body as object });

async function book(overrides: TOrderInput = {}, found?: FoundSlot, department = aarhus): Promise<TOrder> {
  const response = await post(bodyFor(found ?? (await nextSlot(department)), overrides, department));
  if (response.statusCode !== 200) throw new Error(`booking failed: ${response.body}`);
  return response.json();
}

function put(order: TOrder, cookie: string, patch: (o: TOrder) => void = () => {}) {
  const body = structuredClone(order);
  patch(body);
  return ctx.app.inject({ method: 'PUT', url: '/api/order/order', headers: { cookie }, payload: body });
}

async function orderCount(): Promise<number> {
  const [row] = await ctx.database.db.select({ n: count() }).from(orders);
  return row!.n;
}

/** The `YYYY-MM-DD` of a Copenhagen day `days` from today. */
function dayFromToday(days: number): string {
  const today = copenhagenParts(new Date());
  const p = copenhagenParts(fromCopenhagen(today.year, today.month, today.day + days, 12));
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** Own times on a day, outside the slot plan. */
const ownTimes = (date: string, from = '10:00', to = '11:00') => ({
  timeSlotId: ZERO_GUID,
  date: `${date}T00:00:00`,
  from: `${date}T${from}:00`,
  to: `${date}T${to}:00`,
});

/** A coming weekday that is a public holiday (Christmas Day, Boxing Day, Ascension …). */
function comingWeekdayHoliday(): string {
  const today = dayFromToday(0);
  const year = Number(today.slice(0, 4));
  return [...danishPublicHolidays(year), ...danishPublicHolidays(year + 1)].find(
    (d) => d > dayFromToday(7) && ![0, 6].includes(new Date(`${d}T12:00:00Z`).getUTCDay()),
  )!;
}

function comingSunday(): string {
  for (let days = 7; ; days++) {
    const date = dayFromToday(days);
    if (new Date(`${date}T12:00:00Z`).getUTCDay() === 0) return date;
  }
}

describe('booking outside the slot plan', () => {
  it('refuses a past day, a day years ago, a public holiday and a closed Sunday on create, saving nothing', async () => {
    const before = await orderCount();
    const cases: Array<[string, string]> = [
      [dayFromToday(-3), BOOKING_RULE_MESSAGES.dayPassed],
      ['2020-01-01', BOOKING_RULE_MESSAGES.dayPassed],
      [comingWeekdayHoliday(), BOOKING_RULE_MESSAGES.holiday],
      [comingSunday(), BOOKING_RULE_MESSAGES.dayClosed],
    ];
    for (const [date, message] of cases) {
      const response = await post(bodyFor(null, { timeAndPlace: ownTimes(date) }));
      expect(response.statusCode, `${date}: ${response.body}`).toBe(400);
      expect(response.json().errors['timeAndPlace.date']).toEqual([message]);
    }
    expect(await orderCount()).toBe(before);
  });

  it('books own times on an open coming day within the opening hours, on that day only', async () => {
    const found = await nextSlot();
    const date = found.date.slice(0, 10);
    const response = await post(
      bodyFor(null, { timeAndPlace: ownTimes(date, found.slot.from.slice(11, 16), found.slot.to.slice(11, 16)) }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as TOrder).timeAndPlace).toMatchObject({ timeSlotId: ZERO_GUID, from: found.slot.from, to: found.slot.to });

    const otherDay = await post(bodyFor(null, { timeAndPlace: { ...ownTimes(date), from: `${dayFromToday(40)}T10:00:00` } }));
    expect(otherDay.statusCode).toBe(400);
    expect(otherDay.json().errors['timeAndPlace.from']).toEqual([BOOKING_RULE_MESSAGES.notOnDate]);
    const backwards = await post(bodyFor(null, { timeAndPlace: ownTimes(date, '11:00', '10:00') }));
    expect(backwards.json().errors['timeAndPlace.to']).toEqual([BOOKING_RULE_MESSAGES.fromBeforeTo]);
    const night = await post(bodyFor(null, { timeAndPlace: ownTimes(date, '22:00', '23:00') }));
    expect(night.json().errors['timeAndPlace.from']).toEqual([BOOKING_RULE_MESSAGES.outsideOpeningHours]);
  });

  it("refuses own times and a slot inside the department's notice with its message, saving nothing", async () => {
    const found = await nextSlot();
    const date = found.date.slice(0, 10);
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    const startsAt = fromCopenhagen(y, m, d, Number(found.slot.from.slice(11, 13)), Number(found.slot.from.slice(14, 16)));
    // A notice a day longer than the time left until the slot starts.
    const notice = Math.ceil((startsAt.getTime() - Date.now()) / 3_600_000) + 24;
    const slotBody = bodyFor(found);
    const ownBody = bodyFor(null, { timeAndPlace: ownTimes(date, found.slot.from.slice(11, 16), found.slot.to.slice(11, 16)) });
    const before = await orderCount();
    await ctx.database.db.update(departments).set({ windowChangeTimeOffset: notice }).where(eq(departments.id, aarhus.id));
    try {
      const slot = await post(slotBody);
      expect(slot.statusCode, slot.body).toBe(400);
      expect(slot.json().errors).toEqual({ 'timeAndPlace.timeSlotId': [BOOKING_RULE_MESSAGES.notice(notice)] });
      const own = await post(ownBody);
      expect(own.statusCode, own.body).toBe(400);
      expect(own.json().errors).toEqual({ 'timeAndPlace.from': [BOOKING_RULE_MESSAGES.notice(notice)] });
      expect(await orderCount()).toBe(before);
    } finally {
      await ctx.database.db
        .update(departments)
        .set({ windowChangeTimeOffset: aarhus.windowChangeTimeOffset })
        .where(eq(departments.id, aarhus.id));
    }
    // With the department's own notice the same bookings are taken: the notice was what refused them.
    for (const body of [slotBody, ownBody]) {
      const response = await post(body);
      expect(response.statusCode, response.body).toBe(200);
    }
  });

  it('refuses the same days when a saved order is moved, and when an order is copied', async () => {
    const order = await book();
    const moved = await put(order, ks, (o) => Object.assign(o.timeAndPlace, ownTimes(comingSunday())));
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors['timeAndPlace.date']).toEqual([BOOKING_RULE_MESSAGES.dayClosed]);
    const past = await put(order, ks, (o) => Object.assign(o.timeAndPlace, ownTimes('2020-01-01')));
    expect(past.json().errors['timeAndPlace.date']).toEqual([BOOKING_RULE_MESSAGES.dayPassed]);
    expect((await get<TOrder>(ctx.app, ks, `/api/order/order/${order.additionalData.orderId}`)).timeAndPlace).toEqual(order.timeAndPlace);

    const before = await orderCount();
    const copy = await ctx.app.inject({
      method: 'POST',
      url: `/api/order/copy/${order.additionalData.orderId}`,
      headers: { cookie: ks },
      payload: { internalComment: '', timeAndPlace: { department: { id: aarhus.id }, ...ownTimes(comingWeekdayHoliday()) } },
    });
    expect(copy.statusCode).toBe(400);
    expect(copy.json().errors['timeAndPlace.date']).toEqual([BOOKING_RULE_MESSAGES.holiday]);
    expect(await orderCount()).toBe(before);
  });
});

describe('the waiting list', () => {
  it('exists only where the department keeps one', async () => {
    const unlisted = (await get<TDepartment[]>(ctx.app, ks, '/api/departments/departments')).find(
      (d) => !d.hasWaitingList && !d.mobileService && !d.inActive && d.windowReplaceTimeSlots.length > 0,
    )!;
    const found = await nextSlot(unlisted);
    const response = await post(bodyFor(found, { timeAndPlace: { waitingList: true } }, unlisted));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors['timeAndPlace.waitingList']).toEqual([BOOKING_RULE_MESSAGES.noWaitingList]);
  });

  it('takes bookings on a full slot, and leaving it takes a place through the capacity check (409 when full)', async () => {
    const found = await findSlot(
      ctx.app,
      ks,
      listed.id,
      'windowReplaceSlots',
      (s) => s.available > 0 && s.alreadyBooked === 0 && !s.hasFreeCar,
      3,
    );
    await ctx.database.db.update(timeSlots).set({ maxBookings: 1 }).where(eq(timeSlots.id, found.slot.id));
    await book({}, found, listed);
    const waiting = await Promise.all([1, 2, 3].map(() => book({ timeAndPlace: { waitingList: true } }, found, listed)));
    expect(waiting.map((o) => o.additionalData.orderStatus)).toEqual(['PROCESSING', 'PROCESSING', 'PROCESSING']);

    const leave = await put(waiting[0]!, ks, (o) => (o.timeAndPlace.waitingList = false));
    expect(leave.statusCode).toBe(409);
    expect(leave.json().message).toBe(BOOKING_RULE_MESSAGES.fullyBooked);
    const [held] = await ctx.database.db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.timeSlotId, found.slot.id), eq(orders.bookingDate, found.date.slice(0, 10)), eq(orders.holdsPlace, true)));
    expect(held!.n).toBe(1);
  });
});

describe('the order type', () => {
  it('is one a new order is created as: no complaint or extra sale by POST', async () => {
    const before = await orderCount();
    for (const orderType of ['COMPLAINT', 'INTERNAL_COMPLAINT', 'SALE', 'REPLACE'] as const) {
      const response = await post(bodyFor(await nextSlot(), { additionalData: { orderType } }));
      expect(response.statusCode, orderType).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual(['additionalData.orderType']);
    }
    expect(await orderCount()).toBe(before);
  });

  it('changes on a save only among the replacements and the stone-chip repair', async () => {
    const order = await book();
    const sale = await put(order, op, (o) => {
      o.additionalData.orderType = 'SALE';
      o.additionalData.orderStatus = 'FINISHED';
      o.additionalData.worker = opId;
    });
    expect(sale.statusCode).toBe(400);
    expect(sale.json().errors['additionalData.orderType']).toEqual(['Ordretypen kan ikke skifte fra Forrude til Mersalg']);
    expect((await get<TOrder>(ctx.app, ks, `/api/order/order/${order.additionalData.orderId}`)).additionalData).toMatchObject({
      orderType: 'REPLACE_FRONT',
      orderStatus: 'PROCESSING',
    });

    const side = await put(order, ks, (o) => (o.additionalData.orderType = 'REPLACE_SIDE'));
    expect(side.statusCode, side.body).toBe(200);
    // A stone-chip repair books stone-chip slots: the window slot no longer fits.
    const repair = await put(side.json(), ks, (o) => (o.additionalData.orderType = 'REPAIR'));
    expect(repair.statusCode).toBe(400);
    expect(repair.json().errors['timeAndPlace.timeSlotId']).toEqual([BOOKING_RULE_MESSAGES.slotWrongKind]);
  });
});

describe('fields the server owns', () => {
  it('are not taken from a new order: signed documents, loan car, SMS flags, completion, original order, complaint', async () => {
    const order = await book({
      additionalData: { workCompleted: '2026-01-01T10:00:00', guaranteeId: opId, bookingNr: 'X-1', createdBy: 'HACK' },
      orderProperties: { signCalibrationChallenges: '/api/SignedPDF/fake', signedLoanCar: '/api/SignedPDF/fake2', loanCarId: opId },
      notificationStatus: { smsOnMyWay: true, smsOffer: true, smsArriveBetween8And12: true },
      complaint: { complaintType: 'REPLACE_SLOT', workerFault: true, referenceWorker: opId },
    });
    expect(order.additionalData).toMatchObject({
      workCompleted: null,
      guaranteeId: ZERO_GUID,
      bookingNr: order.additionalData.orderNr,
      createdBy: 'KS',
    });
    expect(order.orderProperties).toMatchObject({ signCalibrationChallenges: '', signedLoanCar: '', loanCarId: ZERO_GUID });
    expect(Object.values(order.notificationStatus)).toEqual([false, false, false, false, false]);
    expect(order.complaint).toBeNull();

    // Without a signed disclaimer, calibration trouble cannot put the job on hold.
    const hold = await put(order, op, (o) => {
      o.additionalData.orderStatus = 'ON_HOLD';
      o.additionalData.onHoldReason = 'Kalibreringsudfordringer';
      o.additionalData.onHoldComment = 'Kamera kan ikke kalibreres';
      o.additionalData.worker = opId;
      o.additionalData.windowManufacturer = 'AGC';
    });
    expect(hold.statusCode).toBe(422);
    expect(hold.json().errors['orderProperties.signCalibrationChallenges']).toEqual(['Ansvarsfraskrivelse skal underskrives']);
  });

  it('stay as stored when a save sends others', async () => {
    const order = await book();
    const saved = await put(order, ks, (o) => {
      o.orderProperties.signedLoanCar = '/api/SignedPDF/fake';
      o.notificationStatus.smsOnMyWay = true;
      o.additionalData.workCompleted = '2026-01-01T10:00:00';
      o.additionalData.guaranteeId = opId;
      o.complaint = {
        complaintType: 'REPLACE_SLOT',
        issues: [],
        otherIssue: '',
        workerFault: true,
        referenceWorker: opId,
        referenceJobType: '',
        oldManufacturer: '',
        logs: [],
      };
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = saved.json() as TOrder;
    expect(stored.orderProperties.signedLoanCar).toBe('');
    expect(stored.notificationStatus.smsOnMyWay).toBe(false);
    expect(stored.additionalData).toMatchObject({ workCompleted: null, guaranteeId: ZERO_GUID });
    expect(stored.complaint).toBeNull();
  });

  it('takes a registered debitor from the register by its number; an unknown number is a field error', async () => {
    const byNumber = await post({ ...bodyFor(await nextSlot()), debitor: { no: tryg.no } });
    expect(byNumber.statusCode, byNumber.body).toBe(200);
    expect((byNumber.json() as TOrder).debitor).toMatchObject({ no: tryg.no, debitorName: tryg.debitorName, phone: tryg.phone });

    const forged = await post({ ...bodyFor(await nextSlot()), debitor: { ...tryg, debitorName: 'Anden Betaler ApS', phone: '99999999' } });
    expect((forged.json() as TOrder).debitor).toMatchObject({ debitorName: tryg.debitorName, phone: tryg.phone });

    const before = await orderCount();
    const unknown = await post({ ...bodyFor(await nextSlot()), debitor: { no: 'FINDES-IKKE' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ 'debitor.no': ['Debitoren findes ikke i debitorregistret'] });
    expect(await orderCount()).toBe(before);
  });

  it('gives an extra sale no fitting line (UD), for limpuder or the loan car excess waiver', async () => {
    const original = await book();
    const sale = (
      await ctx.app.inject({ method: 'GET', url: `/api/MoreSaleOrder/create/${original.additionalData.orderId}`, headers: { cookie: op } })
    ).json() as TOrder;
    const saved = await put(sale, op, (o) => {
      o.items = [{ ...original.items[0]!, itemNo: '337', no: '337', name: 'Limpude', itemPrice: 65, isMainItem: false }];
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as TOrder).items.map((i) => i.itemNo)).toEqual(['337']);

    const waiver = await ctx.app.inject({
      method: 'GET',
      url: `/api/MoreSaleOrder/create/${original.additionalData.orderId}/LoanCarInsurance`,
      headers: { cookie: op },
    });
    const resaved = await put(waiver.json(), op);
    expect((resaved.json() as TOrder).items.map((i) => i.itemNo)).toEqual(['BIL003']);
  });

  it('sends the order discount to the ERP and in the e-mail, adding up to the order total', async () => {
    const order = await book({ additionalData: { discountPercent: 10 } });
    const totals = orderTotals(order);
    expect(totals.discountOre).toBeGreaterThan(0);
    const messages = await ctx.database.db.select().from(outbox).where(eq(outbox.orderId, order.additionalData.orderId));
    const erp = JSON.parse(messages.find((m) => m.channel === 'ERP')!.body) as {
      Items: Array<{ Payment: number; Discount_Percent: number; ItemNo: string }>;
    };
    const paid = Math.round(erp.Items.reduce((sum, item) => sum + item.Payment, 0) * 100);
    expect(paid).toBe(totals.totalExclOre);
    expect(erp.Items.filter((item) => item.Payment > 0).every((item) => item.Discount_Percent >= 10)).toBe(true);
    const mail = messages.find((m) => m.channel === 'EMAIL')!;
    expect(mail.body).toContain('Rabat: -');
  });

  it('sends a kr discount to the ERP and in the confirmation, offer and receipt e-mails, adding up to the order total', async () => {
    const order = await book({ additionalData: { discountAmount: 100.01 } });
    expect(order.additionalData).toMatchObject({ discountAmount: 100.01, discountPercent: 0 });
    const totals = orderTotals(order);
    expect(totals.discountOre).toBe(10_001);
    const [stored] = await ctx.database.db
      .select({ totalOre: orders.totalOre })
      .from(orders)
      .where(eq(orders.id, order.additionalData.orderId));
    expect(stored!.totalOre).toBe(totals.totalExclOre);

    const messages = await ctx.database.db.select().from(outbox).where(eq(outbox.orderId, order.additionalData.orderId));
    const erp = JSON.parse(messages.find((m) => m.channel === 'ERP')!.body) as {
      Items: Array<{ Payment: number; Discount_Percent: number; ItemNo: string }>;
    };
    const paid = erp.Items.reduce((sum, item) => sum + Math.round(item.Payment * 100), 0);
    expect(paid).toBe(totals.totalExclOre);
    const charged = erp.Items.filter((item) => item.Payment > 0);
    expect(charged.length).toBeGreaterThan(0);
    expect(
      charged.every((item) => item.Discount_Percent > 0),
      JSON.stringify(erp.Items),
    ).toBe(true);

    const total = `I alt inkl. moms: ${formatDkk(addVat(stored!.totalOre))}`;
    const discount = `Rabat: -${formatDkk(addVat(totals.discountOre))}`;
    const confirmation = messages.find((m) => m.kind === 'ORDER_CONFIRMATION' && m.channel === 'EMAIL')!;
    expect(confirmation.body.split('\n')).toEqual(expect.arrayContaining([total, discount]));

    for (const [url, kind] of [
      ['/api/email/sendoffer', 'ORDER_OFFER'],
      ['/api/email/sendreceipt', 'ORDER_RECEIPT'],
    ] as const) {
      const sent = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { cookie: ks },
        payload: { Order_Id: order.additionalData.orderId },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const [mail] = await ctx.database.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.orderId, order.additionalData.orderId), eq(outbox.kind, kind)));
      expect(mail!.body.split('\n'), kind).toEqual(expect.arrayContaining([total, discount]));
    }
  });
});

describe('values outside the rules', () => {
  const cases: Array<[string, TOrderInput | ((body: TOrderInput) => TOrderInput), string]> = [
    ['discount percent above 100', { additionalData: { discountPercent: 101 } }, 'additionalData.discountPercent'],
    ['negative discount percent', { additionalData: { discountPercent: -1 } }, 'additionalData.discountPercent'],
    ['negative kr discount', { additionalData: { discountAmount: -1 } }, 'additionalData.discountAmount'],
    ['both discounts at once', { additionalData: { discountAmount: 10, discountPercent: 5 } }, 'additionalData.discountAmount'],
    ['a kr discount above the total', { additionalData: { discountAmount: 999_999 } }, 'additionalData.discountAmount'],
    ['a negative price', (b) => ({ ...b, items: [{ ...b.items![0]!, itemPrice: -1 }] }), 'items.0.itemPrice'],
    ['an amount of a billion', (b) => ({ ...b, items: [{ ...b.items![0]!, amount: 1e9 }] }), 'items.0.amount'],
    ['a price of 1e12', (b) => ({ ...b, items: [{ ...b.items![0]!, itemPrice: 1e12 }] }), 'items.0.itemPrice'],
    ['time spent not in steps of 15', { additionalData: { timeSpent: 20 } }, 'additionalData.timeSpent'],
    ['time spent 0', { additionalData: { timeSpent: 0 } }, 'additionalData.timeSpent'],
    ['time spent 195, past 180 but not 180+', { additionalData: { timeSpent: 195 } }, 'additionalData.timeSpent'],
    ['negative kilometres', { additionalData: { workKM: -5 } }, 'additionalData.workKM'],
    ['an OE window reason 4', { orderProperties: { oeWindowReason: 4 } }, 'orderProperties.oeWindowReason'],
    ['an OE window reason 0', { orderProperties: { oeWindowReason: 0 } }, 'orderProperties.oeWindowReason'],
    ['customer contacted not from its list', { orderProperties: { customerContacted: 'Måske' } }, 'orderProperties.customerContacted'],
    ['leasing not from its list', { car: { leasing: 'Ja tak' } }, 'car.leasing'],
    ['a phone prefix that is no country code', { customer: { phonePrefix: '45abc' } }, 'customer.phonePrefix'],
    ['a priority of a million', { additionalData: { priority: 1e6 } }, 'additionalData.priority'],
    ['a model year 3000', { car: { modelYear: 3000 } }, 'car.modelYear'],
    ['a negative make id', { car: { manuId: -1 } }, 'car.manuId'],
    ['the same product twice', (b) => ({ ...b, items: [b.items![0]!, b.items![0]!] }), 'items'],
    ['the service line as main item', (b) => ({ ...b, items: [...b.items!, { itemNo: 'UD', amount: 1, isMainItem: true }] }), 'items'],
    ['a malformed slot id', { timeAndPlace: { timeSlotId: 'abc' } }, 'timeAndPlace.timeSlotId'],
    ['a malformed fitter id', { additionalData: { worker: 'zzz' } }, 'additionalData.worker'],
    ['an unknown fitter', { additionalData: { worker: '7f1c0d4e-3a0c-4d55-9a53-0d6c7b0c1a11' } }, 'additionalData.worker'],
    ['an unknown order status value', { additionalData: { orderStatus: 'GODKENDT' as never } }, 'additionalData.orderStatus'],
  ];

  it.each(cases)('refuses %s with a Danish field message, saving nothing', async (_name, change, field) => {
    const before = await orderCount();
    const base = bodyFor(await nextSlot());
    const body =
      typeof change === 'function'
        ? change(base)
        : { ...base, ...Object.fromEntries(Object.entries(change).map(([k, v]) => [k, { ...(base as Record<string, object>)[k], ...v }])) };
    const response = await post(body);
    expect(response.statusCode, response.body).toBe(400);
    const { errors, type } = response.json() as { errors: Record<string, string[]>; type: string };
    expect(type).toBe('VALIDATION_ERROR');
    expect(errors[field], JSON.stringify(errors)).toBeDefined();
    expect(errors[field]!.join(' ')).not.toMatch(/[A-Za-z]+ (is|must|expected|invalid)/i);
    expect(await orderCount()).toBe(before);
  });

  it("takes 999 ('180+') as time spent, and refuses 0 and 195 and an OE reason 0 on a save too, changing nothing", async () => {
    const order = await book({ additionalData: { timeSpent: 999 }, orderProperties: { oeWindowReason: 2 } });
    expect(order.additionalData.timeSpent).toBe(999);
    expect(order.orderProperties.oeWindowReason).toBe(2);
    for (const timeSpent of [0, 195]) {
      const saved = await put(order, ks, (o) => (o.additionalData.timeSpent = timeSpent));
      expect(saved.statusCode, `${timeSpent}: ${saved.body}`).toBe(400);
      expect(saved.json().errors).toEqual({ 'additionalData.timeSpent': [ORDER_SCHEMA_MESSAGES.timeSpent] });
    }
    const reason = await put(order, ks, (o) => (o.orderProperties.oeWindowReason = 0));
    expect(reason.statusCode).toBe(400);
    expect(reason.json().errors).toEqual({ 'orderProperties.oeWindowReason': [ORDER_SCHEMA_MESSAGES.notAllowed] });
    expect(await get<TOrder>(ctx.app, ks, `/api/order/order/${order.additionalData.orderId}`)).toEqual(order);
  });

  it('says an unknown value is not allowed, not that it is missing', async () => {
    const order = await book();
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/Complaint/create/${order.additionalData.orderId}`,
      headers: { cookie: ks },
      payload: { type: 'NABO' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ type: ['Værdien er ikke tilladt'] });
    const missing = await ctx.app.inject({
      method: 'POST',
      url: `/api/Complaint/create/${order.additionalData.orderId}`,
      headers: { cookie: ks },
      payload: {},
    });
    expect(missing.json().errors).toEqual({ type: ['Feltet er påkrævet'] });
  });

  it('takes complaint issues only from the reason lists, with their art, and not beside an other-issue text', async () => {
    const order = await book({ additionalData: { whoIsPaying: 'CASH' } });
    const finished = (
      await put(order, op, (o) => {
        o.additionalData.orderStatus = 'FINISHED';
        o.additionalData.worker = opId;
        o.additionalData.windowManufacturer = 'AGC';
      })
    ).json() as TOrder;
    const complaint = (
      await ctx.app.inject({
        method: 'POST',
        url: `/api/Complaint/create/${finished.additionalData.orderId}`,
        headers: { cookie: ks },
        payload: { type: 'WITHOUT_SLOT' },
      })
    ).json() as TOrder;
    const reasons = await get<{ customer: Array<{ text: string }> }>(ctx.app, ks, '/api/complaint/reasons');
    const reason = reasons.customer[0]!.text;

    const unknown = await put(complaint, ks, (o) => (o.complaint!.issues = [{ issue: 'Kunden er sur', art: 'CUSTOMER' }]));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors['complaint.issues']).toEqual(["Årsagen 'Kunden er sur' findes ikke på listen"]);
    const wrongArt = await put(complaint, ks, (o) => (o.complaint!.issues = [{ issue: reason, art: 'INTERNAL' }]));
    expect(wrongArt.statusCode).toBe(400);
    const badArt = await put(complaint, ks, (o) => (o.complaint!.issues = [{ issue: reason, art: 'ANDET' as never }]));
    expect(badArt.statusCode).toBe(400);
    expect(Object.keys(badArt.json().errors)).toEqual(['complaint.issues.0.art']);
    const both = await put(complaint, ks, (o) => {
      o.complaint!.issues = [{ issue: reason, art: 'CUSTOMER' }];
      o.complaint!.otherIssue = 'Og noget andet';
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().errors['complaint.otherIssue']).toBeDefined();
    const fine = await put(complaint, ks, (o) => (o.complaint!.issues = [{ issue: reason, art: 'CUSTOMER' }]));
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('refuses a log entry for an order that does not exist, a nearest search for an unknown order type, and a loan agreement without a loan car', async () => {
    const log = await ctx.app.inject({
      method: 'POST',
      url: '/api/log/log',
      headers: { cookie: ks },
      payload: { logType: 'CANCELLED', logReason: 'Andet', logComment: 'Test', orderNo: '999999999' },
    });
    expect(log.statusCode).toBe(400);
    expect(log.json().errors).toEqual({ orderNo: ['Ordren findes ikke'] });

    const nearest = await ctx.app.inject({
      method: 'POST',
      url: '/api/timeslot/nearest',
      headers: { cookie: ks },
      payload: { orderType: 'FLYVEMASKINE', searchCriteria: { zipCode: '8000' } },
    });
    expect(nearest.statusCode).toBe(400);
    expect(Object.keys(nearest.json().errors)).toEqual(['orderType']);

    const order = await book();
    expect(order.items.some((i) => i.itemNo === 'BIL001')).toBe(false);
    const cars = await get<Array<{ id: string }>>(ctx.app, op, `/api/DepartmentLoanCar/${aarhus.id}`);
    const boundary = 'x-boundary';
    const sign = await ctx.app.inject({
      method: 'PUT',
      url: `/api/SignedPDF/SignLoanCar/${order.additionalData.orderId}/${cars[0]!.id}`,
      headers: { cookie: op, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="s.png"\r\nContent-Type: image/png\r\n\r\nx\r\n--${boundary}--\r\n`,
    });
    expect(sign.statusCode).toBe(409);
    expect(sign.json().message).toBe('Ordren har ingen lånebil (BIL001), så der er ingen låneaftale at underskrive');
  });
});
