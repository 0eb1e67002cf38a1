import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TWebBooking, TWebOffers, TWebPlace } from '@/domain/booking-web';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createManageToken, MANAGE_KEY_NAME } from '@/server/areas/booking-web/manage-token';
import { appsWithEnv } from '../helpers/app-with-env';
import { createTestApp, login, type TestContext } from '../helpers/test-app';

/** The public booking page's API (issue 41): offers, the booking as WEB_REVIEW, the limits, the manage link, the race. */
let ctx: TestContext;
let adm: string;
let ip = 0;
/** Each call from an address of its own, unless a test is about one address's limit. */
const nextIp = () => `10.41.${Math.floor(++ip / 250)}.${ip % 250}`;
let phone = 20_000_000;
const nextPhone = () => String(++phone);

beforeAll(async () => {
  ctx = await createTestApp();
  adm = await login(ctx.app, 'ADM');
});
afterAll(() => ctx.close());

const post = (url: string, payload: object, remoteAddress = nextIp()) => ctx.app.inject({ method: 'POST', url, payload, remoteAddress });

const query = { registrationNumber: 'AB12345', job: 'REPLACE_FRONT', zipCode: '8000' };

async function offers(body: object = query): Promise<TWebOffers> {
  const response = await post('/api/web-booking/offers', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function departmentId(code: string): Promise<string> {
  return (await ctx.database.pool.query<{ id: string }>('select id from departments where nav_location_code = $1', [code])).rows[0]!.id;
}

const contact = () => ({
  name: 'Kunde Web',
  phone: nextPhone(),
  email: 'kunde@example.dk',
  address: 'Vestergade 1',
  allowSms: true,
  allowEmail: true,
  privacyAccepted: true,
});

function bookBody(place: TWebPlace, slot = 0, extra: object = {}) {
  const s = place.slots[slot]!;
  return { ...query, payer: 'CASH', ...contact(), place: { departmentId: place.departmentId, slotId: s.slotId, date: s.date }, ...extra };
}

async function booked(slotId: string, date: string): Promise<number> {
  const { rows } = await ctx.database.pool.query<{ n: string }>(
    'select count(*) as n from orders where time_slot_id = $1 and booking_date = $2::date and holds_place',
    [slotId, date],
  );
  return Number(rows[0]!.n);
}

async function aarhus(): Promise<TWebPlace> {
  const place = (await offers()).places.find((p) => p.name === 'Aarhus');
  expect(place, 'Aarhus is offered').toBeDefined();
  return place!;
}

describe('web booking: car and offers', () => {
  it("gives a plate's make, model and year only (and the insurers' names), and a kind way on for an unknown plate", async () => {
    const car = await post('/api/web-booking/car', { registrationNumber: 'ab 12 345' });
    expect(car.statusCode, car.body).toBe(200);
    expect(Object.keys(car.json()).sort()).toEqual(['insurers', 'make', 'model', 'modelYear', 'registrationNumber']);
    const unknown = await post('/api/web-booking/car', { registrationNumber: 'ZZ99999' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/Vi kan ikke finde nummerpladen/);
  });

  it('offers only departments with web booking on, each with free times within its days ahead and after its notice', async () => {
    const found = await offers();
    const names = found.places.map((p) => p.name);
    expect(names).toContain('Aarhus');
    // Horsens, Silkeborg and Randers are near 8000 but have web booking off in the demo.
    for (const off of ['Horsens', 'Silkeborg', 'Randers']) expect(names).not.toContain(off);
    const now = Date.now();
    for (const place of found.places) {
      expect(place.slots.length).toBeGreaterThan(0);
      for (const slot of place.slots) expect(new Date(`${slot.from}+01:00`).getTime()).toBeGreaterThan(now + 23 * 3_600_000);
    }
    await ctx.database.pool.query('update departments set web_booking = false where nav_location_code = $1', ['ARH']);
    expect((await offers()).places.map((p) => p.name)).not.toContain('Aarhus');
    await ctx.database.pool.query('update departments set web_booking = true where nav_location_code = $1', ['ARH']);
  });

  it('offers the van that covers the zip code', async () => {
    const found = await offers({ ...query, job: 'REPAIR' });
    expect(found.places.some((p) => p.mobile)).toBe(true);
  });

  it('does not offer a department whose rule set refuses the make', async () => {
    expect((await offers({ ...query, zipCode: '5000' })).places.map((p) => p.name)).toContain('Odense');
    const car = (await post('/api/web-booking/car', { registrationNumber: 'AB12345' })).json();
    const rule = await ctx.app.inject({
      method: 'POST',
      url: '/api/departmentRuleSet/rule?id=',
      headers: { cookie: adm },
      payload: { carMake: car.make, isWorkAllowed: false },
    });
    expect(rule.statusCode, rule.body).toBe(200);
    const set = await ctx.app.inject({
      method: 'POST',
      url: '/api/departmentRuleSet/ruleSet?id=',
      headers: { cookie: adm },
      payload: {
        ruleSetName: `Ingen ${car.make} i Odense på nettet`,
        alertMessage: 'Nej',
        departmentIds: [await departmentId('ODE')],
        ruleIds: [rule.json().id],
      },
    });
    expect(set.statusCode, set.body).toBe(200);
    const odense = await offers({ ...query, zipCode: '5000' });
    expect(odense.places.map((p) => p.name)).not.toContain('Odense');
  });
});

describe('web booking: book', () => {
  it('books a web order in WEB_REVIEW that holds its place, and queues the confirmation with its link kept secret', async () => {
    const place = await aarhus();
    const slot = place.slots[0]!;
    const before = await booked(slot.slotId, slot.date);
    const response = await post('/api/web-booking/book', bookBody(place));
    expect(response.statusCode, response.body).toBe(201);
    const booking = response.json() as TWebBooking;
    expect(booking).toMatchObject({ status: 'BOOKED', place: { name: 'Aarhus' }, from: slot.from, changeable: true });
    expect(await booked(slot.slotId, slot.date)).toBe(before + 1);
    const { rows } = await ctx.database.pool.query<{ order_status: string; created_by: string; id: string }>(
      'select id, order_status, created_by from orders where order_nr = $1',
      [Number(booking.orderNr)],
    );
    expect(rows[0]).toMatchObject({ order_status: 'WEB_REVIEW', created_by: 'WEB' });
    const messages = await ctx.database.pool.query<{ channel: string; body: string }>(
      'select channel, body from outbox where order_id = $1 order by channel',
      [rows[0]!.id],
    );
    expect(messages.rows.map((m) => m.channel)).toEqual(['EMAIL', 'SMS']);
    for (const m of messages.rows) {
      expect(m.body).toContain(booking.orderNr);
      expect(m.body).not.toContain(booking.token);
      expect(m.body).toContain('{{secret}}');
    }
  });

  it('refuses a filled honeypot and a time outside what the page offers', async () => {
    const place = await aarhus();
    const bot = await post('/api/web-booking/book', bookBody(place, 0, { website: 'http://spam.example' }));
    expect(bot.statusCode).toBe(400);
    const off = await post(
      '/api/web-booking/book',
      bookBody(place, 0, {
        place: { departmentId: await departmentId('HOR'), slotId: place.slots[0]!.slotId, date: place.slots[0]!.date },
      }),
    );
    expect(off.statusCode).toBe(409);
  });

  it('limits bookings per phone and plate look-ups per address (429)', async () => {
    const place = await aarhus();
    const body = bookBody(place, 1);
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push(
        (
          await post('/api/web-booking/book', {
            ...body,
            place: { ...body.place, slotId: place.slots[1 + i]!.slotId, date: place.slots[1 + i]!.date },
          })
        ).statusCode,
      );
    expect(answers.slice(0, 3)).toEqual([201, 201, 201]);
    expect(answers[3]).toBe(429);
    const address = '10.99.0.1';
    const plates = [];
    for (let i = 0; i < 21; i++) plates.push((await post('/api/web-booking/car', { registrationNumber: 'AB12345' }, address)).statusCode);
    expect(plates.filter((s) => s === 200)).toHaveLength(20);
    expect(plates[20]).toBe(429);
  });
});

describe('web booking: the manage link', () => {
  it('reaches only its own booking; a changed link reaches none', async () => {
    const place = await aarhus();
    const one = (await post('/api/web-booking/book', bookBody(place, 5))).json() as TWebBooking;
    const seen = await post('/api/web-booking/manage', { token: one.token });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().orderNr).toBe(one.orderNr);
    const [id, expiry, mac] = one.token.split('.');
    // Another order's id under this link's MAC: the first character changed, so it always differs (the old 'AA' ending matched 1 id in 256).
    const forged = `${id!.startsWith('A') ? 'B' : 'A'}${id!.slice(1)}.${expiry}.${mac}`;
    expect((await post('/api/web-booking/manage', { token: forged })).statusCode).toBe(404);
    const later = `${id}.${(Number.parseInt(expiry!, 36) + 86_400).toString(36)}.${mac}`;
    expect((await post('/api/web-booking/manage', { token: later })).statusCode).toBe(404);
  });

  it('moves the booking to another free time and cancels it, and the places follow', async () => {
    const place = await aarhus();
    const from = place.slots[6]!;
    const to = place.slots[7]!;
    const one = (await post('/api/web-booking/book', bookBody(place, 6))).json() as TWebBooking;
    const atFrom = await booked(from.slotId, from.date);
    const atTo = await booked(to.slotId, to.date);
    const moved = await post('/api/web-booking/manage/move', {
      token: one.token,
      place: { departmentId: place.departmentId, slotId: to.slotId, date: to.date },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().from).toBe(to.from);
    expect(await booked(from.slotId, from.date)).toBe(atFrom - 1);
    expect(await booked(to.slotId, to.date)).toBe(atTo + 1);
    const cancelled = await post('/api/web-booking/manage/cancel', { token: moved.json().token });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe('CANCELLED');
    expect(await booked(to.slotId, to.date)).toBe(atTo);
    expect((await post('/api/web-booking/manage/cancel', { token: moved.json().token })).statusCode).toBe(409);
  });
});

describe('web booking: the manage-link key in the database', () => {
  const more = appsWithEnv(() => ctx);
  afterAll(() => more.close());

  it("two app instances on one database accept each other's links", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rudeplan-web-'));
    const other = await more.appWith({ DATA_DIR: dir });
    const place = await aarhus();
    const here = (await post('/api/web-booking/book', bookBody(place, 8))).json() as TWebBooking;
    const there = await other.inject({
      method: 'POST',
      url: '/api/web-booking/book',
      payload: bookBody(place, 9),
      remoteAddress: nextIp(),
    });
    expect(there.statusCode, there.body).toBe(201);
    const seenThere = await other.inject({
      method: 'POST',
      url: '/api/web-booking/manage',
      payload: { token: here.token },
      remoteAddress: nextIp(),
    });
    expect(seenThere.statusCode, seenThere.body).toBe(200);
    expect(seenThere.json().orderNr).toBe(here.orderNr);
    const seenHere = await post('/api/web-booking/manage', { token: there.json<TWebBooking>().token });
    expect(seenHere.statusCode, seenHere.body).toBe(200);
    expect(seenHere.json().orderNr).toBe(there.json<TWebBooking>().orderNr);
    // The key is one row, and no instance wrote a key file.
    const { rows } = await ctx.database.pool.query<{ n: number }>('select count(*)::int as n from app_secrets where name = $1', [
      MANAGE_KEY_NAME,
    ]);
    expect(rows[0]!.n).toBe(1);
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it("takes an older installation's key file over into the database, so links it sent keep working", async () => {
    const { rows } = await ctx.database.pool.query<{ value: string }>('select value from app_secrets where name = $1', [MANAGE_KEY_NAME]);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rudeplan-web-'));
    const secret = randomBytes(32);
    await fs.writeFile(path.join(dir, 'booking-link.key'), secret.toString('base64url'));
    const place = await aarhus();
    const sent = (await post('/api/web-booking/book', bookBody(place, 10))).json() as TWebBooking;
    const { rows: order } = await ctx.database.pool.query<{ id: string }>('select id from orders where order_nr = $1', [
      Number(sent.orderNr),
    ]);
    const oldLink = createManageToken({ secret }, order[0]!.id, Date.now() + 86_400_000);
    // As before migration 0031: no key in the database yet, only the file.
    await ctx.database.pool.query('delete from app_secrets where name = $1', [MANAGE_KEY_NAME]);
    try {
      const upgraded = await more.appWith({ DATA_DIR: dir });
      const seen = await upgraded.inject({
        method: 'POST',
        url: '/api/web-booking/manage',
        payload: { token: oldLink },
        remoteAddress: nextIp(),
      });
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.json().orderNr).toBe(sent.orderNr);
      const stored = await ctx.database.pool.query<{ value: string }>('select value from app_secrets where name = $1', [MANAGE_KEY_NAME]);
      expect(stored.rows[0]!.value).toBe(secret.toString('base64url'));
    } finally {
      // The file app's own key back, as its instance holds it.
      await ctx.database.pool.query('update app_secrets set value = $2 where name = $1', [MANAGE_KEY_NAME, rows[0]!.value]);
    }
  });
});

describe('web booking: the race', () => {
  it('books exactly C of 500 parallel bookings on a slot with C places; the rest hear kindly of the next free times', async () => {
    // The size: 500 customers at once, each from an address and a phone of their own (the limits keep to those).
    const N = 500;
    const place = await aarhus();
    const slot = place.slots[place.slots.length - 1]!;
    const C = 3;
    const already = await booked(slot.slotId, slot.date);
    await ctx.database.pool.query('update time_slots set max_bookings = $1 where id = $2', [already + C, slot.slotId]);
    const answers = await Promise.all(
      Array.from({ length: N }, () =>
        post('/api/web-booking/book', {
          ...query,
          payer: 'CASH',
          ...contact(),
          place: { departmentId: place.departmentId, slotId: slot.slotId, date: slot.date },
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(C);
    expect(codes.filter((c) => c === 409)).toHaveLength(N - C);
    expect(
      codes.filter((c) => c >= 500),
      'no 5xx',
    ).toEqual([]);
    const refusal = answers.find((a) => a.statusCode === 409)!.json();
    expect(refusal.message).toMatch(/^Tiden blev desværre taget af en anden lige før dig\./);
    expect(refusal.message).toMatch(/Næste ledige: \d{2}\/\d{2}-\d{4} kl\. \d{2}:\d{2}/);
    expect(await booked(slot.slotId, slot.date)).toBe(already + C);
    // About 10 s alone on two cores; another file beside it may double that.
  }, 90_000);
});
