import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDayAvailability } from '@/domain/booking';
import { danishPublicHolidays } from '@/domain/booking';
import { ZDepartment, type TDepartment } from '@/domain/departments';
import { isShownInSlotSearch } from '@/domain/planning';
import {
  ZAvailableSlotsAll,
  ZAvailableSlotsByRegion,
  ZDeliveryTimes,
  type TAvailableSlotsDepartment,
  type TDeliveryTimes,
} from '@/domain/planning';
import { dayAhead, insurerDebitor, month, orderBody, windscreenFor } from '../helpers/orders';
import { createTestApp, login, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let ks: string;
let adm: string;

beforeAll(async () => {
  ctx = await createTestApp();
  ks = await login(ctx.app, 'KS');
  adm = await login(ctx.app, 'ADM');
});
afterAll(() => ctx.close());

const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
const holidays = new Set([0, 1].flatMap((n) => danishPublicHolidays(new Date().getFullYear() + n)));
const isWeekday = (date: string) => weekdayOf(date) >= 1 && weekdayOf(date) <= 5 && !holidays.has(date);

/** The n-th working day (Monday–Friday, not a public holiday) after today, and its offset in calendar days. */
function workingDayAhead(n: number): { date: string; offset: number } {
  let seen = 0;
  for (let offset = 1; ; offset++) {
    const date = dayAhead(offset);
    if (isWeekday(date) && ++seen === n) return { date, offset };
  }
}

async function getJson<T>(url: string, cookie = ks): Promise<T> {
  const response = await ctx.app.inject({ method: 'GET', url, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

const byRegion = async (region: string, start: string, days = 7) =>
  ZAvailableSlotsByRegion.parse(
    await getJson(`/api/availableslots/getByRegion?region=${region}&startDateTime=${start}T00:00:00&days=${days}`),
  ).data;
const deliveryTimes = async (cookie = ks): Promise<TDeliveryTimes> => ZDeliveryTimes.parse(await getJson('/api/deliverytime', cookie));

let counter = 0;
/** A new workshop on Fyn open Monday to Friday, with the given standard stone-chip places on every weekday. */
async function newWorkshop(stoneChipPlaces: number): Promise<TDepartment> {
  const code = `PLN${++counter}`;
  const created = await ctx.app.inject({
    method: 'PUT',
    url: '/api/departments/departments',
    headers: { cookie: adm },
    payload: {
      name: `Rudeplan Planlægning ${code}`,
      address: 'Testvej 1',
      zipCode: '5000',
      city: 'Odense C',
      navResponsibilityCenter: code,
      region: 'Fyn',
      openingHours: [1, 2, 3, 4, 5].map((day) => ({ day, from: 7.5, to: 16 })),
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  const department = ZDepartment.parse(created.json());
  if (stoneChipPlaces > 0) {
    for (const day of [1, 2, 3, 4, 5]) {
      const slot = await ctx.app.inject({
        method: 'POST',
        url: `/api/departments/addOrUpdateTimeslot/${department.id}/STONE_CHIP`,
        headers: { cookie: adm },
        payload: { day, from: 12, to: 13, maxBookings: stoneChipPlaces },
      });
      expect(slot.statusCode, slot.body).toBe(200);
    }
  }
  return department;
}

async function addWindowSlot(department: TDepartment, date: string, maxBookings: number): Promise<void> {
  const slot = await ctx.app.inject({
    method: 'POST',
    url: `/api/departments/addOrUpdateTimeslot/${department.id}/WINDOW_REPLACE`,
    headers: { cookie: adm },
    payload: { date, from: 8, to: 10, maxBookings },
  });
  expect(slot.statusCode, slot.body).toBe(200);
}

/** The booking's own day (POST /api/timeslot) of a department. */
async function bookingDay(departmentId: string, date: string): Promise<TDayAvailability> {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return (await month(ctx.app, ks, departmentId, y, m)).find((day) => day.dayOfMonth === d)!;
}

const cellOf = (department: TAvailableSlotsDepartment | undefined, date: string) =>
  department?.availableSlots.find((s) => s.date === `${date}T00:00:00`);

describe('GET /api/availableslots/getAll', () => {
  it('answers the three regions with 7 days from today per department, the same free places the booking offers', async () => {
    const all = ZAvailableSlotsAll.parse(await getJson('/api/availableslots/getAll'));
    const regions = [
      ['Jylland', all.julandDepartments],
      ['Fyn', all.fynDepartmens],
      ['Sjaelland', all.sjaellandDepartments],
    ] as const;
    const today = dayAhead(0);
    const week = Array.from({ length: 7 }, (_, i) => `${dayAhead(i)}T00:00:00`);
    for (const [region, departments] of regions) {
      // Every active department at any hour; the 'Søg' search from today is the same table without those whose
      // today is open and offers no place.
      expect(departments.length, region).toBeGreaterThan(0);
      expect(await byRegion(region, today), region).toEqual(departments.filter(isShownInSlotSearch));
      for (const department of departments) {
        expect(department.availableSlots.map((s) => s.date)).toEqual(week);
        for (const s of department.availableSlots) {
          if (s.closed) expect([s.windowReplacementAvailableSlots, s.stoneChipAvailableSlots]).toEqual([null, null]);
        }
      }
    }
    // From a coming working day every demo region has departments with places, and a department's cells are the
    // booking calendar's day sums (one source).
    const start = workingDayAhead(1).date;
    for (const [region] of regions) expect((await byRegion(region, start)).length, region).toBeGreaterThan(0);
    const sample = (await byRegion('Jylland', start))[0]!;
    for (const cell of sample.availableSlots) {
      const day = await bookingDay(sample.departmentId, cell.date.slice(0, 10));
      expect(cell.closed).toBe(day.closed);
      expect([cell.windowReplacementState, cell.stoneChipState]).toEqual([day.windowReplaceState, day.stoneChipState]);
      // A number while the kind takes places (free or full), blank when it is closed, over or without slots.
      const count = (state: string, n: number) => (state === 'FREE' || state === 'FULL' ? n : null);
      expect([cell.windowReplacementAvailableSlots, cell.stoneChipAvailableSlots]).toEqual([
        count(day.windowReplaceState, day.windowReplaceAvailable),
        count(day.stoneChipState, day.stoneChipAvailable),
      ]);
    }
  });
});

describe('available slots and delivery time of a workshop', () => {
  it('counts its free places per day; booking the last free window slot of a day turns that day to 0 and its delivery time to -1', async () => {
    const workshop = await newWorkshop(2);
    const target = workingDayAhead(3);
    await addWindowSlot(workshop, target.date, 1);
    const start = workingDayAhead(1).date;

    const before = (await byRegion('Fyn', start)).find((d) => d.departmentId === workshop.id);
    expect(before, 'the workshop is listed on Fyn').toBeDefined();
    expect(before!.availableSlots).toHaveLength(7);
    expect(cellOf(before, target.date)).toMatchObject({ windowReplacementAvailableSlots: 1, stoneChipAvailableSlots: 2, closed: false });

    const timesBefore = (await deliveryTimes()).fyn.find((r) => r.departmentId === workshop.id)!;
    expect(timesBefore).toMatchObject({ name: workshop.name, replace: 3, replaceDate: `${target.date}T00:00:00` });

    const slot = (await bookingDay(workshop.id, target.date)).windowReplaceSlots[0]!;
    const { car, windscreen } = await windscreenFor(ctx.app, ks, 'AB12345');
    const tryg = await insurerDebitor(ctx.app, ks, 'Tryg');
    const booked = await ctx.app.inject({
      method: 'POST',
      url: '/api/order/order',
      headers: { cookie: ks },
      payload: orderBody({
        department: workshop,
        found: { date: `${target.date}T00:00:00`, slot },
        car,
        debitor: tryg,
        items: [{ itemNo: windscreen.itemNo }],
      }),
    });
    expect(booked.statusCode, booked.body).toBe(200);

    const after = (await byRegion('Fyn', start)).find((d) => d.departmentId === workshop.id);
    expect(cellOf(after, target.date)).toMatchObject({ windowReplacementAvailableSlots: 0, stoneChipAvailableSlots: 2, closed: false });
    expect((await deliveryTimes()).fyn.find((r) => r.departmentId === workshop.id)).toMatchObject({ replace: -1, replaceDate: null });
  });

  it('shows a closed day blank', async () => {
    const workshop = await newWorkshop(1);
    const start = workingDayAhead(1).date;
    const row = (await byRegion('Fyn', start)).find((d) => d.departmentId === workshop.id)!;
    const weekend = row.availableSlots.filter((s) => [0, 6].includes(weekdayOf(s.date.slice(0, 10))));
    expect(weekend.length).toBeGreaterThan(0);
    expect(weekend.every((s) => s.closed && s.windowReplacementAvailableSlots === null && s.stoneChipAvailableSlots === null)).toBe(true);
    // No window slot at all on the open days: blank, not a full day (0).
    const open = row.availableSlots.filter((s) => isWeekday(s.date.slice(0, 10)));
    expect(
      open.every(
        (s) =>
          !s.closed &&
          s.stoneChipAvailableSlots === 1 &&
          s.windowReplacementAvailableSlots === null &&
          s.windowReplacementState === 'NO_SLOTS',
      ),
    ).toBe(true);
  });

  it('leaves out a department whose first day has 0/0, and answers one day when asked', async () => {
    const empty = await newWorkshop(0);
    const start = workingDayAhead(1).date;
    expect((await byRegion('Fyn', start)).some((d) => d.departmentId === empty.id)).toBe(false);
    const one = await byRegion('Fyn', start, 1);
    expect(one.length).toBeGreaterThan(0);
    expect(one.every((d) => d.availableSlots.length === 1 && d.availableSlots[0]!.date === `${start}T00:00:00`)).toBe(true);
  });

  it('gives the working days to the first free place: N working days away is N', async () => {
    const workshop = await newWorkshop(0);
    const target = workingDayAhead(5);
    await addWindowSlot(workshop, target.date, 3);
    const times = await deliveryTimes();
    expect(times.fyn.find((r) => r.departmentId === workshop.id)).toEqual({
      departmentId: workshop.id,
      name: workshop.name,
      replace: 5,
      replaceDate: `${target.date}T00:00:00`,
      repair: -1,
      repairDate: null,
    });
    expect(times.jylland.length).toBeGreaterThan(0);
    expect(times.sjaelland.length).toBeGreaterThan(0);
  });
});

describe('refusals', () => {
  it('refuses an unknown region, a bad date and a bad day count with the error shape', async () => {
    const ask = (query: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/availableslots/getByRegion?${query}`, headers: { cookie: ks } });
    const region = await ask(`region=Bornholm&startDateTime=${dayAhead(0)}`);
    expect(region.statusCode).toBe(400);
    expect(region.json()).toMatchObject({ status: 400, type: 'VALIDATION_ERROR', errors: { region: ['Værdien er ikke tilladt'] } });
    const date = await ask('region=Fyn&startDateTime=2025-02-30');
    expect(date.statusCode).toBe(400);
    expect(date.json()).toMatchObject({ type: 'VALIDATION_ERROR', errors: { startDateTime: ['Field must be a date dd/MM-YYYY'] } });
    expect((await ask(`region=Fyn&startDateTime=${dayAhead(0)}&days=3`)).statusCode).toBe(400);
    expect((await ask('region=Fyn')).statusCode).toBe(400);
  });

  it("follows the screens' roles: Ledige slots for planners, Leveringstid for everyone signed in", async () => {
    const rev = await login(ctx.app, 'REV');
    const tm = await login(ctx.app, 'TM');
    const lag = await login(ctx.app, 'LAG');
    const status = async (url: string, cookie?: string) =>
      (await ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })).statusCode;
    const slots = ['/api/availableslots/getAll', `/api/availableslots/getByRegion?region=Jylland&startDateTime=${dayAhead(0)}`];
    for (const url of slots) {
      expect(await status(url, rev)).toBe(403);
      expect(await status(url, tm)).toBe(403);
      expect(await status(url, lag)).toBe(200);
      expect(await status(url)).toBe(401);
    }
    expect(await status('/api/deliverytime', rev)).toBe(200);
    expect(await status('/api/deliverytime', tm)).toBe(200);
    expect(await status('/api/deliverytime')).toBe(401);
  });
});
