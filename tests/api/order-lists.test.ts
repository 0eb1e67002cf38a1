import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZERO_GUID } from '@/domain/lib/guid';
import type { TOrderList } from '@/domain/order-lists';
import type { TOrder } from '@/domain/orders';
import { departments, insurers, orderJournal, orders, outbox, users } from '@/server/db/schema';
import { createTestApp, login, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let ks: string;
let rev: string;

beforeAll(async () => {
  ctx = await createTestApp();
  [ks, rev] = await Promise.all([login(ctx.app, 'KS'), login(ctx.app, 'REV')]);
});
afterAll(() => ctx.close());

async function post(url: string, cookie: string, payload: object) {
  return ctx.app.inject({ method: 'POST', url, headers: { cookie }, payload });
}
async function list(body: object, cookie = ks, url = '/api/order/orders'): Promise<TOrderList> {
  const response = await post(url, cookie, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const WIDE = { fromDate: '2000-01-01T00:00:00', toDate: '2100-01-01T00:00:00' };
const dayOf = (o: TOrder) => o.timeAndPlace.date ?? '9999';
const numbers = (l: TOrderList) => l.orders.map((o) => o.additionalData.orderNr);

describe('POST /api/order/orders', () => {
  it('gives 25 a page sorted by booking date, pageCount for the whole match, and an empty page past the end', async () => {
    const first = await list({ ...WIDE, page: 0 });
    const total = (await ctx.database.db.$count(orders)) as number;
    expect(first.pageCount).toBe(Math.ceil(total / 25));
    expect(first.orders).toHaveLength(25);
    const second = await list({ ...WIDE, page: 1 });
    expect(second.orders).toHaveLength(25);
    expect(numbers(second).some((n) => numbers(first).includes(n))).toBe(false);
    const days = [...first.orders, ...second.orders].map(dayOf);
    expect([...days].sort()).toEqual(days);
    const past = await list({ ...WIDE, page: first.pageCount });
    expect(past).toEqual({ orders: [], pageCount: first.pageCount });
  });

  it('sorts newest first with DATE_DESC', async () => {
    const desc = await list({ ...WIDE, orderSortType: 'DATE_DESC' });
    const days = desc.orders.map(dayOf).filter((d) => d !== '9999');
    expect([...days].sort().reverse()).toEqual(days);
  });

  it('reads the all-zero GUID and empty values as all', async () => {
    const plain = await list(WIDE);
    const zero = await list({ ...WIDE, department: ZERO_GUID, status: '', type: '', freeText: '', phoneOrMail: '' });
    expect(zero).toEqual(plain);
    const noDates = await list({ fromDate: '', toDate: ZERO_GUID });
    expect(noDates.pageCount).toBe(plain.pageCount);
  });

  it('filters by status, type, department and booking-date range', async () => {
    const [aarhus] = await ctx.database.db.select().from(departments).where(eq(departments.navLocationCode, 'ARH'));
    const found = await list({
      fromDate: '2000-01-01T00:00:00',
      toDate: '2100-01-01T00:00:00',
      status: 'PROCESSING',
      type: 'REPLACE_FRONT',
      department: aarhus!.id,
    });
    expect(found.orders.length).toBeGreaterThan(0);
    for (const o of found.orders) {
      expect(o.additionalData).toMatchObject({ orderStatus: 'PROCESSING', orderType: 'REPLACE_FRONT' });
      expect(o.timeAndPlace.department.id).toBe(aarhus!.id);
    }
    const day = dayOf(found.orders[0]!);
    const oneDay = await list({ fromDate: day, toDate: day, status: 'PROCESSING' });
    expect(oneDay.orders.length).toBeGreaterThan(0);
    expect(oneDay.orders.every((o) => dayOf(o) === day)).toBe(true);
  });

  it('finds by free text: exact order number, part of a plate, e-mail or phone, exact debitor number', async () => {
    const [row] = await ctx.database.db
      .select()
      .from(orders)
      .where(ne(orders.carRegistrationNumber, ''))
      .orderBy(asc(orders.orderNr))
      .limit(1);
    await ctx.database.db
      .update(orders)
      .set({ customerEmail: 'fritekst.kunde@example.dk', customerPhone: '61234987', debitorNo: '39999' })
      .where(eq(orders.id, row!.id));
    const byNr = await list({ freeText: String(row!.orderNr) });
    expect(numbers(byNr)).toContain(String(row!.orderNr));
    const part = row!.carRegistrationNumber.slice(1, 5).toLowerCase();
    const byPlate = await list({ freeText: part, ...WIDE });
    expect(byPlate.orders.length).toBeGreaterThan(0);
    expect(byPlate.orders.every((o) => o.car.registrationNumber.includes(part.toUpperCase()))).toBe(true);
    for (const freeText of ['fritekst.kunde', '1234987', '+45 61 23 49 87', '39999']) {
      expect(numbers(await list({ freeText })), freeText).toContain(String(row!.orderNr));
    }
    // A part of an order number or debitor number is not a match.
    expect(numbers(await list({ freeText: '3999' }))).not.toContain(String(row!.orderNr));
    // A long term (looked up through pieces of itself) matches as a whole, in any case, and only as a whole.
    for (const freeText of ['FRITEKST.KUNDE@EXAMPLE.DK', 'tekst.kunde@exa', 't.KUN', 'kunde@ex']) {
      expect(numbers(await list({ freeText })), freeText).toContain(String(row!.orderNr));
    }
    for (const freeText of [
      'kunde.fritekst',
      'fritekst kunde',
      'fritekst-kunde',
      'fritekst_kunde',
      'kunde.ex',
      'fritekst.kunde@example.com',
    ]) {
      expect(numbers(await list({ freeText })), freeText).not.toContain(String(row!.orderNr));
    }
  });

  it('counts a common free-text term ten pages past the page shown (saying there are more), others up to 5,000, and pages either in date order', async () => {
    // 5,100 spread over 300 days (17 a day, some with a start time), and 1,100 of which 1,050 on one day.
    await ctx.database.db
      .execute(sql`insert into ${orders} (order_nr, order_type, order_status, who_is_paying, customer_email, booking_date, from_at)
      select 900000 + g, 'REPAIR', 'PROCESSING', 'CASH', 'Massekunde' || g || '@example.dk', date '2031-01-01' + (g % 300),
             case when g % 2 = 0 then timestamp '2031-01-01 07:00' + (g % 300) * interval '1 day' + (g % 5) * interval '1 hour' end
      from generate_series(1, 5100) g`);
    await ctx.database.db
      .execute(sql`insert into ${orders} (order_nr, order_type, order_status, who_is_paying, customer_email, booking_date)
      select 910000 + g, 'REPAIR', 'PROCESSING', 'CASH', 'klyngekunde' || g || '@example.dk', case when g <= 1050 then date '2031-06-15' else date '2031-01-01' + (g * 7 % 300) end
      from generate_series(1, 1100) g`);
    const first = await list({ freeText: 'massekunde' });
    expect(first.pageCount).toBe(10);
    expect(first.more).toBe(true);
    expect(first.orders).toHaveLength(25);
    expect(first.orders.every((o) => o.customer.email.startsWith('Massekunde'))).toBe(true);
    const days = first.orders.map(dayOf);
    expect(days[0]).toBe('2031-01-01T00:00:00');
    expect([...days].sort()).toEqual(days);
    // Every page is the one sorting all the matches gives: booking date, then start time (none last), then order number;
    // newest first is the exact reverse, but for orders without a booking date, which come last either way.
    for (const [freeText, prefix, matches] of [
      ['MASSEKUNDE', 'Massekunde%', 5100],
      ['klyngekunde', 'klyngekunde%', 1100],
    ] as const) {
      for (const orderSortType of ['DATE', 'DATE_DESC'] as const) {
        const dir = sql.raw(orderSortType === 'DATE' ? 'asc' : 'desc');
        const all = await ctx.database.db.execute<{ order_nr: number }>(
          sql`select order_nr from ${orders} where customer_email like ${prefix} order by booking_date ${dir} nulls last, from_at ${dir}, order_nr ${dir}`,
        );
        const sorted = all.rows.map((r) => String(r.order_nr));
        for (const page of [0, 1, 2, 20, 39, 43, 120]) {
          const got = await list({ freeText, orderSortType, page });
          const counted = (page + 10) * 25;
          const expected =
            matches > counted ? { pageCount: page + 10, more: true } : { pageCount: Math.ceil(matches / 25), more: undefined };
          expect({ pageCount: got.pageCount, more: got.more }, `${freeText} ${orderSortType} ${page}`).toEqual(expected);
          expect(numbers(got), `${freeText} ${orderSortType} page ${page}`).toEqual(sorted.slice(page * 25, page * 25 + 25));
        }
      }
    }
    expect(await list({ freeText: 'klyngekunde', page: 44 })).toEqual({ orders: [], pageCount: 44 });
    // Gennemsyn's insurer condition reads another table, so its pages come through the indexes and, with over 5,000
    // matches, windows of booking dates.
    const [insurer] = await ctx.database.db.select().from(insurers).limit(1);
    await ctx.database.db.execute(sql`update ${orders} set car_insurance = ${insurer!.name} where order_nr between 900001 and 905100`);
    const insured = await ctx.database.db.execute<{ order_nr: number }>(
      sql`select order_nr from ${orders} where order_nr between 900001 and 905100 order by booking_date desc nulls last, from_at desc, order_nr desc`,
    );
    for (const page of [0, 3, 30]) {
      const got = await list(
        { freeText: 'massekunde', insurer: insurer!.name, orderSortType: 'DATE_DESC', page },
        rev,
        '/api/revieworder/orders',
      );
      expect({ pageCount: got.pageCount, more: got.more }).toEqual({ pageCount: page + 10, more: true });
      expect(numbers(got), `review page ${page}`).toEqual(insured.rows.map((r) => String(r.order_nr)).slice(page * 25, page * 25 + 25));
    }
    // A term that is not common has its matches counted (up to 5,000) and sorted.
    const few = await list({ freeText: 'massekunde51' });
    expect(few.pageCount).toBe(1);
    expect(few.more).toBeUndefined();
    const thousand = await list({ freeText: 'klyngekunde1', orderSortType: 'DATE_DESC' });
    expect(thousand.pageCount).toBe(Math.ceil(212 / 25));
    expect(thousand.more).toBeUndefined();
    // 980 booked and 121 without a booking date: the last pages reach past the booked ones.
    await ctx.database.db
      .execute(sql`insert into ${orders} (order_nr, order_type, order_status, who_is_paying, customer_email, booking_date)
      select 920000 + g, 'REPAIR', 'PROCESSING', 'CASH', 'udatokunde' || g || '@example.dk', case when g <= 980 then date '2031-01-01' + (g % 200) end
      from generate_series(1, 1101) g`);
    for (const orderSortType of ['DATE', 'DATE_DESC'] as const) {
      const dir = sql.raw(orderSortType === 'DATE' ? 'asc' : 'desc');
      const all = await ctx.database.db.execute<{ order_nr: number }>(
        sql`select order_nr from ${orders} where customer_email like 'udatokunde%' order by booking_date ${dir} nulls last, from_at ${dir}, order_nr ${dir}`,
      );
      const sorted = all.rows.map((r) => String(r.order_nr));
      for (const page of [0, 30, 38, 39, 44]) {
        expect(numbers(await list({ freeText: 'udatokunde', orderSortType, page })), `udatokunde ${orderSortType} page ${page}`).toEqual(
          sorted.slice(page * 25, page * 25 + 25),
        );
      }
    }
    await ctx.database.db.execute(sql`delete from ${orders} where order_nr > 900000`);
  });

  it('searches by phone or e-mail across every status and date, newest first', async () => {
    const rows = await ctx.database.db
      .select()
      .from(orders)
      .where(ne(orders.carRegistrationNumber, ''))
      .orderBy(asc(orders.orderNr))
      .limit(3)
      .offset(10);
    await ctx.database.db
      .update(orders)
      .set({ customerPhone: '70809010', customerEmail: 'Samme.Kunde@Example.dk' })
      .where(eq(orders.id, rows[0]!.id));
    await ctx.database.db.update(orders).set({ customerPhone: '70809010', orderStatus: 'CANCELLED' }).where(eq(orders.id, rows[1]!.id));
    await ctx.database.db
      .update(orders)
      .set({ customerEmail: 'samme.kunde@example.dk', orderStatus: 'FINISHED', bookingDate: '2001-05-01' })
      .where(eq(orders.id, rows[2]!.id));
    const byPhone = await list({
      phoneOrMail: '+4570809010',
      status: 'PROCESSING',
      fromDate: '2030-01-01T00:00:00',
      toDate: '2030-01-02T00:00:00',
    });
    expect(numbers(byPhone).sort()).toEqual([String(rows[0]!.orderNr), String(rows[1]!.orderNr)].sort());
    const byMail = await list({ phoneOrMail: 'SAMME.kunde@example.dk' });
    expect(numbers(byMail)).toEqual([String(rows[0]!.orderNr), String(rows[2]!.orderNr)]);
    // Free text within the customer's orders.
    const both = await list({ phoneOrMail: 'samme.kunde@example.dk', freeText: String(rows[2]!.orderNr) });
    expect(numbers(both)).toEqual([String(rows[2]!.orderNr)]);
  });

  it("is open to the list screens' roles and the dashboard, not to others", async () => {
    const tm = await login(ctx.app, 'TM');
    expect((await post('/api/order/orders', tm, {})).statusCode).toBe(403);
    expect((await post('/api/order/orders', rev, {})).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/order/orders', payload: {} })).statusCode).toBe(401);
  });

  it('answers Danish validation messages for a bad filter', async () => {
    const response = await post('/api/order/orders', ks, { status: 'NOPE', page: -1 });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().errors)).toEqual(expect.arrayContaining(['status', 'page']));
  });
});

describe('POST /api/revieworder/orders', () => {
  it('is for Adminstrator and ReviewManager only', async () => {
    expect((await post('/api/revieworder/orders', ks, {})).statusCode).toBe(403);
    expect((await post('/api/revieworder/orders', rev, { status: 'PENDING_REVIEW' })).statusCode).toBe(200);
  });

  it('filters pending orders by insurer name and by reviewer', async () => {
    const [insurer] = await ctx.database.db.select().from(insurers).where(eq(insurers.inReview, true)).limit(1);
    const pending = await ctx.database.db
      .select()
      .from(orders)
      .where(eq(orders.orderStatus, 'PENDING_REVIEW'))
      .orderBy(asc(orders.orderNr))
      .limit(2);
    expect(pending).toHaveLength(2);
    await ctx.database.db
      .update(orders)
      .set({ carInsurance: insurer!.name.toUpperCase(), debitorNo: '' })
      .where(eq(orders.id, pending[0]!.id));
    await ctx.database.db.update(orders).set({ carInsurance: 'Ukendt Forsikring', debitorNo: '' }).where(eq(orders.id, pending[1]!.id));
    const byInsurer = await list({ ...WIDE, status: 'PENDING_REVIEW', insurer: insurer!.name }, rev, '/api/revieworder/orders');
    expect(numbers(byInsurer)).toContain(String(pending[0]!.orderNr));
    expect(numbers(byInsurer)).not.toContain(String(pending[1]!.orderNr));

    const [reviewer] = await ctx.database.db.select().from(users).where(eq(users.initials, 'REV'));
    await ctx.database.db.insert(orderJournal).values({ orderId: pending[1]!.id, userId: reviewer!.id, by: 'REV', text: 'Ordre gemt' });
    const byReviewer = await list({ ...WIDE, status: 'PENDING_REVIEW', reviewer: reviewer!.id }, rev, '/api/revieworder/orders');
    expect(numbers(byReviewer)).toEqual([String(pending[1]!.orderNr)]);
  });
});

describe('POST /api/sms/send', () => {
  let picked = 0;
  async function demoOrder(status: string, set: Partial<typeof orders.$inferInsert> = {}) {
    const [row] = await ctx.database.db
      .select()
      .from(orders)
      .where(eq(orders.orderStatus, status))
      .orderBy(asc(orders.orderNr))
      .limit(1)
      .offset(picked++);
    await ctx.database.db
      .update(orders)
      .set({ customerAllowSms: true, customerPhone: '22334455', customerPhonePrefix: '+45', ...set })
      .where(eq(orders.id, row!.id));
    return row!;
  }
  const sms = (orderId: string) =>
    ctx.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.orderId, orderId), eq(outbox.channel, 'SMS')));
  const send = (cookie: string, orderId: string, kind: string) => post('/api/sms/send', cookie, { orderId, kind });

  it('writes the arrival SMS on the server, queues it and sets the flag', async () => {
    const order = await demoOrder('PROCESSING', { customerName: 'Jens Hansen' });
    const before = (await sms(order.id)).length;
    const response = await send(ks, order.id, 'ARRIVE_BETWEEN_10_14');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ smsArriveBetween10And14: true, smsOffer: false });
    const queued = (await sms(order.id)).filter((m) => m.kind === 'SMS_ARRIVE_BETWEEN_10_14');
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ recipient: '+4522334455', status: 'PENDING' });
    expect(queued[0]!.body).toMatch(/^Hej Jens Hansen\. Vores montør ankommer \d{2}\/\d{2}-\d{4} mellem kl\. 10:00 og 14:00/);
    expect((await sms(order.id)).length).toBe(before + 1);
    const journal = await ctx.database.db.select().from(orderJournal).where(eq(orderJournal.orderId, order.id));
    expect(journal.find((j) => j.text === 'SMS sendt: Ankomst mellem 10-14')).toMatchObject({
      by: 'KS',
      changes: [expect.objectContaining({ field: 'notificationStatus.smsArriveBetween10And14' })],
    });
  });

  it("refuses with 'SMS ikke tilladt' when the customer does not allow SMS, and 'på vej' outside mobile service", async () => {
    const noSms = await demoOrder('PROCESSING', { customerAllowSms: false });
    const refused = await send(ks, noSms.id, 'ARRIVE_BETWEEN_8_12');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: 'SMS ikke tilladt', errors: { kind: ['Kunden har ikke tilladt SMS'] } });
    expect(await sms(noSms.id)).toHaveLength(0);

    const [shop] = await ctx.database.db.select().from(departments).where(eq(departments.mobileService, false)).limit(1);
    const atShop = await demoOrder('PROCESSING', { departmentId: shop!.id });
    const onMyWay = await send(ks, atShop.id, 'ON_MY_WAY');
    expect(onMyWay.statusCode).toBe(422);
    expect(onMyWay.json().message).toBe('SMS ikke tilladt');
    const [van] = await ctx.database.db.select().from(departments).where(eq(departments.mobileService, true)).limit(1);
    const mobile = await demoOrder('PROCESSING', { departmentId: van!.id, mobileAddress: 'Søndergade 1, 8000 Aarhus C' });
    const ok = await send(ks, mobile.id, 'ON_MY_WAY');
    expect(ok.json()).toMatchObject({ smsOnMyWay: true });
    expect((await sms(mobile.id))[0]!.body).toContain('på vej til dig på Søndergade 1, 8000 Aarhus C');
  });

  it('sends the offer reminder once, for Complaint and Adminstrator only', async () => {
    const offer = await demoOrder('OFFER', { smsOffer: false });
    expect((await send(ks, offer.id, 'OFFER_SMS')).statusCode).toBe(403);
    const adm = await login(ctx.app, 'ADM');
    const first = await send(adm, offer.id, 'OFFER_SMS');
    expect(first.json()).toMatchObject({ smsOffer: true });
    expect((await sms(offer.id))[0]!.body).toContain('Husk dit tilbud');
    const again = await send(adm, offer.id, 'OFFER_SMS');
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ kind: ['Tilbuds-SMS er allerede sendt'] });
  });

  it('answers 404 for an unknown order and refuses roles without a list or worksheet', async () => {
    expect((await send(ks, '11111111-1111-4111-8111-111111111111', 'ON_MY_WAY')).statusCode).toBe(404);
    const lag = await login(ctx.app, 'LAG');
    expect((await send(lag, '11111111-1111-4111-8111-111111111111', 'ON_MY_WAY')).statusCode).toBe(403);
  });
});
