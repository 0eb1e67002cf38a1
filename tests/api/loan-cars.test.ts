import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TLoanCar } from '@/domain/loan-cars/loan-car.schemas';
import { departments } from '@/server/db/schema';
import { createTestApp, login, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let ks: string;
const ids = new Map<string, string>();

async function carsOf(code: string, cookie = ks) {
  return ctx.app.inject({ method: 'GET', url: `/api/DepartmentLoanCar/${ids.get(code)}`, headers: { cookie } });
}

beforeAll(async () => {
  ctx = await createTestApp();
  ks = await login(ctx.app, 'KS');
  for (const row of await ctx.database.db.select({ id: departments.id, code: departments.navLocationCode }).from(departments)) ids.set(row.code, row.id);
});
afterAll(() => ctx.close());

describe('GET /api/DepartmentLoanCar/{departmentId}', () => {
  it("lists a workshop's electric loan cars with their damage markers", async () => {
    const response = await carsOf('ARH');
    expect(response.statusCode).toBe(200);
    const cars = response.json<TLoanCar[]>();
    expect(cars).toHaveLength(3);
    for (const car of cars) {
      expect(car).toMatchObject({ departmentId: ids.get('ARH'), fuelType: 'El' });
      expect(car.regNumber).toMatch(/^[A-Z]{2}\d{5}$/);
      for (const damage of car.damages) {
        expect(damage.x).toBeGreaterThanOrEqual(0);
        expect(damage.x).toBeLessThanOrEqual(100);
        expect(damage.date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
      }
    }
  });

  it("gives a mobile-service van its parent workshop's cars", async () => {
    const van = (await carsOf('MARH')).json<TLoanCar[]>();
    expect(van.map((c) => c.id)).toEqual((await carsOf('ARH')).json<TLoanCar[]>().map((c) => c.id));
  });

  it('is closed to roles without the worksheet', async () => {
    expect((await carsOf('ARH', await login(ctx.app, 'LAG'))).statusCode).toBe(403);
  });

  it("lets TimeManagement read any department's cars, as the department list shows them to every signed-in user", async () => {
    const tm = await login(ctx.app, 'TM');
    const all = await ctx.database.db.select({ code: departments.navLocationCode, centre: departments.navResponsibilityCenter, mobile: departments.mobileService }).from(departments);
    const ownCentre = all.find((d) => d.code === 'ARH')!.centre;
    const other = all.find((d) => d.centre !== ownCentre && !d.mobile)!;
    const cars = await carsOf(other.code, tm);
    expect(cars.statusCode).toBe(200);
    expect(cars.json<TLoanCar[]>().every((c) => c.departmentId === ids.get(other.code))).toBe(true);
  });
});

describe('damage markers', () => {
  it('adds a marker at a point of the drawing and removes it again', async () => {
    const [car] = (await carsOf('ARH')).json<TLoanCar[]>();
    const added = await ctx.app.inject({ method: 'POST', url: `/api/DepartmentLoanCar/damage/add/${car!.id}/`, headers: { cookie: ks }, payload: { x: 12.5, y: 80 } });
    expect(added.statusCode).toBe(200);
    const withMarker = added.json<TLoanCar>();
    expect(withMarker.damages).toHaveLength(car!.damages.length + 1);
    const marker = withMarker.damages.find((d) => d.x === 12.5 && d.y === 80)!;
    expect(marker).toMatchObject({ description: '' });

    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/DepartmentLoanCar/damage/remove/${car!.id}/${marker.id}`, headers: { cookie: ks }, payload: {} });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<TLoanCar>().damages.map((d) => d.id)).toEqual(car!.damages.map((d) => d.id));
  });

  it('is closed to TimeManagement, who sees the markers read-only, also on its own department\'s cars', async () => {
    const tm = await login(ctx.app, 'TM');
    const [car] = (await carsOf('ARH')).json<TLoanCar[]>();
    const added = await ctx.app.inject({ method: 'POST', url: `/api/DepartmentLoanCar/damage/add/${car!.id}/`, headers: { cookie: tm }, payload: { x: 30, y: 30 } });
    expect(added.statusCode).toBe(403);
    const marker = car!.damages[0] ?? (await ctx.app.inject({ method: 'POST', url: `/api/DepartmentLoanCar/damage/add/${car!.id}/`, headers: { cookie: ks }, payload: { x: 30, y: 30 } })).json<TLoanCar>().damages[0]!;
    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/DepartmentLoanCar/damage/remove/${car!.id}/${marker.id}`, headers: { cookie: tm }, payload: {} });
    expect(removed.statusCode).toBe(403);
    expect((await carsOf('ARH')).json<TLoanCar[]>().find((c) => c.id === car!.id)!.damages.map((d) => d.id)).toContain(marker.id);
  });

  it('refuses a marker off the drawing, an unknown car and an unknown marker', async () => {
    const [car] = (await carsOf('ARH')).json<TLoanCar[]>();
    const off = await ctx.app.inject({ method: 'POST', url: `/api/DepartmentLoanCar/damage/add/${car!.id}/`, headers: { cookie: ks }, payload: { x: 101, y: 5 } });
    expect(off.json()).toMatchObject({ status: 400, errors: { x: ['Skaden skal placeres på tegningen'] } });
    const unknown = '7f1c0d4e-3a0c-4d55-9a53-0d6c7b0c1a11';
    const noCar = await ctx.app.inject({ method: 'POST', url: `/api/DepartmentLoanCar/damage/add/${unknown}/`, headers: { cookie: ks }, payload: { x: 5, y: 5 } });
    expect(noCar.statusCode).toBe(404);
    expect(noCar.json().message).toBe('Lånebilen findes ikke');
    const noMarker = await ctx.app.inject({ method: 'DELETE', url: `/api/DepartmentLoanCar/damage/remove/${car!.id}/${unknown}`, headers: { cookie: ks }, payload: {} });
    expect(noMarker.json()).toMatchObject({ status: 404, message: 'Skaden findes ikke' });
  });
});
