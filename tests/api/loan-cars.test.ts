import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TLoanCar } from '@/domain/loan-cars';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { departments, loanCars, orders } from '@/server/db/schema';
import { createTestApp, login, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let ks: string;
const ids = new Map<string, string>();
/** An order with the free loan car (BIL001) at a workshop with cars, and such an order at another workshop. */
let loanOrder: { id: string; departmentId: string };
let otherLoanOrder: { id: string; departmentId: string };
/** An order of the first one's workshop without the free loan car. */
let plainOrder: { id: string };

const hasFreeCar = sql`exists (select 1 from order_items as i where i.order_id = ${orders.id} and i.item_no = 'BIL001')`;
const damageUrl = (carId: string, orderId?: string) => `/api/DepartmentLoanCar/damage/add/${carId}/${orderId ? `?orderId=${orderId}` : ''}`;
const removeUrl = (carId: string, damageId: string, orderId?: string) =>
  `/api/DepartmentLoanCar/damage/remove/${carId}/${damageId}${orderId ? `?orderId=${orderId}` : ''}`;

async function carsOf(code: string, cookie = ks) {
  return ctx.app.inject({ method: 'GET', url: `/api/DepartmentLoanCar/${ids.get(code)}`, headers: { cookie } });
}

beforeAll(async () => {
  ctx = await createTestApp();
  ks = await login(ctx.app, 'KS');
  for (const row of await ctx.database.db.select({ id: departments.id, code: departments.navLocationCode }).from(departments))
    ids.set(row.code, row.id);
  const withCars = ctx.database.db.selectDistinct({ id: loanCars.departmentId }).from(loanCars);
  const pick = (where: ReturnType<typeof and>) =>
    ctx.database.db.select({ id: orders.id, departmentId: orders.departmentId }).from(orders).where(where).orderBy(orders.orderNr).limit(1);
  const [first] = await pick(and(hasFreeCar, inArray(orders.departmentId, withCars)));
  loanOrder = { id: first!.id, departmentId: first!.departmentId! };
  const [second] = await pick(and(hasFreeCar, inArray(orders.departmentId, withCars), ne(orders.departmentId, loanOrder.departmentId)));
  otherLoanOrder = { id: second!.id, departmentId: second!.departmentId! };
  const [plain] = await pick(and(sql`not ${hasFreeCar}`, eq(orders.departmentId, loanOrder.departmentId)));
  plainOrder = { id: plain!.id };
});

async function carsById(departmentId: string) {
  return (await ctx.app.inject({ method: 'GET', url: `/api/DepartmentLoanCar/${departmentId}`, headers: { cookie: ks } })).json<
    TLoanCar[]
  >();
}
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

  it("answers TimeManagement only its own centre's cars (a van's: its parent workshop's), and refuses another centre's in Danish (issue 37)", async () => {
    const tm = await login(ctx.app, 'TM');
    const all = await ctx.database.db
      .select({ code: departments.navLocationCode, centre: departments.navResponsibilityCenter, mobile: departments.mobileService })
      .from(departments);
    const ownCentre = all.find((d) => d.code === 'ARH')!.centre;
    const other = all.find((d) => d.centre !== ownCentre && !d.mobile)!;
    const refused = await carsOf(other.code, tm);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Du kan kun se din egen afdeling og afdelinger med samme ansvarscenter');
    const own = await carsOf('ARH', tm);
    expect(own.statusCode).toBe(200);
    expect(own.json<TLoanCar[]>().map((c) => c.id)).toEqual((await carsOf('ARH')).json<TLoanCar[]>().map((c) => c.id));
    expect((await carsOf('MARH', tm)).json<TLoanCar[]>().map((c) => c.id)).toEqual(own.json<TLoanCar[]>().map((c) => c.id));
    // The worksheet's roles read every department's cars (an order may be booked anywhere).
    expect((await carsOf(other.code)).statusCode).toBe(200);
  });
});

describe('damage markers', () => {
  it("adds a marker at a point of the drawing of its order's loan car and removes it again", async () => {
    const [car] = await carsById(loanOrder.departmentId);
    const added = await ctx.app.inject({
      method: 'POST',
      url: damageUrl(car!.id, loanOrder.id),
      headers: { cookie: ks },
      payload: { x: 12.5, y: 80 },
    });
    expect(added.statusCode, added.body).toBe(200);
    const withMarker = added.json<TLoanCar>();
    expect(withMarker.damages).toHaveLength(car!.damages.length + 1);
    const marker = withMarker.damages.find((d) => d.x === 12.5 && d.y === 80)!;
    expect(marker).toMatchObject({ description: '' });

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: removeUrl(car!.id, marker.id, loanOrder.id),
      headers: { cookie: ks },
      payload: {},
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<TLoanCar>().damages.map((d) => d.id)).toEqual(car!.damages.map((d) => d.id));
  });

  it("lets the worksheet mark only the loan car of its order: not another department's car, not without the free loan car, not without an order (issue 37)", async () => {
    const [car] = await carsById(loanOrder.departmentId);
    const [foreign] = await carsById(otherLoanOrder.departmentId);
    const refusal = 'Du kan kun markere skader på lånebilen til den ordre, du arbejder på';
    for (const url of [damageUrl(foreign!.id, loanOrder.id), damageUrl(car!.id, plainOrder.id), damageUrl(car!.id)]) {
      const response = await ctx.app.inject({ method: 'POST', url, headers: { cookie: ks }, payload: { x: 44, y: 44 } });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().message, url).toBe(refusal);
    }
    const marker =
      car!.damages[0] ??
      (
        await ctx.app.inject({ method: 'POST', url: damageUrl(car!.id, loanOrder.id), headers: { cookie: ks }, payload: { x: 44, y: 44 } })
      ).json<TLoanCar>().damages[0]!;
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: removeUrl(car!.id, marker.id, otherLoanOrder.id),
      headers: { cookie: ks },
      payload: {},
    });
    expect(removed.statusCode).toBe(403);
    expect(removed.json().message).toBe(refusal);
    const stillThere = (await carsById(loanOrder.departmentId)).find((c) => c.id === car!.id)!;
    expect(stillThere.damages.some((d) => d.x === 44 && d.y === 44 && d.id !== marker.id)).toBe(false);
    expect(stillThere.damages.map((d) => d.id)).toContain(marker.id);
    expect((await carsById(otherLoanOrder.departmentId)).find((c) => c.id === foreign!.id)!.damages).toHaveLength(foreign!.damages.length);
  });

  it("lets TimeManagement mark and remove damages on its own centre's cars, not on another centre's (issue 37)", async () => {
    const tm = await login(ctx.app, 'TM');
    const [car] = (await carsOf('ARH')).json<TLoanCar[]>();
    const added = await ctx.app.inject({ method: 'POST', url: damageUrl(car!.id), headers: { cookie: tm }, payload: { x: 30, y: 31 } });
    expect(added.statusCode, added.body).toBe(200);
    const marker = added.json<TLoanCar>().damages.find((d) => d.x === 30 && d.y === 31)!;
    const removed = await ctx.app.inject({ method: 'DELETE', url: removeUrl(car!.id, marker.id), headers: { cookie: tm }, payload: {} });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<TLoanCar>().damages.map((d) => d.id)).not.toContain(marker.id);

    const [foreign] = (await carsOf('ODE')).json<TLoanCar[]>();
    const refusal = 'Du kan kun markere skader på lånebiler i din egen afdeling og afdelinger med samme ansvarscenter';
    const foreignAdd = await ctx.app.inject({
      method: 'POST',
      url: damageUrl(foreign!.id),
      headers: { cookie: tm },
      payload: { x: 30, y: 31 },
    });
    expect(foreignAdd.statusCode).toBe(403);
    expect(foreignAdd.json().message).toBe(refusal);
    const foreignMarker =
      foreign!.damages[0] ??
      (
        await ctx.app.inject({
          method: 'POST',
          url: damageUrl(foreign!.id),
          headers: { cookie: await login(ctx.app, 'ADM') },
          payload: { x: 30, y: 30 },
        })
      ).json<TLoanCar>().damages[0]!;
    const foreignRemove = await ctx.app.inject({
      method: 'DELETE',
      url: removeUrl(foreign!.id, foreignMarker.id),
      headers: { cookie: tm },
      payload: {},
    });
    expect(foreignRemove.statusCode).toBe(403);
    expect(
      (await carsOf('ODE'))
        .json<TLoanCar[]>()
        .find((c) => c.id === foreign!.id)!
        .damages.map((d) => d.id),
    ).toContain(foreignMarker.id);
  });

  it('refuses a marker off the drawing, an unknown car and an unknown marker', async () => {
    const [car] = await carsById(loanOrder.departmentId);
    const off = await ctx.app.inject({
      method: 'POST',
      url: damageUrl(car!.id, loanOrder.id),
      headers: { cookie: ks },
      payload: { x: 101, y: 5 },
    });
    expect(off.json()).toMatchObject({ status: 400, errors: { x: ['Skaden skal placeres på tegningen'] } });
    const unknown = '7f1c0d4e-3a0c-4d55-9a53-0d6c7b0c1a11';
    const noCar = await ctx.app.inject({
      method: 'POST',
      url: `/api/DepartmentLoanCar/damage/add/${unknown}/`,
      headers: { cookie: ks },
      payload: { x: 5, y: 5 },
    });
    expect(noCar.statusCode).toBe(404);
    expect(noCar.json().message).toBe('Lånebilen findes ikke');
    const noMarker = await ctx.app.inject({
      method: 'DELETE',
      url: removeUrl(car!.id, unknown, loanOrder.id),
      headers: { cookie: ks },
      payload: {},
    });
    expect(noMarker.json()).toMatchObject({ status: 404, message: 'Skaden findes ikke' });
  });
});
