import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TNearestDepartment } from '@/domain/booking';
import type { TDepartment } from '@/domain/departments';
import type { TOrder } from '@/domain/orders';
import { createTestApp, login, type TestContext } from '../helpers/test-app';
import { departmentByCode, findSlot, insurerDebitor, month, orderBody, windscreenFor } from '../helpers/orders';

let ctx: TestContext;
let ks: string;
let aarhus: TDepartment;

beforeAll(async () => {
  ctx = await createTestApp();
  ks = await login(ctx.app, 'KS');
  aarhus = await departmentByCode(ctx.app, ks, 'ARH');
});
afterAll(() => ctx.close());

describe('a month of availability', () => {
  it("answers one entry per day with that day's slots, closing Sundays and public holidays", async () => {
    const days = await month(ctx.app, ks, aarhus.id, 2026, 12);
    expect(days).toHaveLength(31);
    expect(days.map((d) => d.dayOfMonth)).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
    const day = (n: number) => days[n - 1]!;
    // 25 and 26 December are public holidays; 27 December 2026 is a Sunday.
    for (const n of [25, 26, 27]) expect(day(n)).toMatchObject({ closed: true, windowReplaceSlots: [], windowReplaceAvailable: 0 });
    const monday = day(14);
    expect(monday.closed).toBe(false);
    expect(monday.windowReplaceSlots.length).toBeGreaterThan(0);
    expect(monday.stoneChipSlots.length).toBeGreaterThan(0);
    const first = monday.windowReplaceSlots[0]!;
    expect(first.from).toMatch(/^2026-12-14T\d{2}:\d{2}:00$/);
    expect(monday.windowReplaceAvailable).toBe(monday.windowReplaceSlots.reduce((sum, s) => sum + s.available, 0));
  });

  it('has nothing to book on days that have passed', async () => {
    const days = await month(ctx.app, ks, aarhus.id, 2026, 10);
    expect(days.every((d) => d.windowReplaceAvailable === 0 && d.stoneChipAvailable === 0)).toBe(true);
  });

  it('counts bookings against the slot', async () => {
    const found = await findSlot(ctx.app, ks, aarhus.id, 'windowReplaceSlots', (s) => s.available > 0 && !s.hasFreeCar, 3);
    const { car, windscreen } = await windscreenFor(ctx.app, ks, 'AB12345');
    const tryg = await insurerDebitor(ctx.app, ks, 'Tryg');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/order/order',
      headers: { cookie: ks },
      payload: orderBody({ department: aarhus, found, car, debitor: tryg, items: [{ itemNo: windscreen.itemNo }] }),
    });
    expect(response.statusCode).toBe(200);
    const [y, m, d] = found.date.slice(0, 10).split('-').map(Number) as [number, number, number];
    const after = (await month(ctx.app, ks, aarhus.id, y, m))[d - 1]!.windowReplaceSlots.find((s) => s.id === found.slot.id)!;
    expect(after).toMatchObject({ available: found.slot.available - 1, alreadyBooked: found.slot.alreadyBooked + 1 });
    expect((response.json() as TOrder).timeAndPlace.timeSlotId).toBe(found.slot.id);
  });

  it('answers 404 for an unknown department', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/timeslot/${crypto.randomUUID()}/2026/12`,
      headers: { cookie: ks },
      payload: {},
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('zip codes and the nearest departments', () => {
  it('looks up a city, and ignores an unknown zip code with an empty city', async () => {
    const known = await ctx.app.inject({ method: 'GET', url: '/api/zipcode/city/8000', headers: { cookie: ks } });
    expect(known.json()).toEqual({ zipCode: '8000', city: 'Aarhus C' });
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/zipcode/city/0001', headers: { cookie: ks } });
    expect(unknown.json()).toEqual({ zipCode: '0001', city: '' });
  });

  it('lists the mobile-service departments serving a zip code', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/zipcode/8000', headers: { cookie: ks } });
    const rows = response.json() as Array<{ departmentName: string; city: string }>;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.city === 'Aarhus C')).toBe(true);
  });

  async function nearest(body: object) {
    return ctx.app.inject({ method: 'POST', url: '/api/timeslot/nearest', headers: { cookie: ks }, payload: body });
  }

  it('finds the mobile-service van for a zip code, with its delivery time', async () => {
    const response = await nearest({ orderType: 'REPAIR', searchCriteria: { zipCode: '8000' }, onlyMobile: true });
    expect(response.statusCode).toBe(200);
    const list = response.json() as TNearestDepartment[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((d) => d.department.mobileService)).toBe(true);
    expect(list[0]!.deliveryDays).toEqual(expect.any(Number));
  });

  it('says so when no mobile department can work on the car, or nothing matches', async () => {
    const calibration = await nearest({
      orderType: 'REPLACE_FRONT',
      items: ['PK3'],
      searchCriteria: { zipCode: '8000' },
      onlyMobile: true,
    });
    expect(calibration.statusCode).toBe(404);
    expect(calibration.json().message).toBe('Der er ingen mobil afdeling, der kan arbejde på den valgte bil.');
    const unknown = await nearest({ searchCriteria: { zipCode: '0001' }, onlyMobile: true });
    expect(unknown.json().message).toBe('Kunne ikke finde noget match');
  });

  it('orders workshops by nearness to the zip code', async () => {
    const list = (await nearest({ searchCriteria: { zipCode: '5000' } })).json() as TNearestDepartment[];
    expect(list[0]!.department.navLocationCode).toBe('ODE');
    expect(list.every((d) => !d.department.mobileService)).toBe(true);
  });

  it("measures nearness in km between the zip codes' centres, not by the zip code numbers", async () => {
    // From Roskilde (4000) Køge (4600, ≈ 25 km) is nearer than Slagelse (4200, ≈ 50 km), though 4200 is the nearer number.
    const list = (await nearest({ searchCriteria: { zipCode: '4000' } })).json() as TNearestDepartment[];
    const codes = list.map((d) => d.department.navLocationCode);
    expect(codes[0]).toBe('ROS');
    expect(codes.indexOf('KOG')).toBeLessThan(codes.indexOf('SLA'));
    const km = (code: string) => list.find((d) => d.department.navLocationCode === code)!.distanceKm!;
    expect(km('ROS')).toBeLessThan(5);
    expect(km('KOG')).toBeGreaterThan(15);
    expect(km('KOG')).toBeLessThan(km('SLA'));
    const distances = list.map((d) => d.distanceKm!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('suggests zip codes and cities for typed text', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/departments/address?input=820', headers: { cookie: ks } });
    expect(response.json()).toContain('8200 Aarhus N');
  });
});

describe('the order list', () => {
  it('pages orders by booking date in a range, and finds one by plate or phone', async () => {
    const list = async (body: object) =>
      (await ctx.app.inject({ method: 'POST', url: '/api/order/orders', headers: { cookie: ks }, payload: body })).json() as {
        orders: TOrder[];
        pageCount: number;
      };
    const all = await list({ fromDate: '2026-01-01T00:00:00', toDate: '2027-12-31T00:00:00' });
    expect(all.orders.length).toBeGreaterThan(0);
    const byPlate = await list({ freeText: 'ab123' });
    expect(byPlate.orders.every((o) => o.car.registrationNumber === 'AB12345')).toBe(true);
    const byPhone = await list({
      phoneOrMail: '+45 22 33 44 55',
      status: 'FINISHED',
      fromDate: '2000-01-01T00:00:00',
      toDate: '2000-01-02T00:00:00',
    });
    expect(byPhone.orders.length).toBeGreaterThan(0);
    const dates = byPhone.orders.map((o) => o.timeAndPlace.date ?? '');
    expect([...dates].sort().reverse()).toEqual(dates);
  });
});

describe('Postnummer styring (issue 12)', () => {
  type ZipRow = { id: string; zipCode: string; departmentId: string; departmentName: string; tuesday: boolean; isActive: boolean };

  it('moves a zip code to another van for Tuesdays: its calendar opens only Tuesdays there, and booking follows', async () => {
    const adm = await login(ctx.app, 'ADM');
    const rows = (await ctx.app.inject({ method: 'GET', url: '/api/zipcode/8000', headers: { cookie: adm } })).json() as ZipRow[];
    const row = rows[0]!;
    const vans = (
      await ctx.app.inject({ method: 'GET', url: '/api/departments/departments', headers: { cookie: adm } })
    ).json() as TDepartment[];
    const other = vans.find(
      (d) => d.mobileService && !d.inActive && d.id !== row.departmentId && !rows.some((r) => r.departmentId === d.id),
    )!;

    const moved = await ctx.app.inject({
      method: 'POST',
      url: '/api/zipcode/',
      headers: { cookie: adm },
      payload: { id: row.id, zipCode: '8000', departmentId: other.id, tuesday: true, isActive: true },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ id: row.id, departmentId: other.id, tuesday: true, monday: false });
    const ofVan = (
      await ctx.app.inject({ method: 'GET', url: `/api/zipcode/department/${other.id}`, headers: { cookie: adm } })
    ).json() as ZipRow[];
    expect(ofVan.some((r) => r.zipCode === '8000')).toBe(true);

    // The van's month for zip 8000: open only on Tuesdays.
    const now = new Date();
    const y = now.getMonth() === 11 ? now.getFullYear() + 1 : now.getFullYear();
    const m = now.getMonth() === 11 ? 1 : now.getMonth() + 2;
    const days = (
      await ctx.app.inject({
        method: 'POST',
        url: `/api/timeslot/${other.id}/${y}/${m}`,
        headers: { cookie: ks },
        payload: { zipCode: '8000' },
      })
    ).json() as Array<{
      dayOfMonth: number;
      closed: boolean;
      windowReplaceSlots: Array<{ id: string; from: string; to: string; available: number }>;
    }>;
    const weekdayOf = (d: number) => new Date(Date.UTC(y, m - 1, d)).getUTCDay();
    expect(days.filter((d) => !d.closed).every((d) => weekdayOf(d.dayOfMonth) === 2)).toBe(true);
    const everyDay = (
      await ctx.app.inject({ method: 'POST', url: `/api/timeslot/${other.id}/${y}/${m}`, headers: { cookie: ks }, payload: {} })
    ).json() as typeof days;
    const wednesday = everyDay.find((d) => weekdayOf(d.dayOfMonth) === 3 && d.windowReplaceSlots.some((s) => s.available > 0));
    const tuesday = days.find((d) => !d.closed && d.windowReplaceSlots.some((s) => s.available > 0));

    const { car, windscreen } = await windscreenFor(ctx.app, ks, 'AB12345');
    const tryg = await insurerDebitor(ctx.app, ks, 'Tryg');
    const at = (day: (typeof days)[number]) => {
      const slot = day.windowReplaceSlots.find((s) => s.available > 0)!;
      const date = `${y}-${String(m).padStart(2, '0')}-${String(day.dayOfMonth).padStart(2, '0')}T00:00:00`;
      return orderBody({
        department: other,
        found: { date, slot: slot as never },
        car,
        debitor: tryg,
        items: [{ itemNo: windscreen.itemNo }],
        overrides: { timeAndPlace: { zipCode: '8000', mobileServiceLocation: { address: 'Vestergade 12, 8000 Aarhus C' } } },
      });
    };
    if (wednesday) {
      const refused = await ctx.app.inject({ method: 'POST', url: '/api/order/order', headers: { cookie: ks }, payload: at(wednesday) });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors['timeAndPlace.zipCode']).toEqual(['Mobilservicen kører ikke i postnummeret på den valgte dag']);
    }
    expect(tuesday).toBeDefined();
    const booked = await ctx.app.inject({ method: 'POST', url: '/api/order/order', headers: { cookie: ks }, payload: at(tuesday!) });
    expect(booked.statusCode, booked.body).toBe(200);
  });

  it('refuses a workshop, an unknown zip code and another role', async () => {
    const adm = await login(ctx.app, 'ADM');
    const workshop = await ctx.app.inject({
      method: 'POST',
      url: '/api/zipcode/',
      headers: { cookie: adm },
      payload: { zipCode: '8000', departmentId: aarhus.id, monday: true },
    });
    expect(workshop.statusCode).toBe(400);
    expect(workshop.json().errors.departmentId).toEqual(['Kun en mobilservice-afdeling kan betjene et postnummer']);
    const vans = (
      await ctx.app.inject({ method: 'GET', url: '/api/departments/departments', headers: { cookie: adm } })
    ).json() as TDepartment[];
    const van = vans.find((d) => d.mobileService)!;
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/zipcode/',
      headers: { cookie: adm },
      payload: { zipCode: '0001', departmentId: van.id },
    });
    expect(unknown.statusCode).toBe(400);
    const op = await login(ctx.app, 'OP');
    const byFitter = await ctx.app.inject({
      method: 'POST',
      url: '/api/zipcode/',
      headers: { cookie: op },
      payload: { zipCode: '8000', departmentId: van.id },
    });
    expect(byFitter.statusCode).toBe(403);
  });
});

describe('coordinates (the local geocoder)', () => {
  it('answers the centre of the zip code in an address, of a city, and 404 for nothing known', async () => {
    const locate = (input: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/departments/coordinates?input=${encodeURIComponent(input)}`, headers: { cookie: ks } });
    const aarhus = (await locate('Vestergade 12, 8000 Aarhus C')).json() as { lat: number; lng: number; exact: boolean };
    expect(aarhus.exact).toBe(false);
    expect(aarhus.lat).toBeCloseTo(56.16, 1);
    expect(aarhus.lng).toBeCloseTo(10.21, 1);
    // 8210 Aarhus V lies west of 8000 Aarhus C; 9990 Skagen far north.
    expect(((await locate('8210')).json() as { lng: number }).lng).toBeLessThan(aarhus.lng);
    expect(((await locate('Skagen')).json() as { lat: number }).lat).toBeGreaterThan(57.6);
    expect((await locate('Atlantis')).statusCode).toBe(404);
  });
});
