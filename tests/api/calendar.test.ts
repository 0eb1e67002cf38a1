import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_MESSAGES, type TCalendarEvent, type TMobileServiceOrder } from '@/domain/calendar/calendar.schemas';
import type { TDepartment } from '@/domain/departments/department.schemas';
import type { TTimeslot } from '@/domain/booking/booking.schemas';
import type { TOrder } from '@/domain/orders/order.schemas';
import { departmentByCode, findSlot, insurerDebitor, month, orderBody, windscreenFor } from '../helpers/orders';
import { loadEnv } from '@/server/env';
import { users } from '@/server/db/schema';
import { cookieFor, createTestApp, login, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let ks: string;
let aarhus: TDepartment;

beforeAll(async () => {
  ctx = await createTestApp();
  ks = await login(ctx.app, 'KS');
  aarhus = await departmentByCode(ctx.app, ks, 'ARH');
});
afterAll(() => ctx.close());

function dayAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone: 'Europe/Copenhagen' });
}

async function calendar(query: string, cookie = ks): Promise<TCalendarEvent[]> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/calendar?${query}`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function book(found: Awaited<ReturnType<typeof findSlot>>, overrides = {}): Promise<TOrder> {
  const { car, windscreen } = await windscreenFor(ctx.app, ks, 'AB12345');
  const tryg = await insurerDebitor(ctx.app, ks, 'Tryg');
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/order/order',
    headers: { cookie: ks },
    payload: orderBody({ department: aarhus, found, car, debitor: tryg, items: [{ itemNo: windscreen.itemNo }], overrides }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('a department calendar', () => {
  it("shows a week's bookings by column, its slots with their free places, and follows the filters", async () => {
    const from = dayAhead(1);
    const to = dayAhead(7);
    const all = await calendar(`departmentId=${aarhus.id}&from=${from}&to=${to}`);
    const bookings = all.filter((e) => e.type === 'BOOKING');
    expect(bookings.length).toBeGreaterThan(0);
    expect(bookings.every((e) => e.resource === (e.orderType === 'REPAIR' ? 'REP' : 'MONT'))).toBe(true);
    expect(bookings.filter((e) => e.orderType?.startsWith('REPLACE')).every((e) => typeof e.inStock === 'boolean')).toBe(true);
    const slots = all.filter((e) => e.type === 'TIMESLOT');
    expect(slots.length).toBeGreaterThan(0);
    expect(slots.every((s) => s.title === `${s.available} ledige`)).toBe(true);

    const chips = await calendar(`departmentId=${aarhus.id}&from=${from}&to=${to}&filters=STONECHIP`);
    expect(chips.length).toBeGreaterThan(0);
    expect(chips.every((e) => e.type === 'BOOKING' && e.orderType === 'REPAIR')).toBe(true);

    const worker = bookings.find((b) => b.worker && b.worker !== '00000000-0000-0000-0000-000000000000')?.worker;
    expect(worker, 'the demo week at Aarhus has bookings with a fitter').toBeDefined();
    const own = await calendar(`departmentId=${aarhus.id}&from=${from}&to=${to}&filters=WINDSCREEN,STONECHIP,SALE,COMPLAINT&worker=${worker}`);
    expect(own.length).toBeGreaterThan(0);
    expect(own.length).toBeLessThan(bookings.length);
    expect(own.every((e) => e.worker === worker)).toBe(true);
  });

  it('refuses more than 31 days, unknown filters and other roles', async () => {
    const long = await ctx.app.inject({ method: 'GET', url: `/api/calendar?departmentId=${aarhus.id}&from=${dayAhead(0)}&to=${dayAhead(40)}`, headers: { cookie: ks } });
    expect(long.statusCode).toBe(400);
    const bad = await ctx.app.inject({ method: 'GET', url: `/api/calendar?departmentId=${aarhus.id}&from=${dayAhead(0)}&to=${dayAhead(1)}&filters=ALT`, headers: { cookie: ks } });
    expect(bad.statusCode).toBe(400);
    const rev = await login(ctx.app, 'REV');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/calendar?departmentId=${aarhus.id}&from=${dayAhead(0)}&to=${dayAhead(1)}`, headers: { cookie: rev } })).statusCode).toBe(403);
  });
});

describe('appointments', () => {
  it('creates a repeating appointment, renames and deletes one, with the spec messages', async () => {
    const date = dayAhead(8);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    const created = await ctx.app.inject({
      method: 'PUT',
      url: '/api/calendar/createDepartmentEvent',
      headers: { cookie: ks },
      payload: { title: 'Personalemøde', description: 'Kantinen', departmentId: aarhus.id, date, fromTime: '07:30', toTime: '08:00', repeat: 2, repeatOn: [weekday] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const events = created.json() as TCalendarEvent[];
    expect(events.map((e) => e.start)).toEqual([`${date}T07:30:00`, `${dayAhead(15)}T07:30:00`, `${dayAhead(22)}T07:30:00`]);
    const shown = await calendar(`departmentId=${aarhus.id}&from=${date}&to=${date}&filters=DEPARTMENT`);
    expect(shown).toEqual([expect.objectContaining({ type: 'APPOINTMENT', title: 'Personalemøde', createdBy: 'KS' })]);

    const renamed = await ctx.app.inject({ method: 'POST', url: '/api/calendar/updateEvent', headers: { cookie: ks }, payload: { id: events[0]!.id, title: 'Møde', description: '' } });
    expect(renamed.json()).toMatchObject({ title: 'Møde' });
    const moved = await ctx.app.inject({ method: 'POST', url: `/api/calendar/updateTime/${events[0]!.id}`, headers: { cookie: ks }, payload: { time: `${dayAhead(9)}T07:30:00` } });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().errors.time).toEqual([CALENDAR_MESSAGES.sameDay]);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/calendar/deleteDepartmentEvent/${events[0]!.id}`, headers: { cookie: ks } })).statusCode).toBe(200);

    const messages = async (payload: object) =>
      (await ctx.app.inject({ method: 'PUT', url: '/api/calendar/createDepartmentEvent', headers: { cookie: ks }, payload: { departmentId: aarhus.id, ...payload } })).json().errors;
    expect(await messages({ title: '', date, fromTime: '08:00', toTime: '09:00' })).toMatchObject({ title: [CALENDAR_MESSAGES.title] });
    expect(await messages({ title: 'x', date, fromTime: '' })).toMatchObject({ date: [CALENDAR_MESSAGES.dateAndTime] });
    expect(await messages({ title: 'x', allDay: true })).toMatchObject({ date: [CALENDAR_MESSAGES.date] });
    expect(await messages({ title: 'x', date: dayAhead(-2), allDay: true })).toMatchObject({ date: [CALENDAR_MESSAGES.beforeToday] });
  });
});

describe('moving a booking in the calendar', () => {
  it('moves within its day through the booking seam, never to another day, never into a full slot', async () => {
    // A day next month with two free windscreen slots, both without a free loan car.
    const next = new Date(Date.now() + 31 * 86_400_000);
    const [y, m] = [next.getFullYear(), next.getMonth() + 1];
    const free = (s: TTimeslot) => s.available > 0 && !s.hasFreeCar;
    const day = (await month(ctx.app, ks, aarhus.id, y, m)).find((d) => d.windowReplaceSlots.filter(free).length >= 2)!;
    expect(day).toBeDefined();
    const [first, second] = day.windowReplaceSlots.filter(free) as [TTimeslot, TTimeslot];
    const date = `${y}-${String(m).padStart(2, '0')}-${String(day.dayOfMonth).padStart(2, '0')}`;
    const order = await book({ date: `${date}T00:00:00`, slot: first });
    const id = order.additionalData.orderId;

    const nextDay = await ctx.app.inject({ method: 'POST', url: `/api/calendar/updateTime/${id}`, headers: { cookie: ks }, payload: { time: `${dayAhead(60)}T08:00:00` } });
    expect(nextDay.statusCode).toBe(400);
    expect(nextDay.json().errors.time).toEqual([CALENDAR_MESSAGES.sameDay]);

    const moved = await ctx.app.inject({ method: 'POST', url: `/api/calendar/updateTime/${id}`, headers: { cookie: ks }, payload: { time: second.from } });
    expect(moved.statusCode, moved.body).toBe(200);
    const stored = (await ctx.app.inject({ method: 'GET', url: `/api/order/order/${id}`, headers: { cookie: ks } })).json() as TOrder;
    expect(stored.timeAndPlace).toMatchObject({ timeSlotId: second.id, from: second.from, to: second.to });

    // Fill the first slot again to its last place: moving back into it is refused and the order stays put.
    for (let i = 0; i < first.available; i++) await book({ date: `${date}T00:00:00`, slot: first });
    const refused = await ctx.app.inject({ method: 'POST', url: `/api/calendar/updateTime/${id}`, headers: { cookie: ks }, payload: { time: first.from } });
    expect(refused.statusCode, refused.body).toBe(409);
    const after = (await ctx.app.inject({ method: 'GET', url: `/api/order/order/${id}`, headers: { cookie: ks } })).json() as TOrder;
    expect(after.timeAndPlace.timeSlotId).toBe(second.id);

    const unknown = await ctx.app.inject({ method: 'POST', url: '/api/calendar/updateTime/7f1c0d4e-3a0c-4d55-9a53-0d6c7b0c1a11', headers: { cookie: ks }, payload: { time: `${date}T08:00:00` } });
    expect(unknown.statusCode).toBe(404);
  });

  it("reorders a day's all-day bookings (the waiting list), only within the day", async () => {
    const found = await findSlot(ctx.app, ks, aarhus.id, 'windowReplaceSlots', (s) => s.available > 0 && !s.hasFreeCar, 25);
    const first = await book(found, { timeAndPlace: { waitingList: true } });
    const second = await book(found, { timeAndPlace: { waitingList: true } });
    const date = found.date.slice(0, 10);
    const [a, b] = [first.additionalData.orderId, second.additionalData.orderId];
    const reordered = await ctx.app.inject({ method: 'POST', url: '/api/calendar/move/', headers: { cookie: ks }, payload: { fromId: b, toId: a, currentOrder: [b, a] } });
    expect(reordered.statusCode, reordered.body).toBe(200);
    const row = (await calendar(`departmentId=${aarhus.id}&from=${date}&to=${date}&filters=WINDSCREEN`)).filter((e) => e.allDay);
    expect(row.map((e) => e.orderId).filter((id) => id === a || id === b)).toEqual([b, a]);

    const elsewhere = await book(await findSlot(ctx.app, ks, aarhus.id, 'windowReplaceSlots', (s) => s.available > 0 && !s.hasFreeCar, 40));
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/calendar/move/', headers: { cookie: ks }, payload: { fromId: elsewhere.additionalData.orderId, toId: a, currentOrder: [elsewhere.additionalData.orderId, a] } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors.toId).toEqual([CALENDAR_MESSAGES.sameDay]);
  });
});

describe('the mobile-service map', () => {
  it("lists the vans' jobs of the chosen days, at most 4 vans", async () => {
    const vans = ((await ctx.app.inject({ method: 'GET', url: '/api/departments/departments', headers: { cookie: ks } })).json() as TDepartment[]).filter((d) => d.mobileService);
    const days = Array.from({ length: 7 }, (_, i) => dayAhead(i));
    const response = await ctx.app.inject({ method: 'POST', url: '/api/order/mobileserviceorders', headers: { cookie: ks }, payload: { departmentIds: vans.slice(0, 4).map((v) => v.id), days } });
    expect(response.statusCode, response.body).toBe(200);
    const jobs = response.json() as TMobileServiceOrder[];
    expect(jobs.every((j) => vans.some((v) => v.id === j.departmentId) && days.includes(j.date.slice(0, 10)))).toBe(true);
    expect(jobs.length).toBeGreaterThan(0);
    const five = await ctx.app.inject({ method: 'POST', url: '/api/order/mobileserviceorders', headers: { cookie: ks }, payload: { departmentIds: [...vans.map((v) => v.id), ...Array.from({ length: 5 }, () => crypto.randomUUID())].slice(0, 5), days } });
    expect(five.statusCode).toBe(400);
  });
});

describe('live changes', () => {
  it('tells an open event stream of a new booking within two seconds', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    const stream = await fetch(`${address}/api/live`, { headers: { cookie: ks }, signal: controller.signal });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    await reader.read(); // the 'retry' line: the stream is open and subscribed
    const started = Date.now();
    const order = await book(await findSlot(ctx.app, ks, aarhus.id, 'windowReplaceSlots', (s) => s.available > 0 && !s.hasFreeCar, 30));
    while (!text.includes(order.timeAndPlace.department.id) && Date.now() - started < 2000) {
      const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), 2000 - (Date.now() - started)))]);
      if (!chunk || chunk.done) break;
      text += decoder.decode(chunk.value);
    }
    controller.abort();
    expect(text).toContain('event: change');
    expect(text).toContain(order.timeAndPlace.department.id);
  });
});

describe('the map configuration', () => {
  it('gives the map its tile source and attribution, and none when MAP_TILE_URL is off', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/map/config', headers: { cookie: ks } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', mapAttribution: expect.stringContaining('OpenStreetMap') });

    const off = await createTestApp({ env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', MAP_TILE_URL: 'off' }, []) });
    try {
      const none = await off.app.inject({ method: 'GET', url: '/api/map/config', headers: { cookie: await login(off.app, 'KS') } });
      expect(none.json()).toMatchObject({ mapTileUrl: null });
    } finally {
      await off.close();
    }
    expect(() => loadEnv({ MAP_TILE_URL: 'javascript:alert(1)//{z}' }, [])).toThrow(/MAP_TILE_URL/);
    expect(() => loadEnv({ MAP_TILE_URL: 'http://tiles.example/{z}/{x}/{y}.png' }, [])).toThrow(/MAP_TILE_URL/);
  });
});

describe('TimeManagement on the calendar', () => {
  it("changes its own centre's calendar, and another centre's not at all (403, nothing changed)", async () => {
    const all = (await ctx.app.inject({ method: 'GET', url: '/api/departments/departments', headers: { cookie: ks } })).json() as TDepartment[];
    const elsewhere = all.find((d) => !d.mobileService && d.navResponsibilityCenter !== aarhus.navResponsibilityCenter)!;
    const plannerAt = async (department: TDepartment, initials: string) => {
      const [row] = await ctx.database.db
        .insert(users)
        .values({ name: `Planner ${initials}`, initials, roles: ['TimeManagement', 'Operation'], departmentId: department.id, passwordHash: 'x' })
        .returning({ id: users.id });
      return cookieFor(ctx, row!.id);
    };
    const own = await plannerAt(aarhus, 'TMA');
    const other = await plannerAt(elsewhere, 'TMB');

    const date = dayAhead(3);
    const created = await ctx.app.inject({
      method: 'PUT',
      url: '/api/calendar/createDepartmentEvent',
      headers: { cookie: own },
      payload: { departmentId: aarhus.id, title: 'Glasleverance', date, fromTime: '08:00', toTime: '09:00' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const [appointment] = created.json() as TCalendarEvent[];

    const foreign = await ctx.app.inject({
      method: 'PUT',
      url: '/api/calendar/createDepartmentEvent',
      headers: { cookie: other },
      payload: { departmentId: aarhus.id, title: 'Fremmed', date, fromTime: '08:00', toTime: '09:00' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toMatch(/ansvarscenter/);
    for (const request of [
      { method: 'POST' as const, url: `/api/calendar/updateTime/${appointment!.id}`, payload: { time: `${date}T10:00:00` } },
      { method: 'POST' as const, url: '/api/calendar/updateEvent', payload: { id: appointment!.id, title: 'Ændret', description: '' } },
      { method: 'DELETE' as const, url: `/api/calendar/deleteDepartmentEvent/${appointment!.id}` },
    ]) {
      const refused = await ctx.app.inject({ ...request, headers: { cookie: other } });
      expect(refused.statusCode, `${request.url} ${refused.body}`).toBe(403);
    }
    const order = await book(await findSlot(ctx.app, ks, aarhus.id, 'windowReplaceSlots', (s) => s.available > 0 && !s.hasFreeCar, 50));
    const move = await ctx.app.inject({ method: 'POST', url: `/api/calendar/updateTime/${order.additionalData.orderId}`, headers: { cookie: other }, payload: { time: order.timeAndPlace.from, allDay: true } });
    expect(move.statusCode).toBe(403);

    const shown = await calendar(`departmentId=${aarhus.id}&from=${date}&to=${date}&filters=DEPARTMENT`);
    expect(shown.find((e) => e.id === appointment!.id)).toMatchObject({ title: 'Glasleverance', start: `${date}T08:00:00` });
    const stored = (await ctx.app.inject({ method: 'GET', url: `/api/order/order/${order.additionalData.orderId}`, headers: { cookie: ks } })).json() as TOrder;
    expect(stored.timeAndPlace.waitingList).toBe(false);

    const moved = await ctx.app.inject({ method: 'POST', url: `/api/calendar/updateTime/${appointment!.id}`, headers: { cookie: own }, payload: { time: `${date}T10:00:00` } });
    expect(moved.statusCode, moved.body).toBe(200);
  });
});
