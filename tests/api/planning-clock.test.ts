import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { danishPublicHolidays } from '@/domain/booking';
import { ZForecast } from '@/domain/capacity';
import { ZDepartment, type TDepartment } from '@/domain/departments';
import { compareDanish } from '@/domain/lib/danish-order';
import { fromCopenhagen } from '@/domain/lib/dates';
import { addDays } from '@/domain/planning';
import { ZAvailableSlotsAll, ZAvailableSlotsByRegion, ZDeliveryTimes, type TAvailableSlotsDepartment } from '@/domain/planning';
import { insurerDebitor, month, orderBody, windscreenFor } from '../helpers/orders';
import { createTestApp, login, type TestContext } from '../helpers/test-app';

/**
 * Ledige slots, Leveringstid and the forecast at the hours planners read them (issue 39): the app's clock set to an
 * evening after closing time, a Sunday, and a morning whose day is booked up.
 */

let ctx: TestContext;
let ks: string;
let adm: string;
/** The app's now, set by each test. */
let now = new Date();

beforeAll(async () => {
  ctx = await createTestApp({ clock: () => now });
  ks = await login(ctx.app, 'KS');
  adm = await login(ctx.app, 'ADM');
});
afterAll(() => ctx.close());

const holidays = new Set([0, 1].flatMap((n) => danishPublicHolidays(new Date().getFullYear() + n)));
const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
const isWorkingDay = (date: string) => weekdayOf(date) >= 1 && weekdayOf(date) <= 5 && !holidays.has(date);
const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Copenhagen' });
/** The first day at least `from` days ahead that passes `test`. */
function dayAhead(from: number, test: (date: string) => boolean): string {
  for (let d = addDays(today, from); ; d = addDays(d, 1)) if (test(d)) return d;
}
/** A working day a few days ahead whose next day is a working day too. */
const W = dayAhead(3, (d) => isWorkingDay(d) && isWorkingDay(addDays(d, 1)));
const NEXT = addDays(W, 1);
const at = (date: string, h: number, m = 0) => {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  return fromCopenhagen(y, mo, d, h, m);
};

async function getJson<T>(url: string): Promise<T> {
  const response = await ctx.app.inject({ method: 'GET', url, headers: { cookie: ks } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}
const getAll = async () => ZAvailableSlotsAll.parse(await getJson('/api/availableslots/getAll'));
const search = async (region: string, start: string) =>
  ZAvailableSlotsByRegion.parse(await getJson(`/api/availableslots/getByRegion?region=${region}&startDateTime=${start}T00:00:00`)).data;
const deliveryRow = async (id: string) => ZDeliveryTimes.parse(await getJson('/api/deliverytime')).fyn.find((r) => r.departmentId === id)!;
const cell = (d: TAvailableSlotsDepartment | undefined, date: string) => d?.availableSlots.find((s) => s.date === `${date}T00:00:00`);

let counter = 0;
/** A Fyn workshop open Monday to Friday 7:30-16 with window places 8-10 and stone-chip places 12-13 on every weekday. */
async function newWorkshop(name: string, windowPlaces: number, stoneChipPlaces: number): Promise<TDepartment> {
  const created = await ctx.app.inject({
    method: 'PUT',
    url: '/api/departments/departments',
    headers: { cookie: adm },
    payload: {
      name,
      address: 'Testvej 1',
      zipCode: '5000',
      city: 'Odense C',
      navResponsibilityCenter: `CLK${++counter}`,
      region: 'Fyn',
      openingHours: [1, 2, 3, 4, 5].map((day) => ({ day, from: 7.5, to: 16 })),
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  const department = ZDepartment.parse(created.json());
  for (const [type, places, from] of [
    ['WINDOW_REPLACE', windowPlaces, 8],
    ['STONE_CHIP', stoneChipPlaces, 12],
  ] as const) {
    if (places === 0) continue;
    for (const day of [1, 2, 3, 4, 5]) {
      const slot = await ctx.app.inject({
        method: 'POST',
        url: `/api/departments/addOrUpdateTimeslot/${department.id}/${type}`,
        headers: { cookie: adm },
        payload: { day, from, to: from + (type === 'WINDOW_REPLACE' ? 2 : 1), maxBookings: places },
      });
      expect(slot.statusCode, slot.body).toBe(200);
    }
  }
  return department;
}

describe('the evening, after closing time', () => {
  it('lists every department with today blank (its time is over) and the next days with their places', async () => {
    const workshop = await newWorkshop('Ur Aften', 3, 2);
    now = at(W, 23, 30);
    const all = await getAll();
    for (const [region, list] of Object.entries(all)) expect(list.length, region).toBeGreaterThan(0);
    const row = all.fynDepartmens.find((d) => d.departmentId === workshop.id);
    expect(row, 'the workshop is listed in the evening').toBeDefined();
    expect(cell(row, W)).toEqual({
      date: `${W}T00:00:00`,
      windowReplacementAvailableSlots: null,
      stoneChipAvailableSlots: null,
      closed: true,
      windowReplacementState: 'OVER',
      stoneChipState: 'OVER',
    });
    expect(cell(row, NEXT)).toMatchObject({ windowReplacementAvailableSlots: 3, stoneChipAvailableSlots: 2, closed: false });
    // No demo department is a row of red zeros today: every today is blank or has places.
    for (const d of [...all.julandDepartments, ...all.fynDepartmens, ...all.sjaellandDepartments]) {
      expect(d.availableSlots[0]!.windowReplacementAvailableSlots, d.name).toBeNull();
    }
    // 'Søg' from today keeps it too: its first day counts as closed.
    expect((await search('Fyn', W)).some((d) => d.departmentId === workshop.id)).toBe(true);
  });

  it('gives Leveringstid, the forecast and Kapacitetsoptimering one delivery time: the next working day, not today', async () => {
    const workshop = await newWorkshop('Ur Prognose', 3, 2);
    now = at(W, 23, 30);
    expect(await deliveryRow(workshop.id)).toMatchObject({ replace: 1, replaceDate: `${NEXT}T00:00:00`, repair: 1 });
    const forecast = async (replace: number) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/CapacityOptimization/DeliveryForcast',
        headers: { cookie: adm },
        payload: { departmentId: workshop.id, replace, repair: 0 },
      });
      expect(response.statusCode, response.body).toBe(200);
      return ZForecast.parse(response.json());
    };
    // A fitter more adds no place to a day that is over: the first free place stays tomorrow, not today at 23:30.
    expect(await forecast(1)).toMatchObject({ replaceDeliveryTime: 1, stoneToReplaceDate: `${NEXT}T00:00:00` });
    expect((await forecast(1)).deliveries[0]).toMatchObject({ id: W, type: 'CLOSED', replace: 0 });
    expect(await forecast(0)).toMatchObject({ replaceDeliveryTime: 1, repairDeliveryTime: 1 });
  });

  it('gives the forecast without a change the delivery times of Leveringstid for every department, however far', async () => {
    now = at(W, 23, 30);
    const times = ZDeliveryTimes.parse(await getJson('/api/deliverytime'));
    for (const row of [...times.jylland, ...times.fyn, ...times.sjaelland].slice(0, 8)) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/CapacityOptimization/DeliveryForcast',
        headers: { cookie: adm },
        payload: { departmentId: row.departmentId },
      });
      expect(ZForecast.parse(response.json()), row.name).toMatchObject({
        replaceDeliveryTime: row.replace,
        repairDeliveryTime: row.repair,
        stoneToReplaceDate: row.replaceDate,
      });
    }
  });
});

describe('a Sunday', () => {
  it('lists the departments with Sunday blank (closed) and the coming week', async () => {
    const workshop = await newWorkshop('Ur Søndag', 2, 1);
    const sunday = dayAhead(3, (d) => weekdayOf(d) === 0 && isWorkingDay(addDays(d, 1)));
    now = at(sunday, 12);
    const row = (await getAll()).fynDepartmens.find((d) => d.departmentId === workshop.id);
    expect(cell(row, sunday)).toMatchObject({ closed: true, windowReplacementAvailableSlots: null, windowReplacementState: 'CLOSED' });
    expect(cell(row, addDays(sunday, 1))).toMatchObject({ windowReplacementAvailableSlots: 2, stoneChipAvailableSlots: 1 });
  });
});

describe('a day booked up', () => {
  it('shows today full (a red 0) with tomorrow free, keeps it on the wall views, and leaves it out of the search from today', async () => {
    const workshop = await newWorkshop('Ur Fuld', 1, 0);
    now = new Date();
    // The day's one window place, booked as the booking step does.
    const [y, m, d] = W.split('-').map(Number) as [number, number, number];
    const slot = (await month(ctx.app, ks, workshop.id, y, m)).find((day) => day.dayOfMonth === d)!.windowReplaceSlots[0]!;
    const { car, windscreen } = await windscreenFor(ctx.app, ks, 'AB12345');
    const booked = await ctx.app.inject({
      method: 'POST',
      url: '/api/order/order',
      headers: { cookie: ks },
      payload: orderBody({
        department: workshop,
        found: { date: `${W}T00:00:00`, slot },
        car,
        debitor: await insurerDebitor(ctx.app, ks, 'Tryg'),
        items: [{ itemNo: windscreen.itemNo }],
      }),
    });
    expect(booked.statusCode, booked.body).toBe(200);

    now = at(W, 7);
    const row = (await getAll()).fynDepartmens.find((dep) => dep.departmentId === workshop.id);
    expect(cell(row, W)).toMatchObject({
      windowReplacementAvailableSlots: 0,
      windowReplacementState: 'FULL',
      stoneChipAvailableSlots: null,
      stoneChipState: 'NO_SLOTS',
      closed: false,
    });
    expect(cell(row, NEXT)).toMatchObject({ windowReplacementAvailableSlots: 1 });
    expect((await search('Fyn', W)).some((dep) => dep.departmentId === workshop.id)).toBe(false);
    expect((await search('Fyn', NEXT)).some((dep) => dep.departmentId === workshop.id)).toBe(true);
    expect(await deliveryRow(workshop.id)).toMatchObject({ replace: 1, replaceDate: `${NEXT}T00:00:00`, repair: -1 });
  });
});

describe('a new department without slots', () => {
  it('has blank days, not full ones, in Ledige slots and in the booking calendar', async () => {
    const workshop = await newWorkshop('Ur Ny', 0, 0);
    now = at(W, 9);
    const row = (await getAll()).fynDepartmens.find((d) => d.departmentId === workshop.id);
    expect(cell(row, W)).toMatchObject({
      windowReplacementAvailableSlots: null,
      stoneChipAvailableSlots: null,
      closed: false,
      windowReplacementState: 'NO_SLOTS',
    });
    const [y, m, d] = W.split('-').map(Number) as [number, number, number];
    expect((await month(ctx.app, ks, workshop.id, y, m)).find((day) => day.dayOfMonth === d)).toMatchObject({
      closed: false,
      windowReplaceState: 'NO_SLOTS',
      stoneChipState: 'NO_SLOTS',
    });
    // Once its opening hours (to 16:00) are over, the day counts as closed.
    now = at(W, 16, 30);
    expect(
      cell(
        (await getAll()).fynDepartmens.find((dep) => dep.departmentId === workshop.id),
        W,
      ),
    ).toMatchObject({ closed: true, windowReplacementState: 'OVER' });
  });
});

describe('departments in Danish order', () => {
  it("lists Æbeltoft, Ølstykke and Århus last, in that order, in Afdelinger's lists and in Ledige slots", async () => {
    for (const name of ['Århus Glas', 'Ølstykke Glas', 'Æbeltoft Glas', 'Brøndby Glas']) await newWorkshop(name, 1, 0);
    now = at(W, 9);
    const names = (await getJson<Array<{ name: string }>>('/api/departments/departments')).map((d) => d.name);
    expect(names).toEqual([...names].sort(compareDanish));
    const [ae, oe, aa] = ['Æbeltoft Glas', 'Ølstykke Glas', 'Århus Glas'].map((n) => names.indexOf(n));
    expect(ae).toBeLessThan(oe!);
    expect(oe).toBeLessThan(aa!);
    expect(names.indexOf('Brøndby Glas')).toBeLessThan(ae!);
    const short = (await getJson<Array<{ name: string }>>('/api/departments/names')).map((d) => d.name);
    expect(short).toEqual([...short].sort(compareDanish));
    const fyn = (await getAll()).fynDepartmens.map((d) => d.name);
    expect(fyn).toEqual([...fyn].sort(compareDanish));
    expect(fyn.indexOf('Brøndby Glas')).toBeLessThan(fyn.indexOf('Æbeltoft Glas'));
    expect(fyn.indexOf('Ølstykke Glas')).toBeLessThan(fyn.indexOf('Århus Glas'));
  });
});
