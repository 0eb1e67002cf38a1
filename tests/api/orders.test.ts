import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZERO_GUID } from '@/domain/lib/guid';
import type { TOrder } from '@/domain/orders';
import type { TDepartment } from '@/domain/departments';
import type { TDebitor } from '@/domain/parties';
import * as ordersRepo from '@/server/areas/orders/orders.repo';
import { orderItems, orders, outbox, timeSlots } from '@/server/db/schema';
import { createTestApp, login, type TestContext } from '../helpers/test-app';
import { departmentByCode, findSlot, insurerDebitor, orderBody, windscreenFor } from '../helpers/orders';

let ctx: TestContext;
let ks: string;
let aarhus: TDepartment;
let car: TOrder['car'];
let windscreen: { itemNo: string; itemPrice: number; twoPersonJob: boolean };
let tryg: TDebitor;

beforeAll(async () => {
  ctx = await createTestApp();
  ks = await login(ctx.app, 'KS');
  aarhus = await departmentByCode(ctx.app, ks, 'ARH');
  ({ car, windscreen } = await windscreenFor(ctx.app, ks, 'AB12345'));
  tryg = await insurerDebitor(ctx.app, ks, 'Tryg');
});
afterAll(() => ctx.close());

async function post(body: unknown, cookie = ks) {
  return ctx.app.inject({ method: 'POST', url: '/api/order/order', headers: { cookie }, payload: body as object });
}

async function orderCount() {
  return (await ctx.database.db.select({ id: orders.id }).from(orders)).length;
}

describe('creating an order', () => {
  it('books a windscreen for AB12345 paid by insurance, and reads it back in the same shape', async () => {
    const found = await findSlot(ctx.app, ks, aarhus.id, 'windowReplaceSlots');
    const body = orderBody({
      department: aarhus,
      found,
      car,
      debitor: tryg,
      items: [{ itemNo: windscreen.itemNo, itemPrice: windscreen.itemPrice }],
    });
    const response = await post(body);
    expect(response.statusCode, response.body).toBe(200);
    const order = response.json() as TOrder;
    expect(order.additionalData).toMatchObject({
      orderStatus: 'PROCESSING',
      orderType: 'REPLACE_FRONT',
      whoIsPaying: 'INSURANCE',
      createdBy: 'KS',
    });
    expect(order.additionalData.orderNr).toMatch(/^\d{6}$/);
    expect(order.timeAndPlace).toMatchObject({ timeSlotId: found.slot.id, date: found.date, from: found.slot.from, to: found.slot.to });
    expect(order.timeAndPlace.department).toMatchObject({ id: aarhus.id, navLocationCode: 'ARH', mobileService: false });
    // The server adds the fixed service line to a replace order.
    expect(order.items.map((i) => i.itemNo)).toEqual([windscreen.itemNo, 'UD']);
    expect(order.additionalData.twoManJob).toBe(windscreen.twoPersonJob);
    expect(order.car).toMatchObject({ registrationNumber: 'AB12345', make: car.make, model: car.model, modelYear: 2019 });
    expect(order.debitor).toMatchObject({ no: tryg.no, debitorName: tryg.debitorName });

    const read = await ctx.app.inject({ method: 'GET', url: `/api/order/order/${order.additionalData.orderId}`, headers: { cookie: ks } });
    expect(read.json()).toEqual(order);
  });

  it('queues the ERP export, the SMS and the confirmation e-mail with the order, and reports them on the receipt', async () => {
    const found = await findSlot(ctx.app, ks, aarhus.id, 'windowReplaceSlots', undefined, 1);
    const order = (
      await post(orderBody({ department: aarhus, found, car, debitor: tryg, items: [{ itemNo: windscreen.itemNo }] }))
    ).json() as TOrder;
    const messages = await ctx.database.db.select().from(outbox).where(eq(outbox.orderId, order.additionalData.orderId));
    expect(messages.map((m) => `${m.channel}:${m.kind}`).sort()).toEqual([
      'EMAIL:ORDER_CONFIRMATION',
      'ERP:ORDER_EXPORT',
      'SMS:ORDER_CONFIRMATION',
    ]);
    const sms = messages.find((m) => m.channel === 'SMS')!;
    expect(sms.recipient).toBe('+4522334455');
    expect(sms.body).toContain(order.additionalData.orderNr);
    const erp = JSON.parse(messages.find((m) => m.channel === 'ERP')!.body);
    expect(erp).toMatchObject({
      Order_No: order.additionalData.orderNr,
      NavLocationCode: 'ARH',
      CreatedBy: 'KS',
      Car_Year: 2019,
      Order_Type: 'REPLACE_FRONT',
    });

    const receipt = await ctx.app.inject({
      method: 'GET',
      url: `/api/order/receipt/${order.additionalData.orderId}`,
      headers: { cookie: ks },
    });
    expect(receipt.json()).toMatchObject({ erp: 'PENDING', calendar: true, sms: true, email: true });
  });

  it('gives a new order, its lines and its messages time-ordered ids (UUID version 7), so they go at the end of their indexes', async () => {
    const v7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const made = (id: string) => parseInt(id.replaceAll('-', '').slice(0, 12), 16);
    const before = Date.now();
    const first = (
      await post(
        orderBody({
          department: aarhus,
          found: await findSlot(ctx.app, ks, aarhus.id, 'windowReplaceSlots', undefined, 2),
          car,
          debitor: tryg,
          items: [{ itemNo: windscreen.itemNo }],
        }),
      )
    ).json() as TOrder;
    const second = (
      await post(
        orderBody({
          department: aarhus,
          found: await findSlot(ctx.app, ks, aarhus.id, 'windowReplaceSlots', undefined, 3),
          car,
          debitor: tryg,
          items: [{ itemNo: windscreen.itemNo }],
        }),
      )
    ).json() as TOrder;
    const after = Date.now();
    const [a, b] = [first.additionalData.orderId, second.additionalData.orderId];
    expect(a).toMatch(v7);
    expect(b).toMatch(v7);
    expect(b > a).toBe(true);
    expect(made(a)).toBeGreaterThanOrEqual(before);
    expect(made(b)).toBeLessThanOrEqual(after);
    // Lines and messages take the database's default id (uuid_v7()), stamped with the database server's clock.
    const lines = await ctx.database.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, b));
    const messages = await ctx.database.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.orderId, b));
    expect(lines.length).toBeGreaterThan(0);
    expect(messages.length).toBe(3);
    for (const { id } of [...lines, ...messages]) {
      expect(id).toMatch(v7);
      expect(Math.abs(made(id) - made(b))).toBeLessThan(60_000);
    }
  });

  it('sends no SMS when the customer does not allow it', async () => {
    const found = await findSlot(ctx.app, ks, aarhus.id, 'windowReplaceSlots', undefined, 2);
    const body = orderBody({
      department: aarhus,
      found,
      car,
      debitor: tryg,
      items: [{ itemNo: windscreen.itemNo }],
      overrides: { customer: { allowSms: false } },
    });
    const order = (await post(body)).json() as TOrder;
    const messages = await ctx.database.db.select().from(outbox).where(eq(outbox.orderId, order.additionalData.orderId));
    expect(messages.some((m) => m.channel === 'SMS')).toBe(false);
  });

  it('sends an offer by e-mail: status OFFER, no ERP export, and it takes no place in the slot', async () => {
    const found = await findSlot(ctx.app, ks, aarhus.id, 'windowReplaceSlots');
    const body = orderBody({
      department: aarhus,
      found,
      car,
      debitor: tryg,
      items: [{ itemNo: windscreen.itemNo }],
      overrides: { additionalData: { orderStatus: 'OFFER' } },
    });
    const order = (await post(body)).json() as TOrder;
    expect(order.additionalData.orderStatus).toBe('OFFER');
    const messages = await ctx.database.db.select().from(outbox).where(eq(outbox.orderId, order.additionalData.orderId));
    expect(messages.map((m) => `${m.channel}:${m.kind}`)).toEqual(['EMAIL:OFFER']);
    expect(messages[0]!.subject).toBe(`Tilbud ${order.additionalData.orderNr} fra Rudeplan`);
    const receipt = await ctx.app.inject({
      method: 'GET',
      url: `/api/order/receipt/${order.additionalData.orderId}`,
      headers: { cookie: ks },
    });
    expect(receipt.json()).toMatchObject({ erp: null, calendar: false });
  });

  it('gives unique, sequential order numbers under concurrent creation', async () => {
    const bodies = await Promise.all(
      Array.from({ length: 8 }, async () =>
        orderBody({
          department: aarhus,
          found: null,
          car,
          debitor: tryg,
          items: [{ itemNo: windscreen.itemNo }],
          overrides: {
            additionalData: { orderStatus: 'OFFER' },
            timeAndPlace: { date: '2027-02-01T00:00:00', from: '2027-02-01T08:00:00', to: '2027-02-01T10:00:00' },
          },
        }),
      ),
    );
    const numbers = (await Promise.all(bodies.map((b) => post(b)))).map((r) => Number((r.json() as TOrder).additionalData.orderNr));
    numbers.sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(8);
    expect(numbers.at(-1)! - numbers[0]!).toBe(7);
  });

  it('refuses an insurance order with missing customer fields, a bad phone of an unregistered debitor and no items, saving nothing', async () => {
    const before = await orderCount();
    const found = await findSlot(ctx.app, ks, aarhus.id, 'windowReplaceSlots');
    const body = orderBody({
      department: aarhus,
      found,
      car,
      debitor: tryg,
      items: [],
      overrides: {
        customer: { name: '', address: '', city: '', email: 'ikke-en-mail', phone: '1234' },
        debitor: { no: '', phone: '12ab' },
      },
    });
    const response = await post(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      type: 'VALIDATION_ERROR',
      errors: {
        'customer.name': ['Feltet er påkrævet'],
        'customer.address': ['Feltet er påkrævet'],
        'customer.city': ['Feltet er påkrævet'],
        'customer.email': ['Feltet skal være en email'],
        'customer.phone': ['Minimum 8 tegn krævet'],
        'debitor.phone': ['Feltet skal være et tal'],
        items: ['Du skal vælge mindst ét produkt'],
      },
    });
    expect(await orderCount()).toBe(before);
  });

  it('needs only the phone from a cash customer', async () => {
    const found = await findSlot(ctx.app, ks, aarhus.id, 'windowReplaceSlots', undefined, 3);
    const cashDebitor: TDebitor = {
      ...tryg,
      no: aarhus.debitorId,
      debitorName: 'Kontant Aarhus',
      address: 'Søren Frichs Vej 40',
      phone: '86112233',
    };
    const body = orderBody({
      department: aarhus,
      found,
      car,
      debitor: cashDebitor,
      items: [{ itemNo: windscreen.itemNo }],
      overrides: {
        additionalData: { whoIsPaying: 'CASH' },
        customer: { name: '', address: '', city: '', zipCode: '', email: '', phone: '33445566' },
      },
    });
    const response = await post(body);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses booking details that do not hold together', async () => {
    const found = await findSlot(ctx.app, ks, aarhus.id, 'windowReplaceSlots');
    const other = await departmentByCode(ctx.app, ks, 'ODE');
    const wrongDepartment = await post(orderBody({ department: other, found, car, debitor: tryg, items: [{ itemNo: windscreen.itemNo }] }));
    expect(wrongDepartment.json().errors).toEqual({ 'timeAndPlace.timeSlotId': ['Det valgte timeslot findes ikke i afdelingen'] });
    const repair = await post(
      orderBody({
        department: aarhus,
        found,
        car,
        debitor: tryg,
        items: [{ itemNo: 'REP1' }],
        overrides: { additionalData: { orderType: 'REPAIR' } },
      }),
    );
    expect(repair.json().errors).toEqual({ 'timeAndPlace.timeSlotId': ['Det valgte timeslot passer ikke til ordretypen'] });
    const unknownItem = await post(orderBody({ department: aarhus, found, car, debitor: tryg, items: [{ itemNo: 'NO-SUCH-ITEM' }] }));
    expect(unknownItem.json().errors).toEqual({ items: ['Ukendt varenummer: NO-SUCH-ITEM'] });
    const ownTimeNoDate = { from: '2027-02-01T08:00:00', to: '2027-02-01T10:00:00' };
    const noDate = await post(
      orderBody({
        department: aarhus,
        found: null,
        car,
        debitor: tryg,
        items: [{ itemNo: windscreen.itemNo }],
        overrides: { timeAndPlace: ownTimeNoDate },
      }),
    );
    expect(noDate.json().errors['timeAndPlace.date']).toEqual(['Feltet er påkrævet']);
  });

  it("refuses a new order without a time slot with the spec's 'Du skal vælge et timeslot før du kan gemme ændringerne.'", async () => {
    const message = 'Du skal vælge et timeslot før du kan gemme ændringerne.';
    const found = await findSlot(ctx.app, ks, aarhus.id, 'windowReplaceSlots');
    const before = await orderCount();
    for (const date of [null, found.date]) {
      const response = await post(
        orderBody({
          department: aarhus,
          found: null,
          car,
          debitor: tryg,
          items: [{ itemNo: windscreen.itemNo }],
          overrides: { timeAndPlace: { date, timeSlotId: ZERO_GUID } },
        }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
      expect(response.json().errors['timeAndPlace.timeSlotId']).toEqual([message]);
      expect(response.json().errors['timeAndPlace.from']).toBeUndefined();
    }
    expect(await orderCount()).toBe(before);
  });

  it("refuses an own time without its end with the spec's 'Du mangler at vælge en tid!'", async () => {
    const found = await findSlot(ctx.app, ks, aarhus.id, 'windowReplaceSlots');
    const response = await post(
      orderBody({
        department: aarhus,
        found: null,
        car,
        debitor: tryg,
        items: [{ itemNo: windscreen.itemNo }],
        overrides: { timeAndPlace: { date: found.date, from: found.slot.from, timeSlotId: ZERO_GUID } },
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'Du mangler at vælge en tid!',
      errors: { 'timeAndPlace.to': ['Du mangler at vælge en tid!'] },
    });
  });

  it('does not book a day that has passed, or a day the department is closed', async () => {
    const slots = await ctx.database.db
      .select()
      .from(timeSlots)
      .where(and(eq(timeSlots.departmentId, aarhus.id), eq(timeSlots.type, 'WINDOW_REPLACE')));
    const standardOn = (weekday: number) => slots.find((s) => s.day === weekday && s.date === null && !s.hasFreeCar)!;
    const pastDay = new Date(Date.now() - 86_400_000 * 2);
    while (!standardOn(pastDay.getDay())) pastDay.setDate(pastDay.getDate() - 1);
    const ymd = `${pastDay.getFullYear()}-${String(pastDay.getMonth() + 1).padStart(2, '0')}-${String(pastDay.getDate()).padStart(2, '0')}`;
    const past = { date: `${ymd}T00:00:00`, slot: { id: standardOn(pastDay.getDay()).id, from: null, to: null } as never };
    const response = await post(orderBody({ department: aarhus, found: past, car, debitor: tryg, items: [{ itemNo: windscreen.itemNo }] }));
    expect(response.json().errors).toEqual({ 'timeAndPlace.date': ['Der kan ikke bookes på en dag, der er gået'] });

    // Christmas Eve 2027 is an ordinary Friday; Good Friday (26 March 2027) is a public holiday.
    const christmas = { date: '2027-12-24T00:00:00', slot: { id: standardOn(5).id, from: null, to: null } as never };
    const closed = await post(
      orderBody({ department: aarhus, found: christmas, car, debitor: tryg, items: [{ itemNo: windscreen.itemNo }] }),
    );
    expect(closed.statusCode).toBe(200);
    const holiday = { date: '2027-03-26T00:00:00', slot: { id: standardOn(5).id, from: null, to: null } as never };
    const goodFriday = await post(
      orderBody({ department: aarhus, found: holiday, car, debitor: tryg, items: [{ itemNo: windscreen.itemNo }] }),
    );
    expect(goodFriday.json().errors).toEqual({ 'timeAndPlace.date': ['Der kan ikke bookes på en helligdag'] });
  });

  it('accepts only PROCESSING (Booking) or OFFER (Email Tilbud) on a new order', async () => {
    const found = await findSlot(ctx.app, ks, aarhus.id, 'windowReplaceSlots');
    const response = await post(
      orderBody({
        department: aarhus,
        found,
        car,
        debitor: tryg,
        items: [{ itemNo: windscreen.itemNo }],
        overrides: { additionalData: { orderStatus: 'FINISHED' } },
      }),
    );
    expect(response.statusCode).toBe(400);
  });

  it('is refused to roles outside the order flow', async () => {
    const lag = await login(ctx.app, 'LAG');
    const response = await post({}, lag);
    expect(response.statusCode).toBe(403);
  });
});

describe('items and places', () => {
  it('adds the free loan car when the slot has one, and no service line to a stone-chip repair', async () => {
    const found = await findSlot(ctx.app, ks, aarhus.id, 'windowReplaceSlots', (s) => s.available > 0 && s.hasFreeCar);
    const order = (
      await post(orderBody({ department: aarhus, found, car, debitor: tryg, items: [{ itemNo: windscreen.itemNo }] }))
    ).json() as TOrder;
    const loanCar = order.items.find((i) => i.itemNo === 'BIL001');
    expect(loanCar).toMatchObject({ type: 2, itemPrice: 0 });

    const chip = await findSlot(ctx.app, ks, aarhus.id, 'stoneChipSlots');
    const repair = (
      await post(
        orderBody({
          department: aarhus,
          found: chip,
          car,
          debitor: tryg,
          items: [{ itemNo: 'REP1' }],
          overrides: { additionalData: { orderType: 'REPAIR' } },
        }),
      )
    ).json() as TOrder;
    expect(repair.items.map((i) => i.itemNo)).toEqual(['REP1']);
  });

  it('keeps a mobile-service location only at a mobile department, which gets its service-location product', async () => {
    const workshopSlot = await findSlot(ctx.app, ks, aarhus.id, 'windowReplaceSlots', undefined, 4);
    const atWorkshop = (
      await post(
        orderBody({
          department: aarhus,
          found: workshopSlot,
          car,
          debitor: tryg,
          items: [{ itemNo: windscreen.itemNo }],
          overrides: { timeAndPlace: { mobileServiceLocation: { address: 'Vestergade 12, 8000 Aarhus C' } } },
        }),
      )
    ).json() as TOrder;
    expect(atWorkshop.timeAndPlace.mobileServiceLocation.address).toBe('');

    const van = await departmentByCode(ctx.app, ks, 'MARH');
    const vanSlot = await findSlot(ctx.app, ks, van.id, 'windowReplaceSlots');
    const response = await post(
      orderBody({
        department: van,
        found: vanSlot,
        car,
        debitor: tryg,
        items: [{ itemNo: windscreen.itemNo }],
        overrides: { timeAndPlace: { mobileServiceLocation: { address: 'Vestergade 12, 8000 Aarhus C' } } },
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const mobile = response.json() as TOrder;
    expect(mobile.timeAndPlace.mobileServiceLocation.address).toBe('Vestergade 12, 8000 Aarhus C');
    expect(mobile.items.map((i) => i.itemNo)).toContain('REP6');

    const calibration = await post(
      orderBody({
        department: van,
        found: vanSlot,
        car,
        debitor: tryg,
        items: [{ itemNo: windscreen.itemNo }, { itemNo: 'PK3' }],
        overrides: { timeAndPlace: { mobileServiceLocation: { address: 'Vestergade 12, 8000 Aarhus C' } } },
      }),
    );
    expect(calibration.json().errors).toEqual({
      'timeAndPlace.department': ['Kalibrering (PK3, PK5, PK6) kan ikke udføres af en mobil afdeling'],
    });
  });

  it("answers a new order exactly as it reads back: stored rounding, the plate's other open orders, a van, an offer", async () => {
    // The creation answer is built from the stored rows, not read back: it must not differ from GET.
    const first = await post(
      orderBody({
        department: aarhus,
        found: null,
        car,
        debitor: tryg,
        items: [{ itemNo: windscreen.itemNo }],
        overrides: {
          additionalData: { orderStatus: 'OFFER' },
          timeAndPlace: { date: '2027-02-01T00:00:00', from: '2027-02-01T08:00:00', to: '2027-02-01T10:00:00' },
        },
      }),
    );
    expect(first.statusCode, first.body).toBe(200);
    const van = await departmentByCode(ctx.app, ks, 'MARH');
    const vanSlot = await findSlot(ctx.app, ks, van.id, 'windowReplaceSlots', undefined, 1);
    const cases = [
      orderBody({
        department: aarhus,
        // Far into the list of free slots, so the slots the other tests pick stay as they were.
        found: await findSlot(ctx.app, ks, aarhus.id, 'windowReplaceSlots', undefined, 40),
        car,
        debitor: tryg,
        items: [
          { itemNo: windscreen.itemNo, amount: 1.005, itemPrice: 1234.567 },
          { itemNo: '337', amount: 2.5 },
        ],
        overrides: { additionalData: { discountPercent: 12.345, internalOrderComment: 'Ringer før' } },
      }),
      orderBody({
        department: van,
        found: vanSlot,
        car,
        debitor: tryg,
        items: [{ itemNo: windscreen.itemNo }],
        overrides: { timeAndPlace: { mobileServiceLocation: { address: 'Vestergade 12, 8000 Aarhus C', covered: true } } },
      }),
      orderBody({
        department: aarhus,
        found: null,
        car,
        debitor: tryg,
        items: [{ itemNo: windscreen.itemNo }],
        overrides: {
          additionalData: { orderStatus: 'OFFER' },
          timeAndPlace: { date: '2027-02-02T00:00:00', from: '2027-02-02T08:00:00', to: '2027-02-02T10:00:00' },
        },
      }),
    ];
    for (const body of cases) {
      const response = await post(body);
      expect(response.statusCode, response.body).toBe(200);
      const created = response.json() as TOrder;
      expect(created.car.currentOrdersOnReg.map((o) => o.orderNo)).toContain((first.json() as TOrder).additionalData.orderNr);
      const read = await ctx.app.inject({
        method: 'GET',
        url: `/api/order/order/${created.additionalData.orderId}`,
        headers: { cookie: ks },
      });
      expect(read.json()).toEqual(created);
    }
  });
});

describe('slot capacity', () => {
  it('lets exactly maxBookings of 40 concurrent bookings through; the rest get 409 and nothing is saved', async () => {
    const found = await findSlot(ctx.app, ks, aarhus.id, 'windowReplaceSlots', (s) => s.available > 0 && !s.hasFreeCar, 12);
    await ctx.database.db.update(timeSlots).set({ maxBookings: 3 }).where(eq(timeSlots.id, found.slot.id));
    const body = orderBody({ department: aarhus, found, car, debitor: tryg, items: [{ itemNo: windscreen.itemNo }] });
    const before = await orderCount();
    const responses = await Promise.all(Array.from({ length: 40 }, () => post(body)));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(37);
    expect(responses.find((r) => r.statusCode === 409)!.json()).toMatchObject({
      status: 409,
      message: 'Der er ikke flere ledige tider på den valgte dag',
    });
    expect(await orderCount()).toBe(before + 3);
    const held = await ctx.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.timeSlotId, found.slot.id), eq(orders.bookingDate, found.date.slice(0, 10))));
    expect(held).toHaveLength(3);

    // Full: the waiting list, an offer, and a deliberate booking outside the slot still go through.
    const waiting = await post({ ...body, timeAndPlace: { ...body.timeAndPlace, waitingList: true } });
    expect(waiting.statusCode).toBe(200);
    const offer = await post({ ...body, additionalData: { ...body.additionalData, orderStatus: 'OFFER' } });
    expect(offer.statusCode).toBe(200);
    const outside = await post({ ...body, timeAndPlace: { ...body.timeAndPlace, timeSlotId: ZERO_GUID } });
    expect(outside.statusCode).toBe(200);
    expect((outside.json() as TOrder).timeAndPlace).toMatchObject({ timeSlotId: ZERO_GUID, from: found.slot.from, to: found.slot.to });
  });

  it('stores a booking only while its slot is as the checks read it and has a place, and then takes no number', async () => {
    const found = await findSlot(ctx.app, ks, aarhus.id, 'windowReplaceSlots', (s) => s.available > 0 && !s.hasFreeCar, 60);
    const date = found.date.slice(0, 10);
    await ctx.database.db.update(timeSlots).set({ maxBookings: 2 }).where(eq(timeSlots.id, found.slot.id));
    const template = (
      await post(orderBody({ department: aarhus, found, car, debitor: tryg, items: [{ itemNo: windscreen.itemNo }] }))
    ).json() as TOrder;
    const { slot } = await ordersRepo.findOrderFacts(ctx.database.db, aarhus.id, [], { id: found.slot.id, date, lock: null });
    const attempt = () =>
      ordersRepo.insertOrder(ctx.database.db, {
        row: ordersRepo.orderToRow(template, 0),
        items: template.items,
        messages: [
          { channel: 'SMS', kind: 'ORDER_CONFIRMATION', recipient: '+4522334455', body: `Ordre ${ordersRepo.ORDER_NR_MARK} er booket` },
        ],
        slot: { id: found.slot.id, date, asRead: slot!.asRead, count: true },
      });
    const lastNr = async () =>
      (await ctx.database.db.select({ nr: orders.orderNr }).from(orders).orderBy(desc(orders.orderNr)).limit(1))[0]!.nr;
    const before = await lastNr();

    // Changed since the checks read it (an administrator moved it): nothing is stored, the booking is checked again.
    await ctx.database.db
      .update(timeSlots)
      .set({ to: slot!.to - 0.5 })
      .where(eq(timeSlots.id, found.slot.id));
    expect(await attempt()).toEqual({ refused: 'SLOT_CHANGED' });
    await ctx.database.db.update(timeSlots).set({ to: slot!.to }).where(eq(timeSlots.id, found.slot.id));
    // As read, with its second place free: stored, with the number it took in its message.
    const stored = await attempt();
    if (!('row' in stored)) throw new Error(`refused: ${stored.refused}`);
    expect(stored.row.orderNr).toBe(before + 1);
    const [sms] = await ctx.database.db.select().from(outbox).where(eq(outbox.orderId, stored.row.id));
    expect(sms!.body).toBe(`Ordre ${before + 1} er booket`);
    // Both places taken: refused, and no number is used up.
    expect(await attempt()).toEqual({ refused: 'FULL' });
    expect(await lastNr()).toBe(before + 1);
  });
});

describe("the slot lock (lock_slot_for_booking, the booking seam's lock)", () => {
  // Places are counted per slot and date: bookings of one date queue, other dates of the same standard slot do not,
  // and a slot edit (FOR UPDATE) still waits for a booking in flight.
  it('makes bookings of one slot and date queue, lets other dates by, and holds a slot edit off until the booking commits', async () => {
    const { rows } = await ctx.database.pool.query<{ id: string }>(
      `select id from time_slots where department_id = $1 and date is null limit 1`,
      [aarhus.id],
    );
    const slotId = rows[0]!.id;
    const holder = await ctx.database.pool.connect();
    const other = await ctx.database.pool.connect();
    const lock = (date: string) => other.query(`select lock_slot_for_booking($1, $2::date, true, null)`, [slotId, date]);
    try {
      await holder.query('begin');
      await holder.query(`select lock_slot_for_booking($1, '2027-03-01'::date, true, null)`, [slotId]);
      await other.query('begin');
      await other.query(`set local lock_timeout = '300ms'`);
      // Another date of the same slot: no wait.
      await lock('2027-03-08');
      await other.query('rollback');

      await other.query('begin');
      await other.query(`set local lock_timeout = '300ms'`);
      await expect(lock('2027-03-01')).rejects.toMatchObject({ code: '55P03' });
      await other.query('rollback');

      await other.query('begin');
      await other.query(`set local lock_timeout = '300ms'`);
      await expect(other.query(`select id from time_slots where id = $1 for update`, [slotId])).rejects.toMatchObject({ code: '55P03' });
      await other.query('rollback');

      await holder.query('commit');
      await other.query('begin');
      await other.query(`set local lock_timeout = '300ms'`);
      await lock('2027-03-01');
      await other.query(`select id from time_slots where id = $1 for update`, [slotId]);
      await other.query('rollback');
    } finally {
      await holder.query('rollback').catch(() => undefined);
      await other.query('rollback').catch(() => undefined);
      holder.release();
      other.release();
    }
  });
});

describe('submitting an existing offer request', () => {
  it('books it under its own number instead of creating a second order, and only once', async () => {
    const [request] = await ctx.database.db.select().from(orders).where(eq(orders.orderStatus, 'OFFER_REQUEST')).limit(1);
    const existing = (
      await ctx.app.inject({ method: 'GET', url: `/api/order/order/${request!.id}`, headers: { cookie: ks } })
    ).json() as TOrder;
    const department = await departmentByCode(ctx.app, ks, existing.timeAndPlace.department.navLocationCode);
    const found = await findSlot(ctx.app, ks, department.id, 'windowReplaceSlots', undefined, 7);
    const body = {
      ...existing,
      additionalData: { ...existing.additionalData, orderStatus: 'PROCESSING' },
      timeAndPlace: { ...existing.timeAndPlace, date: found.date, timeSlotId: found.slot.id, from: found.slot.from, to: found.slot.to },
    };
    const before = await orderCount();
    const response = await post(body);
    expect(response.statusCode, response.body).toBe(200);
    const booked = response.json() as TOrder;
    expect(booked.additionalData).toMatchObject({ orderId: request!.id, orderNr: String(request!.orderNr), orderStatus: 'PROCESSING' });
    expect(await orderCount()).toBe(before);
    const messages = await ctx.database.db.select().from(outbox).where(eq(outbox.orderId, request!.id));
    expect(messages.some((m) => m.channel === 'ERP')).toBe(true);

    const again = await post(body);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Ordren er allerede bestilt');
  });
});

describe('saving an existing order', () => {
  it('refuses a save without a time slot, from or to', async () => {
    const found = await findSlot(ctx.app, ks, aarhus.id, 'windowReplaceSlots', undefined, 5);
    const order = (
      await post(orderBody({ department: aarhus, found, car, debitor: tryg, items: [{ itemNo: windscreen.itemNo }] }))
    ).json() as TOrder;
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/order/order',
      headers: { cookie: ks },
      payload: { ...order, timeAndPlace: { ...order.timeAndPlace, timeSlotId: ZERO_GUID, from: null, to: null } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Du skal vælge et timeslot før du kan gemme ændringerne.');

    // An own time (no slot) needs both ends: 'Du mangler at vælge en tid!' on the one missing.
    const noFrom = await ctx.app.inject({
      method: 'PUT',
      url: '/api/order/order',
      headers: { cookie: ks },
      payload: { ...order, timeAndPlace: { ...order.timeAndPlace, timeSlotId: ZERO_GUID, from: null } },
    });
    expect(noFrom.statusCode).toBe(400);
    expect(noFrom.json()).toMatchObject({
      message: 'Du mangler at vælge en tid!',
      errors: { 'timeAndPlace.from': ['Du mangler at vælge en tid!'] },
    });
  });

  it('saves changes and keeps its place in the slot without counting itself twice', async () => {
    // A slot nobody holds that day, cut to one place: the order takes the last place and must not count itself on save.
    const found = await findSlot(
      ctx.app,
      ks,
      aarhus.id,
      'windowReplaceSlots',
      (s) => s.available > 0 && s.alreadyBooked === 0 && !s.hasFreeCar,
      20,
    );
    await ctx.database.db.update(timeSlots).set({ maxBookings: 1 }).where(eq(timeSlots.id, found.slot.id));
    const booked = await post(orderBody({ department: aarhus, found, car, debitor: tryg, items: [{ itemNo: windscreen.itemNo }] }));
    expect(booked.statusCode, booked.body).toBe(200);
    const order = booked.json() as TOrder;
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/order/order',
      headers: { cookie: ks },
      payload: {
        ...order,
        additionalData: { ...order.additionalData, rekvNr: 'SKADE-4711', internalOrderComment: 'Bilen står på P-pladsen' },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as TOrder).additionalData).toMatchObject({
      rekvNr: 'SKADE-4711',
      internalOrderComment: 'Bilen står på P-pladsen',
    });
  });

  it('cancels an order instead of deleting it', async () => {
    const found = await findSlot(ctx.app, ks, aarhus.id, 'windowReplaceSlots', undefined, 6);
    const order = (
      await post(orderBody({ department: aarhus, found, car, debitor: tryg, items: [{ itemNo: windscreen.itemNo }] }))
    ).json() as TOrder;
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/order/order',
      headers: { cookie: ks },
      payload: { orderId: order.additionalData.orderId },
    });
    expect((response.json() as TOrder).additionalData.orderStatus).toBe('CANCELLED');
  });
});

describe('reading an order again', () => {
  // The answer is kept as sent (OrderAnswers) and used only while the database's version of it holds: each change
  // below is made by hand in SQL, with no announcement, and the next read must show it.
  it("shows every change to the order, its lines, its department and the plate's other open orders", async () => {
    const plate = { ...car, registrationNumber: 'ZX90001' };
    const book = async (nth: number) => {
      const found = await findSlot(ctx.app, ks, aarhus.id, 'windowReplaceSlots', undefined, nth);
      const response = await post(
        orderBody({ department: aarhus, found, car: plate, debitor: tryg, items: [{ itemNo: windscreen.itemNo }] }),
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as TOrder;
    };
    const first = await book(60);
    const id = first.additionalData.orderId;
    const read = async () => {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/order/order/${id}`, headers: { cookie: ks } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      return response.json() as TOrder;
    };
    const pool = ctx.database.pool;

    expect(await read()).toEqual(first);
    expect(await read()).toEqual(first);

    await pool.query(`update orders set customer_name = 'Hanne Holm' where id = $1`, [id]);
    expect((await read()).customer.name).toBe('Hanne Holm');

    const updated = await pool.query(`update order_items set amount = 3 where order_id = $1 and item_no = $2`, [id, windscreen.itemNo]);
    expect(updated.rowCount).toBe(1);
    expect((await read()).items.find((i) => i.itemNo === windscreen.itemNo)!.amount).toBe(3);
    await pool.query(`delete from order_items where order_id = $1 and item_no = 'UD'`, [id]);
    expect((await read()).items.map((i) => i.itemNo)).toEqual([windscreen.itemNo]);

    const name = aarhus.name;
    await pool.query(`update departments set name = 'Aarhus Syd' where id = $1`, [aarhus.id]);
    try {
      expect((await read()).timeAndPlace.department.name).toBe('Aarhus Syd');
    } finally {
      await pool.query(`update departments set name = $2 where id = $1`, [aarhus.id, name]);
    }
    expect((await read()).timeAndPlace.department.name).toBe(name);

    const second = await book(61);
    expect((await read()).car.currentOrdersOnReg).toEqual([{ id: second.additionalData.orderId, orderNo: second.additionalData.orderNr }]);
    await pool.query(`update orders set order_status = 'CANCELLED' where id = $1`, [second.additionalData.orderId]);
    expect((await read()).car.currentOrdersOnReg).toEqual([]);

    await pool.query(`delete from order_items where order_id = $1`, [id]);
    await pool.query(`delete from orders where id = $1`, [id]);
    const gone = await ctx.app.inject({ method: 'GET', url: `/api/order/order/${id}`, headers: { cookie: ks } });
    expect(gone.statusCode).toBe(404);
  });
});
