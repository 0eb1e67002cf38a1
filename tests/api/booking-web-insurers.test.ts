import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TWebBooking, TWebCarFound, TWebOffers, TWebPlace } from '@/domain/booking-web';
import { WEB_BOOKING_MESSAGES, WEB_INSURER_UNKNOWN } from '@/domain/booking-web';
import { createTestApp, login, type TestContext } from '../helpers/test-app';

/** The booking page's insurer (issue 41): picked from the staff flow's insurers, names only, checked by the server. */
let ctx: TestContext;
let adm: string;
let ip = 0;
/** Each call from an address of its own (the limits are booking-web.test.ts's). */
const nextIp = () => `10.42.${Math.floor(++ip / 250)}.${ip % 250}`;
let phone = 21_000_000;
const nextPhone = () => String(++phone);

beforeAll(async () => {
  ctx = await createTestApp();
  adm = await login(ctx.app, 'ADM');
});
afterAll(() => ctx.close());

const post = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, payload, remoteAddress: nextIp() });
const query = { registrationNumber: 'AB12345', job: 'REPLACE_FRONT', zipCode: '8000' };

async function aarhus(): Promise<TWebPlace> {
  const response = await post('/api/web-booking/offers', query);
  expect(response.statusCode, response.body).toBe(200);
  const place = (response.json() as TWebOffers).places.find((p) => p.name === 'Aarhus');
  expect(place, 'Aarhus is offered').toBeDefined();
  return place!;
}

/** A booking paid by the insurer, at Aarhus' first free time (`slot` picks another, so bookings do not fill one slot). */
async function bookWith(insurer: string | undefined, slot = 0, email = 'kunde@example.dk') {
  const place = await aarhus();
  const s = place.slots[slot]!;
  const body = {
    ...query,
    payer: 'INSURANCE',
    ...(insurer === undefined ? {} : { insurer }),
    name: 'Kunde Forsikring',
    phone: nextPhone(),
    // An order the insurer pays has the customer's e-mail (the order's own rule).
    email,
    address: 'Vestergade 1',
    allowSms: true,
    privacyAccepted: true,
    place: { departmentId: place.departmentId, slotId: s.slotId, date: s.date },
  };
  return post('/api/web-booking/book', body);
}

async function carInsuranceOf(orderNr: string): Promise<string> {
  const { rows } = await ctx.database.pool.query<{ car_insurance: string }>('select car_insurance from orders where order_nr = $1', [
    Number(orderNr),
  ]);
  return rows[0]!.car_insurance;
}

describe('web booking: the insurer from the list', () => {
  it("gives the staff flow's insurers with the car, by name only", async () => {
    const response = await post('/api/web-booking/car', { registrationNumber: 'AB12345' });
    expect(response.statusCode, response.body).toBe(200);
    const car = response.json() as TWebCarFound;
    const staff = await ctx.app.inject({ method: 'GET', url: '/api/insurers', headers: { cookie: adm } });
    expect(staff.statusCode).toBe(200);
    const staffInsurers = staff.json() as Array<{ name: string; cashDebitorId: string; bilStatistikName: string }>;
    expect(car.insurers).toEqual(staffInsurers.map((i) => i.name));
    expect(car.insurers).toContain('Tryg');
    // Nothing but the names: no debitor numbers or registry names of the staff list.
    for (const name of car.insurers) expect(typeof name).toBe('string');
    for (const other of staffInsurers.flatMap((i) => [i.cashDebitorId, i.bilStatistikName]).filter((v) => v && !car.insurers.includes(v))) {
      expect(response.body).not.toContain(`"${other}"`);
    }
  });

  it('books with an insurer of the list, and keeps it on the order as the list spells it', async () => {
    const response = await bookWith('tryg');
    expect(response.statusCode, response.body).toBe(201);
    expect(await carInsuranceOf((response.json() as TWebBooking).orderNr)).toBe('Tryg');
  });

  it("books with 'Ved ikke / andet', naming no insurer of the customer's own", async () => {
    const response = await bookWith(WEB_INSURER_UNKNOWN, 1);
    expect(response.statusCode, response.body).toBe(201);
    expect(await carInsuranceOf((response.json() as TWebBooking).orderNr)).not.toBe(WEB_INSURER_UNKNOWN);
  });

  it('refuses an insurer not on the list, or none, with a Danish field message, and books nothing', async () => {
    const { rows: before } = await ctx.database.pool.query<{ n: string }>('select count(*) as n from orders');
    for (const insurer of ['Forsikring Der Ikke Findes', '', undefined]) {
      const response = await bookWith(insurer, 2);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        type: 'VALIDATION_ERROR',
        message: WEB_BOOKING_MESSAGES.insurer,
        errors: { insurer: [WEB_BOOKING_MESSAGES.insurer] },
      });
    }
    const { rows: after } = await ctx.database.pool.query<{ n: string }>('select count(*) as n from orders');
    expect(after[0]!.n).toBe(before[0]!.n);
  });
});

describe('web booking: the e-mail when the insurer pays', () => {
  it("asks for the customer's e-mail with a Danish field message, not the order's own", async () => {
    const response = await bookWith('Tryg', 3, '');
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ type: 'VALIDATION_ERROR', errors: { email: [WEB_BOOKING_MESSAGES.emailForInsurance] } });
  });
});
