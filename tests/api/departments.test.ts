import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { danishPublicHolidays } from '@/domain/booking';
import { DEPARTMENT_PLAN_FIELDS, ZDepartment } from '@/domain/departments';
import { ZERO_GUID } from '@/domain/lib/guid';
import type { TOrder } from '@/domain/orders';
import { findSlot, insurerDebitor, orderBody, windscreenFor } from '../helpers/orders';
import { createTestApp, login, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api/departments/departments', () => {
  it('returns every department as the Department entity, with slots and hours', async () => {
    const cookie = await login(ctx.app, 'KS');
    const response = await ctx.app.inject({ method: 'GET', url: '/api/departments/departments', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const list = response.json() as unknown[];
    expect(list.length).toBeGreaterThanOrEqual(20);
    const departments = list.map((d) => ZDepartment.parse(d));
    const vans = departments.filter((d) => d.mobileService);
    expect(vans.length).toBeGreaterThan(0);
    for (const van of vans) {
      expect(van.parentDepartmentId).not.toBe(ZERO_GUID);
      expect(departments.some((d) => d.id === van.parentDepartmentId && !d.mobileService)).toBe(true);
    }
    const shop = departments.find((d) => d.navLocationCode === 'ARH')!;
    expect(shop.windowReplaceTimeSlots.length).toBeGreaterThan(0);
    expect(shop.stoneChipTimeSlots.length).toBeGreaterThan(0);
    expect(shop.openingHours.length).toBeGreaterThan(0);
    expect(shop.windowReplaceTimeSlots.every((s) => s.day !== null && s.date === null)).toBe(true);
    expect(new Set(departments.map((d) => d.region))).toEqual(new Set(['Jylland', 'Fyn', 'Sjaelland']));
  });
});

describe('GET /api/departments/names', () => {
  it('gives every signed-in user each department’s name, location code and kind, in a small answer', async () => {
    const cookie = await login(ctx.app, 'LAG');
    const response = await ctx.app.inject({ method: 'GET', url: '/api/departments/names', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const names = response.json() as Array<Record<string, unknown>>;
    const admin = await login(ctx.app, 'ADM');
    const whole = (
      await ctx.app.inject({ method: 'GET', url: '/api/departments/departments', headers: { cookie: admin } })
    ).json() as Department[];
    // In the whole list's order (by name, as the database sorts).
    expect(names).toEqual(
      whole.map((d) => ({
        id: d.id,
        name: d.name,
        mobileService: d.mobileService,
        navLocationCode: d.navLocationCode,
        inActive: d.inActive,
      })),
    );
    expect(response.rawPayload.length).toBeLessThan(whole.length * 200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/departments/names' })).statusCode).toBe(401);
  });
});

describe('GET /api/departments/summaries', () => {
  it('answers 401 without a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/departments/summaries' })).statusCode).toBe(401);
  });

  it('gives every signed-in user each whole department without its hours and slots, in the same order, far smaller', async () => {
    const cookie = await login(ctx.app, 'KS');
    const response = await ctx.app.inject({ method: 'GET', url: '/api/departments/summaries', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const summaries = response.json() as Array<Record<string, unknown>>;
    const whole = await ctx.app.inject({ method: 'GET', url: '/api/departments/departments', headers: { cookie } });
    const departments = whole.json() as Department[];
    expect(summaries.map((d) => d.id)).toEqual(departments.map((d) => d.id));
    for (const [i, department] of departments.entries()) {
      const expected: Record<string, unknown> = { ...department };
      for (const field of DEPARTMENT_PLAN_FIELDS) delete expected[field];
      expect(summaries[i]).toEqual(expected);
      for (const field of DEPARTMENT_PLAN_FIELDS) expect(summaries[i]).not.toHaveProperty(field);
    }
    // The demo's loan cars come along (the department's own fields, not its slots).
    expect(summaries.some((d) => (d.loanCars as unknown[]).length > 0)).toBe(true);
    expect(response.rawPayload.length * 3).toBeLessThan(whole.rawPayload.length);
  });
});

// ---------------------------------------------------------------------------
// The Departments screen's calls (issue 12)

type Department = ReturnType<typeof ZDepartment.parse>;

async function departments(cookie: string): Promise<Department[]> {
  return (await ctx.app.inject({ method: 'GET', url: '/api/departments/departments', headers: { cookie } })).json();
}

/** The first weekday (Monday–Friday, not a public holiday) at least `from` days ahead, 'YYYY-MM-DD'. */
function weekdayAhead(from: number): { date: string; weekday: number } {
  for (let days = from; ; days++) {
    const d = new Date(Date.now() + days * 86_400_000);
    const date = d.toLocaleDateString('sv-SE', { timeZone: 'Europe/Copenhagen' });
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday >= 1 && weekday <= 5 && !danishPublicHolidays(Number(date.slice(0, 4))).includes(date)) return { date, weekday };
  }
}

const weekdays = [1, 2, 3, 4, 5].map((day) => ({ day, from: 7.5, to: 16 }));

function newDepartment(code: string, overrides: Record<string, unknown> = {}) {
  return {
    name: `Rudeplan Test ${code}`,
    address: 'Testvej 1',
    zipCode: '8000',
    city: 'Aarhus C',
    navResponsibilityCenter: code,
    region: 'Jylland',
    openingHours: weekdays,
    ...overrides,
  };
}

describe('creating and deleting a department', () => {
  it('lets an administrator create one from its responsibility centre code with the defaults, and KS book it at once', async () => {
    const adm = await login(ctx.app, 'ADM');
    const created = await ctx.app.inject({
      method: 'PUT',
      url: '/api/departments/departments',
      headers: { cookie: adm },
      payload: newDepartment('TST1'),
    });
    expect(created.statusCode, created.body).toBe(200);
    const department = created.json() as Department;
    expect(department).toMatchObject({
      navLocationCode: 'TST1',
      navResponsibilityCenter: 'TST1',
      maxNumberOfWorkers: 3,
      windowChangeTimeOffset: 0,
      stoneChipTimeOffset: 0,
      mobileService: false,
      hasWaitingList: false,
      windowReplaceTimeSlots: [],
      loanCars: [],
    });
    expect(department.openingHours).toHaveLength(5);

    const { date, weekday } = weekdayAhead(10);
    const slot = await ctx.app.inject({
      method: 'POST',
      url: `/api/departments/addOrUpdateTimeslot/${department.id}/WINDOW_REPLACE`,
      headers: { cookie: adm },
      payload: { day: weekday, from: 8, to: 10, maxBookings: 2 },
    });
    expect(slot.statusCode, slot.body).toBe(200);

    const ks = await login(ctx.app, 'KS');
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    const month = (
      await ctx.app.inject({ method: 'POST', url: `/api/timeslot/${department.id}/${y}/${m}`, headers: { cookie: ks }, payload: {} })
    ).json() as Array<{
      dayOfMonth: number;
      windowReplaceSlots: Array<{ id: string; available: number }>;
    }>;
    expect(month.find((day) => day.dayOfMonth === d)!.windowReplaceSlots).toEqual([
      expect.objectContaining({ id: slot.json().id, available: 2 }),
    ]);
  });

  it('refuses a department without a responsibility centre, and creation by TimeManagement', async () => {
    const adm = await login(ctx.app, 'ADM');
    const missing = await ctx.app.inject({
      method: 'PUT',
      url: '/api/departments/departments',
      headers: { cookie: adm },
      payload: newDepartment(''),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.navResponsibilityCenter).toEqual(['Ansvarscenter skal udfyldes']);
    const tm = await login(ctx.app, 'TM');
    const byTm = await ctx.app.inject({
      method: 'PUT',
      url: '/api/departments/departments',
      headers: { cookie: tm },
      payload: newDepartment('TST2'),
    });
    expect(byTm.statusCode).toBe(403);
  });

  it('deletes a department without bookings, and refuses one with bookings in Danish', async () => {
    const adm = await login(ctx.app, 'ADM');
    const created = (
      await ctx.app.inject({ method: 'PUT', url: '/api/departments/departments', headers: { cookie: adm }, payload: newDepartment('TST3') })
    ).json() as Department;
    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/departments/departments/${created.id}`, headers: { cookie: adm } });
    expect(removed.statusCode).toBe(200);
    expect((await departments(adm)).some((d) => d.id === created.id)).toBe(false);
    const aarhus = (await departments(adm)).find((d) => d.navLocationCode === 'ARH')!;
    const refused = await ctx.app.inject({ method: 'DELETE', url: `/api/departments/departments/${aarhus.id}`, headers: { cookie: adm } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Afdelingen har bookinger og kan ikke slettes. Sæt den som inaktiv i stedet.');
  });
});

describe('TimeManagement', () => {
  it('edits the opening hours and slots of its own department, not its master data, nor another centre', async () => {
    const tm = await login(ctx.app, 'TM');
    const all = await departments(await login(ctx.app, 'ADM'));
    const aarhus = all.find((d) => d.navLocationCode === 'ARH')!;
    const other = all.find((d) => d.navResponsibilityCenter !== aarhus.navResponsibilityCenter && !d.mobileService)!;

    const hours = await ctx.app.inject({
      method: 'PUT',
      url: '/api/departments/departments',
      headers: { cookie: tm },
      payload: {
        ...aarhus,
        specificOpeningHours: [...aarhus.specificOpeningHours, { date: weekdayAhead(30).date, from: 0, to: 0, closed: true }],
      },
    });
    expect(hours.statusCode, hours.body).toBe(200);
    expect((hours.json() as Department).specificOpeningHours.some((h) => h.closed)).toBe(true);

    const master = await ctx.app.inject({
      method: 'PUT',
      url: '/api/departments/departments',
      headers: { cookie: tm },
      payload: { ...aarhus, name: 'Nyt navn' },
    });
    expect(master.statusCode).toBe(403);
    expect(master.json().message).toBe('Kun en administrator kan ændre afdelingens stamdata');

    const foreign = await ctx.app.inject({
      method: 'POST',
      url: `/api/departments/addOrUpdateTimeslot/${other.id}/WINDOW_REPLACE`,
      headers: { cookie: tm },
      payload: { day: 1, from: 8, to: 9 },
    });
    expect(foreign.statusCode).toBe(403);
    const own = await ctx.app.inject({
      method: 'POST',
      url: `/api/departments/addOrUpdateTimeslot/${aarhus.id}/STONE_CHIP`,
      headers: { cookie: tm },
      payload: { day: 6, from: 9, to: 9.5, maxBookings: 1 },
    });
    expect(own.statusCode, own.body).toBe(200);
  });

  it("reads the bookings per slot only of departments it may edit (the Departments screen's lock), an administrator every one", async () => {
    const tm = await login(ctx.app, 'TM');
    const all = await departments(await login(ctx.app, 'ADM'));
    const aarhus = all.find((d) => d.navLocationCode === 'ARH')!;
    const other = all.find((d) => d.navResponsibilityCenter !== aarhus.navResponsibilityCenter && !d.mobileService)!;
    const used = (id: string, cookie: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/departments/alreadyUsedTimeslots/${id}`, headers: { cookie } });

    expect((await used(aarhus.id, tm)).statusCode).toBe(200);
    const foreign = await used(other.id, tm);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('Du kan kun redigere din egen afdeling og afdelinger med samme ansvarscenter');
    expect((await used(other.id, await login(ctx.app, 'ADM'))).statusCode).toBe(200);
  });
});

describe('time slots', () => {
  /** A weekly slot at Aarhus with a booking on a coming day (booked here: the demo's own bookings may lie in the past). */
  async function bookedSlot(adm: string) {
    const ks = await login(ctx.app, 'KS');
    const aarhus = (await departments(adm)).find((d) => d.navLocationCode === 'ARH')!;
    const found = await findSlot(ctx.app, ks, aarhus.id, 'windowReplaceSlots');
    const { car, windscreen } = await windscreenFor(ctx.app, ks, 'AB12345');
    const tryg = await insurerDebitor(ctx.app, ks, 'Tryg');
    const booked = await ctx.app.inject({
      method: 'POST',
      url: '/api/order/order',
      headers: { cookie: ks },
      payload: orderBody({ department: aarhus, found, car, debitor: tryg, items: [{ itemNo: windscreen.itemNo }] }),
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const used = (
      await ctx.app.inject({ method: 'GET', url: `/api/departments/alreadyUsedTimeslots/${aarhus.id}`, headers: { cookie: adm } })
    ).json() as Record<string, number>;
    const slot = aarhus.windowReplaceTimeSlots.find((s) => s.id === found.slot.id)!;
    return { aarhus, slot, linked: used[slot.id]! };
  }

  it('locks a slot with bookings: no deletion, no new day or times, and never fewer places than a day holds', async () => {
    const adm = await login(ctx.app, 'ADM');
    const { aarhus, slot, linked } = await bookedSlot(adm);
    const url = `/api/departments/addOrUpdateTimeslot/${aarhus.id}/WINDOW_REPLACE`;

    const remove = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/departments/remove/${aarhus.id}/WINDOW_REPLACE/${slot.id}`,
      headers: { cookie: adm },
    });
    expect(remove.statusCode).toBe(409);
    expect(remove.json().message).toBe(
      `Der er ${linked === 1 ? '1 booking' : `${linked} bookinger`} knyttet til tiden. Den kan ikke slettes, og dag og tidsrum kan ikke ændres.`,
    );
    const moved = await ctx.app.inject({ method: 'POST', url, headers: { cookie: adm }, payload: { ...slot, from: slot.from + 0.5 } });
    expect(moved.statusCode).toBe(409);
    const zero = await ctx.app.inject({ method: 'POST', url, headers: { cookie: adm }, payload: { ...slot, maxBookings: 0 } });
    expect(zero.statusCode).toBe(409);
    expect(zero.json().message).toMatch(/^Der er \d+ booking(er)? på tiden på samme dag/);
    const more = await ctx.app.inject({
      method: 'POST',
      url,
      headers: { cookie: adm },
      payload: { ...slot, maxBookings: slot.maxBookings + 1 },
    });
    expect(more.statusCode, more.body).toBe(200);
    expect(more.json().maxBookings).toBe(slot.maxBookings + 1);
  });

  it('refuses a slot ending before it starts, negative places, a weekday outside 0–6 and an unknown department, changing nothing', async () => {
    const adm = await login(ctx.app, 'ADM');
    const aarhus = (await departments(adm)).find((d) => d.navLocationCode === 'ARH')!;
    const url = `/api/departments/addOrUpdateTimeslot/${aarhus.id}/WINDOW_REPLACE`;
    const cases: Array<[object, string]> = [
      [{ day: 1, from: 10, to: 9 }, 'to'],
      [{ day: 1, from: 8, to: 9, maxBookings: -1 }, 'maxBookings'],
      [{ day: 7, from: 8, to: 9 }, 'day'],
      [{ day: 1, date: '2030-01-02', from: 8, to: 9 }, 'day'],
      [{ day: 1, from: 8, to: 25 }, 'to'],
      [{ day: 1, from: 8, to: 9, reperationTime: 0.3 }, 'reperationTime'],
    ];
    for (const [payload, field] of cases) {
      const response = await ctx.app.inject({ method: 'POST', url, headers: { cookie: adm }, payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(response.json().errors)).toContain(field);
    }
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/departments/addOrUpdateTimeslot/7f1c0d4e-3a0c-4d55-9a53-0d6c7b0c1a11/WINDOW_REPLACE',
      headers: { cookie: adm },
      payload: { day: 1, from: 8, to: 9 },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await departments(adm)).find((d) => d.id === aarhus.id)!.windowReplaceTimeSlots).toEqual(aarhus.windowReplaceTimeSlots);
  });

  it('copies a weekday to a date as its own plan, and a free loan car makes a slot single', async () => {
    const adm = await login(ctx.app, 'ADM');
    const aarhus = (await departments(adm)).find((d) => d.navLocationCode === 'ARH')!;
    const { date } = weekdayAhead(45);
    const monday = aarhus.stoneChipTimeSlots.filter((s) => s.day === 1);
    expect(monday.length).toBeGreaterThan(0);
    const copy = await ctx.app.inject({
      method: 'POST',
      url: '/api/departments/copyTimeslot',
      headers: { cookie: adm },
      payload: { departmentId: aarhus.id, dayOfWeek: 1, copyToDate: date, timeslotType: 'STONE_CHIP' },
    });
    expect(copy.statusCode, copy.body).toBe(200);
    const specific = (await departments(adm))
      .find((d) => d.id === aarhus.id)!
      .specificStoneChipTimeSlots.filter((s) => s.date?.startsWith(date));
    expect(specific.map((s) => [s.from, s.to, s.maxBookings])).toEqual(monday.map((s) => [s.from, s.to, s.maxBookings]));
    expect(specific.every((s) => monday.some((m) => m.id === s.originalId))).toBe(true);

    const free = await ctx.app.inject({
      method: 'POST',
      url: `/api/departments/addOrUpdateTimeslot/${aarhus.id}/WINDOW_REPLACE`,
      headers: { cookie: adm },
      payload: { date, from: 13, to: 15, maxBookings: 3, hasFreeCar: true },
    });
    expect(free.json()).toMatchObject({ maxBookings: 1, hasFreeCar: true });
  });

  it('keeps a slot within its capacity when its places are cut while eight bookings race the change', async () => {
    const adm = await login(ctx.app, 'ADM');
    const ks = await login(ctx.app, 'KS');
    const aarhus = (await departments(adm)).find((d) => d.navLocationCode === 'ARH')!;
    const { date } = weekdayAhead(60);
    const created = await ctx.app.inject({
      method: 'POST',
      url: `/api/departments/addOrUpdateTimeslot/${aarhus.id}/WINDOW_REPLACE`,
      headers: { cookie: adm },
      payload: { date, from: 18, to: 19, maxBookings: 6 },
    });
    const slot = created.json() as { id: string; from: number; to: number; date: string; updateId: string };
    const { car, windscreen } = await windscreenFor(ctx.app, ks, 'AB12345');
    const tryg = await insurerDebitor(ctx.app, ks, 'Tryg');
    const found = { date: `${date}T00:00:00`, slot: { id: slot.id, from: `${date}T18:00:00`, to: `${date}T19:00:00` } } as never;
    const body = orderBody({ department: aarhus, found, car, debitor: tryg, items: [{ itemNo: windscreen.itemNo }] });
    const bookings = Array.from({ length: 8 }, () =>
      ctx.app.inject({ method: 'POST', url: '/api/order/order', headers: { cookie: ks }, payload: body }),
    );
    const cut = ctx.app.inject({
      method: 'POST',
      url: `/api/departments/addOrUpdateTimeslot/${aarhus.id}/WINDOW_REPLACE`,
      headers: { cookie: adm },
      payload: { id: slot.id, updateId: slot.updateId, date, from: 18, to: 19, maxBookings: 3 },
    });
    const [cutAnswer, ...answers] = await Promise.all([cut, ...bookings]);
    const booked = answers.filter((a) => a.statusCode === 200).length;
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
    const final = (await departments(adm)).find((d) => d.id === aarhus.id)!.specificWindowReplaceTimeSlots.find((s) => s.id === slot.id)!;
    // Either the cut came first (then at most 3 were booked) or it was refused because more were already held.
    expect(booked).toBeLessThanOrEqual(final.maxBookings);
    expect(cutAnswer.statusCode === 200 ? final.maxBookings === 3 : final.maxBookings === 6 && booked > 3).toBe(true);
  });
});

describe('loan cars and resource relations', () => {
  it('adds and removes a loan car and a resource relation of a department; TimeManagement only within its centre', async () => {
    const adm = await login(ctx.app, 'ADM');
    const all = await departments(adm);
    const aarhus = all.find((d) => d.navLocationCode === 'ARH')!;
    const other = all.find((d) => d.navResponsibilityCenter !== aarhus.navResponsibilityCenter && !d.mobileService)!;

    const car = await ctx.app.inject({
      method: 'POST',
      url: `/api/DepartmentLoanCar/${aarhus.id}/ab 99 123`,
      headers: { cookie: adm },
      payload: { make: 'Renault', model: 'Zoe', colour: 'Hvid' },
    });
    expect(car.statusCode, car.body).toBe(200);
    expect(car.json()).toMatchObject({ regNumber: 'AB99123', make: 'Renault', departmentId: aarhus.id });
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/DepartmentLoanCar/${aarhus.id}/AB99123`,
      headers: { cookie: adm },
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    const badPlate = await ctx.app.inject({
      method: 'POST',
      url: `/api/DepartmentLoanCar/${aarhus.id}/A`,
      headers: { cookie: adm },
      payload: {},
    });
    expect(badPlate.statusCode).toBe(400);

    const tm = await login(ctx.app, 'TM');
    const foreignCar = await ctx.app.inject({
      method: 'POST',
      url: `/api/DepartmentLoanCar/${other.id}/XY12345`,
      headers: { cookie: tm },
      payload: {},
    });
    expect(foreignCar.statusCode).toBe(403);
    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/DepartmentLoanCar/${car.json().id}`, headers: { cookie: tm } });
    expect(removed.statusCode).toBe(200);
    expect((await departments(adm)).find((d) => d.id === aarhus.id)!.loanCars.some((c) => c.regNumber === 'AB99123')).toBe(false);

    const related = await ctx.app.inject({
      method: 'POST',
      url: '/api/DepartmentResourceRelation/add',
      headers: { cookie: adm },
      payload: { departmentId: aarhus.id, resourceId: other.id },
    });
    expect(related.statusCode, related.body).toBe(200);
    const relations = related.json() as Array<{ id: string; resourceId: string; resourceName: string }>;
    expect(relations.find((r) => r.resourceId === other.id)?.resourceName).toBe(other.name);
    const self = await ctx.app.inject({
      method: 'POST',
      url: '/api/DepartmentResourceRelation/add',
      headers: { cookie: adm },
      payload: { departmentId: aarhus.id, resourceId: aarhus.id },
    });
    expect(self.statusCode).toBe(400);
    const listed = await ctx.app.inject({
      method: 'GET',
      url: `/api/DepartmentResourceRelation/get/${aarhus.id}`,
      headers: { cookie: tm },
    });
    expect(listed.json()).toHaveLength(relations.length);
    const gone = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/DepartmentResourceRelation/delete/${relations[0]!.id}`,
      headers: { cookie: adm },
    });
    expect(gone.statusCode).toBe(200);
  });
});

// ---------------------------------------------------------------------------
// A date's own plan (copy to date, a first date slot, a closed date) never strands the weekday's bookings

type Month = Array<{
  dayOfMonth: number;
  closed: boolean;
  windowReplaceAvailable: number;
  windowReplaceSlots: Array<{ id: string; available: number; alreadyBooked: number }>;
}>;

/** A new workshop (Monday–Friday 7:30–16) with one standard window slot 8–10 on the weekday of `date`. */
async function workshopWithSlot(code: string, weekday: number, maxBookings = 2) {
  const adm = await login(ctx.app, 'ADM');
  const created = await ctx.app.inject({
    method: 'PUT',
    url: '/api/departments/departments',
    headers: { cookie: adm },
    payload: newDepartment(code),
  });
  expect(created.statusCode, created.body).toBe(200);
  const department = created.json() as Department;
  const slot = await ctx.app.inject({
    method: 'POST',
    url: `/api/departments/addOrUpdateTimeslot/${department.id}/WINDOW_REPLACE`,
    headers: { cookie: adm },
    payload: { day: weekday, from: 8, to: 10, maxBookings },
  });
  expect(slot.statusCode, slot.body).toBe(200);
  return { adm, department, slotId: (slot.json() as { id: string }).id };
}

/** A windscreen booking (KS) in the 8–10 slot `slotId` on `date`, ready to send as often as wanted. */
async function windowBooking(department: Department, slotId: string, date: string) {
  const ks = await login(ctx.app, 'KS');
  const { car, windscreen } = await windscreenFor(ctx.app, ks, 'AB12345');
  const tryg = await insurerDebitor(ctx.app, ks, 'Tryg');
  const found = { date: `${date}T00:00:00`, slot: { id: slotId, from: `${date}T08:00:00`, to: `${date}T10:00:00` } } as never;
  const payload = orderBody({ department, found, car, debitor: tryg, items: [{ itemNo: windscreen.itemNo }] });
  return () => ctx.app.inject({ method: 'POST', url: '/api/order/order', headers: { cookie: ks }, payload });
}

async function bookWindow(department: Department, slotId: string, date: string) {
  return (await windowBooking(department, slotId, date))();
}

async function dayOf(departmentId: string, date: string) {
  const ks = await login(ctx.app, 'KS');
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const month = (
    await ctx.app.inject({ method: 'POST', url: `/api/timeslot/${departmentId}/${y}/${m}`, headers: { cookie: ks }, payload: {} })
  ).json() as Month;
  return month.find((day) => day.dayOfMonth === d)!;
}

async function usedBySlot(departmentId: string, cookie: string): Promise<Record<string, number>> {
  return (
    await ctx.app.inject({ method: 'GET', url: `/api/departments/alreadyUsedTimeslots/${departmentId}`, headers: { cookie } })
  ).json();
}

const copy = (cookie: string, departmentId: string, dayOfWeek: number, date: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/departments/copyTimeslot',
    headers: { cookie },
    payload: { departmentId, dayOfWeek, copyToDate: date, timeslotType: 'WINDOW_REPLACE' },
  });

describe("a date's own plan and the weekday's bookings", () => {
  it('copying a weekday to a date carries its bookings to the copied slots, so the copies are not offered as empty', async () => {
    const { date, weekday } = weekdayAhead(12);
    const { adm, department, slotId } = await workshopWithSlot('TSTC1', weekday);
    const booked = await bookWindow(department, slotId, date);
    expect(booked.statusCode, booked.body).toBe(200);

    const copied = await copy(adm, department.id, weekday, date);
    expect(copied.statusCode, copied.body).toBe(200);
    const [copySlot] = copied.json() as Array<{ id: string; originalId: string }>;
    expect(copySlot!.originalId).toBe(slotId);

    const day = await dayOf(department.id, date);
    expect(day.windowReplaceSlots).toEqual([expect.objectContaining({ id: copySlot!.id, available: 1, alreadyBooked: 1 })]);
    const order = (
      await ctx.app.inject({ method: 'GET', url: `/api/order/order/${booked.json().additionalData.orderId}`, headers: { cookie: adm } })
    ).json();
    expect(order.timeAndPlace.timeSlotId).toBe(copySlot!.id);
    expect(await usedBySlot(department.id, adm)).toEqual({ [copySlot!.id]: 1 });
  });

  it('refuses to copy another weekday whose slots have other times, naming the bookings, and changes nothing', async () => {
    const { date, weekday } = weekdayAhead(12);
    const { adm, department, slotId } = await workshopWithSlot('TSTC2', weekday);
    const otherDay = weekday === 5 ? 1 : weekday + 1;
    const late = await ctx.app.inject({
      method: 'POST',
      url: `/api/departments/addOrUpdateTimeslot/${department.id}/WINDOW_REPLACE`,
      headers: { cookie: adm },
      payload: { day: otherDay, from: 12, to: 14, maxBookings: 3 },
    });
    expect(late.statusCode, late.body).toBe(200);
    expect((await bookWindow(department, slotId, date)).statusCode).toBe(200);

    const refused = await copy(adm, department.id, otherDay, date);
    expect(refused.statusCode).toBe(409);
    const [y, m, d] = date.split('-');
    expect(refused.json().message).toBe(
      `Der er 1 booking den ${d}/${m}-${y} på tider, som kopien ikke har med samme tidsrum og plads nok. Flyt den først.`,
    );
    expect((await departments(adm)).find((x) => x.id === department.id)!.specificWindowReplaceTimeSlots).toEqual([]);
    expect((await dayOf(department.id, date)).windowReplaceSlots).toEqual([expect.objectContaining({ id: slotId, alreadyBooked: 1 })]);
  });

  it('refuses a first date slot on a date whose weekday slots hold bookings (copy the weekday first), and takes it after the copy', async () => {
    const { date, weekday } = weekdayAhead(12);
    const { adm, department, slotId } = await workshopWithSlot('TSTC3', weekday);
    expect((await bookWindow(department, slotId, date)).statusCode).toBe(200);
    const add = () =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/departments/addOrUpdateTimeslot/${department.id}/WINDOW_REPLACE`,
        headers: { cookie: adm },
        payload: { date, from: 14, to: 16, maxBookings: 2 },
      });

    const refused = await add();
    expect(refused.statusCode).toBe(409);
    const [y, m, d] = date.split('-');
    expect(refused.json().message).toBe(
      `Der er 1 booking på ugedagens tider den ${d}/${m}-${y}. Brug 'Kopier til dato' først, så følger den med, og tilføj så tiden.`,
    );
    expect((await dayOf(department.id, date)).windowReplaceSlots.map((s) => s.id)).toEqual([slotId]);

    // Moving an existing free standard slot onto the date would start the date's plan too.
    const spare = (
      await ctx.app.inject({
        method: 'POST',
        url: `/api/departments/addOrUpdateTimeslot/${department.id}/WINDOW_REPLACE`,
        headers: { cookie: adm },
        payload: { day: weekday === 1 ? 2 : 1, from: 14, to: 16 },
      })
    ).json() as { id: string; updateId: string };
    const moved = await ctx.app.inject({
      method: 'POST',
      url: `/api/departments/addOrUpdateTimeslot/${department.id}/WINDOW_REPLACE`,
      headers: { cookie: adm },
      payload: { id: spare.id, updateId: spare.updateId, date, from: 14, to: 16 },
    });
    expect(moved.statusCode).toBe(409);

    expect((await copy(adm, department.id, weekday, date)).statusCode).toBe(200);
    expect((await add()).statusCode).toBe(200);
    expect((await dayOf(department.id, date)).windowReplaceSlots).toEqual([
      expect.objectContaining({ alreadyBooked: 1, available: 1 }),
      expect.objectContaining({ alreadyBooked: 0, available: 2 }),
    ]);
  });

  it('refuses to close a date holding bookings through its own opening hours (as the Departments screen saves them)', async () => {
    const { date, weekday } = weekdayAhead(12);
    const { adm, department, slotId } = await workshopWithSlot('TSTC4', weekday);
    expect((await bookWindow(department, slotId, date)).statusCode).toBe(200);
    const stored = (await departments(adm)).find((x) => x.id === department.id)!;

    const closeDate = await ctx.app.inject({
      method: 'PUT',
      url: '/api/departments/departments',
      headers: { cookie: adm },
      payload: { ...stored, specificOpeningHours: [{ date, from: 0, to: 0, closed: true }] },
    });
    expect(closeDate.statusCode).toBe(409);
    const [y, m, d] = date.split('-');
    expect(closeDate.json().message).toBe(`Der er 1 booking den ${d}/${m}-${y}. Dagen kan ikke lukkes, før den er flyttet.`);
    const closeWeekday = await ctx.app.inject({
      method: 'PUT',
      url: '/api/departments/departments',
      headers: { cookie: adm },
      payload: { ...stored, openingHours: stored.openingHours.filter((h) => h.day !== weekday) },
    });
    expect(closeWeekday.statusCode).toBe(409);
    expect((await departments(adm)).find((x) => x.id === department.id)!.openingHours).toEqual(stored.openingHours);
    expect((await dayOf(department.id, date)).closed).toBe(false);
  });

  it('keeps every booking on the date and within its places when the weekday is copied while eight bookings race the copy', async () => {
    const { date, weekday } = weekdayAhead(12);
    const { adm, department, slotId } = await workshopWithSlot('TSTC5', weekday, 4);
    // One booking is there before; then eight more race the copy (without the copy marking the weekday slot
    // changed, bookings checked before it went in after it, onto the slot that no longer applies).
    const book = await windowBooking(department, slotId, date);
    expect((await book()).statusCode).toBe(200);
    const racing = Array.from({ length: 8 }, () => book());
    const [answer, ...answers] = await Promise.all([copy(adm, department.id, weekday, date), ...racing]);
    expect(answer!.statusCode, answer!.body).toBe(200);
    expect(
      answers.every((a) => [200, 400, 409].includes(a.statusCode)),
      answers.map((a) => a.body).join('\n'),
    ).toBe(true);
    const [copySlot] = answer!.json() as Array<{ id: string }>;
    const used = await usedBySlot(department.id, adm);
    // Nothing stays on the weekday slot that no longer applies that day; the copy holds every booking, within its places.
    expect(used[slotId]).toBeUndefined();
    expect(used[copySlot!.id]).toBe(1 + answers.filter((a) => a.statusCode === 200).length);
    expect(used[copySlot!.id]).toBeLessThanOrEqual(4);
  });
});

describe('moves racing a copy to the date', () => {
  it('never leaves a booking moved onto the date on the weekday slot the copy replaced', async () => {
    // The date and the same weekday a week later are both open days (not 18/12 with Christmas Day after it).
    const weekLater = (day: string) => new Date(Date.parse(`${day}T12:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
    let pick = weekdayAhead(12);
    for (let from = 13; danishPublicHolidays(Number(weekLater(pick.date).slice(0, 4))).includes(weekLater(pick.date)); from++)
      pick = weekdayAhead(from);
    const { date, weekday } = pick;
    const later = weekLater(date);
    const { adm, department, slotId } = await workshopWithSlot('TSTC6', weekday, 6);
    const ks = await login(ctx.app, 'KS');
    // Six bookings a week later, then moved onto the date while the weekday is copied to it.
    const orders: TOrder[] = [];
    for (let i = 0; i < 6; i++) {
      const booked = await bookWindow(department, slotId, later);
      expect(booked.statusCode, booked.body).toBe(200);
      orders.push(booked.json() as TOrder);
    }
    const moveOf = (order: TOrder) => {
      const moved = structuredClone(order);
      moved.timeAndPlace = {
        ...moved.timeAndPlace,
        date: `${date}T00:00:00`,
        from: `${date}T08:00:00`,
        to: `${date}T10:00:00`,
        timeSlotId: slotId,
      };
      return ctx.app.inject({ method: 'PUT', url: '/api/order/order', headers: { cookie: ks }, payload: moved });
    };
    const [answer, ...moves] = await Promise.all([copy(adm, department.id, weekday, date), ...orders.map(moveOf)]);
    expect(answer!.statusCode, answer!.body).toBe(200);
    expect(
      moves.every((m) => [200, 400, 409].includes(m.statusCode)),
      moves.map((m) => m.body).join('\n'),
    ).toBe(true);
    const [copySlot] = answer!.json() as Array<{ id: string }>;
    const stored = await Promise.all(
      orders.map(
        async (o) =>
          (
            await ctx.app.inject({ method: 'GET', url: `/api/order/order/${o.additionalData.orderId}`, headers: { cookie: ks } })
          ).json() as TOrder,
      ),
    );
    const onDate = stored.filter((o) => o.timeAndPlace.date?.slice(0, 10) === date);
    expect(onDate.map((o) => o.timeAndPlace.timeSlotId).filter((id) => id !== copySlot!.id)).toEqual([]);
    expect(stored.filter((o) => o.timeAndPlace.date?.slice(0, 10) === later).every((o) => o.timeAndPlace.timeSlotId === slotId)).toBe(true);
    expect(onDate.length + stored.filter((o) => o.timeAndPlace.date?.slice(0, 10) === later).length).toBe(6);
  });
});

describe('a closed date in the booking calendar', () => {
  it("shows a date closed through the department's own opening hours as closed, without places, in the month availability", async () => {
    const { date, weekday } = weekdayAhead(20);
    const { adm, department } = await workshopWithSlot('TSTD1', weekday);
    expect(await dayOf(department.id, date)).toMatchObject({ closed: false, windowReplaceAvailable: 2 });
    const stored = (await departments(adm)).find((x) => x.id === department.id)!;
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/departments/departments',
      headers: { cookie: adm },
      payload: { ...stored, specificOpeningHours: [...stored.specificOpeningHours, { date, from: 0, to: 0, closed: true }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await dayOf(department.id, date)).toMatchObject({ closed: true, windowReplaceAvailable: 0, windowReplaceSlots: [] });
  });
});

describe('GET /api/zipcode/navResponsibilityCenter/{x}', () => {
  it("lists the zip codes served by the vans of a responsibility centre, nothing for an unknown one, and only for Postnummer styring's roles", async () => {
    const adm = await login(ctx.app, 'ADM');
    const all = await departments(adm);
    const van = all.find((d) => d.mobileService)!;
    const centre = van.navResponsibilityCenter;
    const url = (code: string) => `/api/zipcode/navResponsibilityCenter/${encodeURIComponent(code)}`;
    const response = await ctx.app.inject({ method: 'GET', url: url(centre), headers: { cookie: adm } });
    expect(response.statusCode).toBe(200);
    const rows = response.json() as Array<{ id: string; departmentId: string; navResponsibilityCenter: string }>;
    expect(rows.length).toBeGreaterThan(0);
    const ofCentre = all.filter((d) => d.navResponsibilityCenter === centre);
    expect(rows.every((r) => ofCentre.some((d) => d.id === r.departmentId))).toBe(true);
    const expected: string[] = [];
    for (const d of ofCentre) {
      expected.push(
        ...(
          (await ctx.app.inject({ method: 'GET', url: `/api/zipcode/department/${d.id}`, headers: { cookie: adm } })).json() as Array<{
            id: string;
          }>
        ).map((r) => r.id),
      );
    }
    expect(rows.map((r) => r.id).sort()).toEqual(expected.sort());

    expect((await ctx.app.inject({ method: 'GET', url: url('FINDES-IKKE'), headers: { cookie: adm } })).json()).toEqual([]);
    expect((await ctx.app.inject({ method: 'GET', url: url(centre), headers: { cookie: await login(ctx.app, 'KS') } })).statusCode).toBe(
      200,
    );
    expect((await ctx.app.inject({ method: 'GET', url: url(centre), headers: { cookie: await login(ctx.app, 'TM') } })).statusCode).toBe(
      403,
    );
  });
});

describe("a new department's stock location (issue 15)", () => {
  it('gets its shop with the default bins at once, so transfers can reach it; deleting it unused takes them away again', async () => {
    const adm = await login(ctx.app, 'ADM');
    const create = () =>
      ctx.app.inject({ method: 'PUT', url: '/api/departments/departments', headers: { cookie: adm }, payload: newDepartment('TSTS1') });
    const created = await create();
    expect(created.statusCode, created.body).toBe(200);
    const department = created.json() as Department;

    const bins = await ctx.app.inject({ method: 'GET', url: `/api/transfer/binlist/${department.id}`, headers: { cookie: adm } });
    expect(bins.statusCode).toBe(200);
    expect(bins.json()).toEqual(['A-01', 'A-02', 'B-11', 'B-12', 'C-01'].map((Code) => ({ Code })));
    const locations = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/transfer/locations', headers: { cookie: adm } })).json() as Array<{
        code: string;
        departmentId: string | null;
        kind: string;
        name: string;
      }>;
    expect((await locations()).find((l) => l.code === 'TSTS1')).toEqual({
      code: 'TSTS1',
      name: 'Rudeplan Test TSTS1 afdeling',
      departmentId: department.id,
      kind: 'DEPARTMENT',
    });

    const transfer = await ctx.app.inject({
      method: 'POST',
      url: '/api/transfer/transfer',
      headers: { cookie: adm },
      payload: [
        {
          transfer_from_Code: 'NØR-LAGER',
          transfer_To_Code: 'TSTS1',
          item_No: await anyStockedItem(adm),
          qty_in_Transit: 1,
          description: '',
          measure_Unit: 'STK',
        },
      ],
    });
    expect(transfer.statusCode, transfer.body).toBe(200);
  });

  it("leaves a van without a location of its own (it uses its parent workshop's), and takes a location left by a deleted department back", async () => {
    const adm = await login(ctx.app, 'ADM');
    const create = (code: string, overrides: Record<string, unknown> = {}) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/departments/departments',
        headers: { cookie: adm },
        payload: newDepartment(code, overrides),
      });
    const first = (await create('TSTS2')).json() as Department;
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/departments/departments/${first.id}`, headers: { cookie: adm } })).statusCode,
    ).toBe(200);
    const locations = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/transfer/locations', headers: { cookie: adm } })).json() as Array<{
        code: string;
        departmentId: string | null;
      }>;
    expect((await locations()).some((l) => l.code === 'TSTS2')).toBe(false);
    const again = await create('TSTS2');
    expect(again.statusCode, again.body).toBe(200);
    expect((await locations()).find((l) => l.code === 'TSTS2')?.departmentId).toBe((again.json() as Department).id);

    const aarhus = (await departments(adm)).find((d) => d.navLocationCode === 'ARH')!;
    const van = await create('TSTS3', { mobileService: true, parentDepartmentId: aarhus.id });
    expect(van.statusCode, van.body).toBe(200);
    expect((await locations()).some((l) => l.code === 'TSTS3')).toBe(false);

    const warehouse = await create('NØR-LAGER');
    expect(warehouse.statusCode).toBe(400);
    expect(warehouse.json().errors.navLocationCode).toEqual(['Lokationskoden er allerede brugt af et lager']);
  });
});

/** A product a warehouse has on hand, for a transfer line. */
async function anyStockedItem(cookie: string): Promise<string> {
  const groups = (
    await ctx.app.inject({ method: 'GET', url: '/api/transfer/products?search=forrude', headers: { cookie } })
  ).json() as Array<{ items: Array<{ itemNo: string }> }>;
  return groups[0]!.items[0]!.itemNo;
}

describe('a save of a stale copy (issue 37)', () => {
  const save = (cookie: string, payload: unknown) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/departments/departments',
      headers: { cookie },
      payload: payload as Record<string, unknown>,
    });
  const herning = async (cookie: string) => (await departments(cookie)).find((d) => d.navLocationCode === 'HER')!;

  it("is refused with 409 in Danish and writes nothing, so the other administrator's phone number and hours stay", async () => {
    const adm = await login(ctx.app, 'ADM');
    const other = await login(ctx.app, 'ADM');
    const mine = await herning(adm);
    const theirs = await herning(other);

    const first = await save(other, {
      ...theirs,
      phone: '97000001',
      openingHours: theirs.openingHours.map((h) => (h.day === 1 ? { ...h, to: 15 } : h)),
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().updateId).not.toBe(mine.updateId);

    const stale = await save(adm, {
      ...mine,
      obs: 'Min ændring',
      openingHours: mine.openingHours.map((h) => (h.day === 2 ? { ...h, from: 9 } : h)),
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      status: 409,
      type: 'GENERIC_ERROR',
      message: 'Afdelingen er ændret af en anden, siden du åbnede den. Genindlæs for at se ændringerne.',
      errors: { updateId: ['Afdelingen er ændret af en anden, siden du åbnede den. Genindlæs for at se ændringerne.'] },
    });
    const now = await herning(adm);
    expect(now).toMatchObject({ phone: '97000001', obs: mine.obs, updateId: first.json().updateId });
    expect(now.openingHours.find((h) => h.day === 1)!.to).toBe(15);
    expect(now.openingHours.find((h) => h.day === 2)!.from).toBe(mine.openingHours.find((h) => h.day === 2)!.from);
  });

  it('saves a fresh copy and answers the new version; a save without a version is refused', async () => {
    const adm = await login(ctx.app, 'ADM');
    const fresh = await herning(adm);
    const saved = await save(adm, { ...fresh, obs: 'Ny OBS' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().obs).toBe('Ny OBS');
    expect(saved.json().updateId).not.toBe(fresh.updateId);
    const again = await save(adm, { ...(saved.json() as Department), obs: 'Igen' });
    expect(again.statusCode, again.body).toBe(200);

    const { updateId: _left, ...unversioned } = again.json() as Department;
    const missing = await save(adm, { ...unversioned, obs: 'Uden version' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.updateId).toHaveLength(1);
    expect((await herning(adm)).obs).toBe('Igen');
  });

  it('lets exactly one of two saves of the same copy through when they race', async () => {
    const adm = await login(ctx.app, 'ADM');
    const copy = await herning(adm);
    const answers = await Promise.all(['97000011', '97000012', '97000013'].map((phone) => save(adm, { ...copy, phone })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!.json() as Department;
    expect((await herning(adm)).phone).toBe(winner.phone);
  });

  it("TimeManagement's hours save is checked the same way", async () => {
    const tm = await login(ctx.app, 'TM');
    const aarhus = (await departments(tm)).find((d) => d.navLocationCode === 'ARH')!;
    const first = await save(tm, {
      ...aarhus,
      specificOpeningHours: [...aarhus.specificOpeningHours, { date: weekdayAhead(40).date, from: 8, to: 12, closed: false }],
    });
    expect(first.statusCode, first.body).toBe(200);
    const stale = await save(tm, { ...aarhus, specificOpeningHours: [] });
    expect(stale.statusCode).toBe(409);
    expect((await departments(tm)).find((d) => d.id === aarhus.id)!.specificOpeningHours).toEqual(
      (first.json() as Department).specificOpeningHours,
    );
  });

  it("keeps the open copy current across the screen's own slot changes, which are saved by themselves", async () => {
    const adm = await login(ctx.app, 'ADM');
    const copy = await herning(adm);
    const slot = await ctx.app.inject({
      method: 'POST',
      url: `/api/departments/addOrUpdateTimeslot/${copy.id}/STONE_CHIP`,
      headers: { cookie: adm },
      payload: { day: 6, from: 10, to: 11, maxBookings: 1 },
    });
    expect(slot.statusCode, slot.body).toBe(200);
    const saved = await save(adm, { ...copy, obs: 'Efter ny tid' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as Department).stoneChipTimeSlots.some((s) => s.id === slot.json().id)).toBe(true);
  });
});

describe('a save of a stale copy of a time slot (issue 37)', () => {
  type Slot = Department['windowReplaceTimeSlots'][number];
  const STALE = 'Tiden er ændret af en anden, siden du åbnede den. Genindlæs for at se ændringerne.';
  const saveSlot = (cookie: string, departmentId: string, payload: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/departments/addOrUpdateTimeslot/${departmentId}/WINDOW_REPLACE`,
      headers: { cookie },
      payload,
    });
  const storedSlot = async (cookie: string, departmentId: string, id: string): Promise<Slot> =>
    (await departments(cookie)).find((d) => d.id === departmentId)!.windowReplaceTimeSlots.find((s) => s.id === id)!;

  it("is refused with 409 in Danish and writes nothing, so the other administrator's places stay; every save answers a new version", async () => {
    const adm = await login(ctx.app, 'ADM');
    const other = await login(ctx.app, 'ADM');
    const herning = (await departments(adm)).find((d) => d.navLocationCode === 'HER')!;
    // A new slot needs no version, and comes with one, as the department's list shows it.
    const created = await saveSlot(adm, herning.id, { day: 0, from: 10, to: 11, maxBookings: 2 });
    expect(created.statusCode, created.body).toBe(200);
    const read = created.json() as Slot;
    expect(read.updateId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await storedSlot(adm, herning.id, read.id)).toEqual(read);

    const theirs = await saveSlot(other, herning.id, { ...read, maxBookings: 3 });
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().updateId).not.toBe(read.updateId);

    const stale = await saveSlot(adm, herning.id, { ...read, reperationTime: 1.5 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ status: 409, type: 'GENERIC_ERROR', message: STALE, errors: { updateId: [STALE] } });
    expect(await storedSlot(adm, herning.id, read.id)).toEqual(theirs.json());

    // Read again, the save goes through, and the version moves on.
    const fresh = await saveSlot(adm, herning.id, { ...(theirs.json() as Slot), reperationTime: 1.5 });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toMatchObject({ maxBookings: 3, reperationTime: 1.5 });
    expect(fresh.json().updateId).not.toBe(theirs.json().updateId);

    // A change of a slot must name its version.
    const { updateId: _left, ...unversioned } = fresh.json() as Slot;
    const missing = await saveSlot(adm, herning.id, { ...unversioned, maxBookings: 1 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.updateId).toHaveLength(1);
    expect((await storedSlot(adm, herning.id, read.id)).maxBookings).toBe(3);
  });

  it('lets exactly one of three saves of the same copy through when they race', async () => {
    const adm = await login(ctx.app, 'ADM');
    const herning = (await departments(adm)).find((d) => d.navLocationCode === 'HER')!;
    const read = (await saveSlot(adm, herning.id, { day: 0, from: 12, to: 13, maxBookings: 1 })).json() as Slot;
    const answers = await Promise.all([2, 3, 4].map((maxBookings) => saveSlot(adm, herning.id, { ...read, maxBookings })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!.json() as Slot;
    expect(await storedSlot(adm, herning.id, read.id)).toEqual(winner);
  });

  it("keeps the editor's version through a booking and a copy of the weekday to a date, which change nothing it shows", async () => {
    const { date, weekday } = weekdayAhead(16);
    const { adm, department, slotId } = await workshopWithSlot('TSTV1', weekday);
    const read = await storedSlot(adm, department.id, slotId);
    expect((await bookWindow(department, slotId, date)).statusCode).toBe(200);
    expect((await copy(adm, department.id, weekday, date)).statusCode).toBe(200);
    expect((await storedSlot(adm, department.id, slotId)).updateId).toBe(read.updateId);
    const saved = await saveSlot(adm, department.id, { ...read, maxBookings: read.maxBookings + 1 });
    expect(saved.statusCode, saved.body).toBe(200);
  });
});

describe('what TimeManagement reads (issue 37)', () => {
  const list = async (url: string, cookie: string) =>
    (await ctx.app.inject({ method: 'GET', url, headers: { cookie } })).json() as Array<{ id: string }>;

  it('answers TimeManagement only its own department and those sharing its responsibility centre, in the whole list and the summaries', async () => {
    const tm = await login(ctx.app, 'TM');
    const all = await departments(await login(ctx.app, 'ADM'));
    const centre = all.find((d) => d.navLocationCode === 'ARH')!.navResponsibilityCenter;
    const own = all.filter((d) => d.navResponsibilityCenter === centre).map((d) => d.id);
    expect(own.length).toBeGreaterThan(1);
    expect(own.length).toBeLessThan(all.length);
    expect((await departments(tm)).map((d) => d.id)).toEqual(own);
    expect((await list('/api/departments/summaries', tm)).map((d) => d.id)).toEqual(own);
    // The pickers' names (name, code, kind) stay whole: they show no hours, slots or cars.
    expect(await list('/api/departments/names', tm)).toHaveLength(all.length);
  });

  it('keeps every department for the roles whose screens pick among them (booking, worksheet, calendar, users admin)', async () => {
    const all = await departments(await login(ctx.app, 'ADM'));
    for (const initials of ['KS', 'OP', 'REV', 'LAG']) {
      const cookie = await login(ctx.app, initials);
      expect((await departments(cookie)).length, initials).toBe(all.length);
      expect((await list('/api/departments/summaries', cookie)).length, initials).toBe(all.length);
    }
  });

  it("refuses TimeManagement a resource relation to another centre's department, in Danish, and takes one within its centre", async () => {
    const tm = await login(ctx.app, 'TM');
    const all = await departments(await login(ctx.app, 'ADM'));
    const aarhus = all.find((d) => d.navLocationCode === 'ARH')!;
    const odense = all.find((d) => d.navLocationCode === 'ODE')!;
    const randers = all.find((d) => d.navLocationCode === 'RAN')!;
    expect(odense.navResponsibilityCenter).not.toBe(aarhus.navResponsibilityCenter);
    const add = (resourceId: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/DepartmentResourceRelation/add',
        headers: { cookie: tm },
        payload: { departmentId: aarhus.id, resourceId },
      });
    const before = await list(`/api/DepartmentResourceRelation/get/${aarhus.id}`, tm);

    const foreign = await add(odense.id);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('Du kan kun redigere din egen afdeling og afdelinger med samme ansvarscenter');
    expect(await list(`/api/DepartmentResourceRelation/get/${aarhus.id}`, tm)).toEqual(before);

    const within = await add(randers.id);
    expect(within.statusCode, within.body).toBe(200);
    expect((within.json() as Array<{ resourceId: string }>).map((r) => r.resourceId)).toContain(randers.id);
  });
});
