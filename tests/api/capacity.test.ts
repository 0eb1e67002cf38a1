import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCapacityOptions, ZForecast, ZTrainingDataSaved, type TCapacityOption } from '@/domain/capacity';
import { ZDepartment, type TDepartment } from '@/domain/departments';
import { ZDeliveryTimes } from '@/domain/planning';
import { parseCsv } from '../helpers/csv';
import { createTestApp, login, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let ks: string;
let adm: string;
let op: string;

beforeAll(async () => {
  ctx = await createTestApp();
  ks = await login(ctx.app, 'KS');
  adm = await login(ctx.app, 'ADM');
  op = await login(ctx.app, 'OP');
});
afterAll(() => ctx.close());

const post = (url: string, cookie: string, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url, headers: { cookie }, payload: payload as object });

let counter = 0;
/** A new Jylland workshop open Monday to Friday with the given window-replace places on every weekday (0: none at all). */
async function newWorkshop(name: string, position: { lat: number; lng: number }, windowPlaces: number): Promise<TDepartment> {
  const code = `CAP${++counter}`;
  const created = await ctx.app.inject({
    method: 'PUT',
    url: '/api/departments/departments',
    headers: { cookie: adm },
    payload: {
      name,
      address: 'Testvej 1',
      zipCode: '8000',
      city: 'Aarhus C',
      navResponsibilityCenter: code,
      region: 'Jylland',
      ...position,
      openingHours: [1, 2, 3, 4, 5].map((day) => ({ day, from: 7.5, to: 16 })),
    },
  });
  expect(created.statusCode, created.body).toBe(200);
  const department = ZDepartment.parse(created.json());
  if (windowPlaces > 0) {
    for (const day of [1, 2, 3, 4, 5]) {
      const slot = await ctx.app.inject({
        method: 'POST',
        url: `/api/departments/addOrUpdateTimeslot/${department.id}/WINDOW_REPLACE`,
        headers: { cookie: adm },
        payload: { day, from: 12, to: 14, maxBookings: windowPlaces },
      });
      expect(slot.statusCode, slot.body).toBe(200);
    }
  }
  return department;
}

describe('the demo data', () => {
  it('has one workshop booked full for window replacement: red on Leveringstid, and a MOVE_WORKER suggestion for it', async () => {
    const times = ZDeliveryTimes.parse((await ctx.app.inject({ method: 'GET', url: '/api/deliverytime', headers: { cookie: ks } })).json());
    const silkeborg = times.jylland.find((row) => row.name === 'Silkeborg')!;
    // 7 or more working days (or none within the horizon) is the danger style.
    expect(silkeborg.replace === -1 || silkeborg.replace >= 7, JSON.stringify(silkeborg)).toBe(true);
    const response = await post('/api/CapacityOptimization/tryFind', adm, { minDeliveryTime: 3 });
    const move = ZCapacityOptions.parse(response.json()).find((o) => o.type === 'MOVE_WORKER' && o.toDepartment === 'Silkeborg');
    expect(move, 'a fitter moved to Silkeborg').toBeDefined();
    expect(move!.reason).toMatch(/^Silkeborg har /);
  });
});

describe('POST /api/CapacityOptimization/tryFind', () => {
  it('suggests MOVE_WORKER from a workshop with free places to a full one nearby, with its reason', async () => {
    // Skejby is fully planned (no window-replace places at all, -1); Hinnerup, 12 km away, has free places every weekday.
    const full = await newWorkshop('Kapacitet Skejby', { lat: 56.1972, lng: 10.1706 }, 0);
    const free = await newWorkshop('Kapacitet Hinnerup', { lat: 56.2669, lng: 10.0653 }, 3);
    const response = await post('/api/CapacityOptimization/tryFind', op, { minDeliveryTime: 3 });
    expect(response.statusCode, response.body).toBe(200);
    const options = ZCapacityOptions.parse(response.json());
    const move = options.find((o) => o.type === 'MOVE_WORKER' && o.fromDepartmentId === free.id && o.toDepartmentId === full.id);
    expect(move, JSON.stringify(options.slice(0, 3))).toBeDefined();
    expect(move).toMatchObject({
      fromDepartment: 'Kapacitet Hinnerup',
      toDepartment: 'Kapacitet Skejby',
      toReplaceDeliveryTime: -1,
      isMobileDepartment: false,
      name: 'Flyt montør',
    });
    expect(move!.reason).toMatch(/^Kapacitet Skejby har ingen ledig tid inden for 8 uger, Kapacitet Hinnerup \d+ dage?, 1\d km væk\.$/);
    expect(move!.movedSlots).toBeGreaterThan(0);
    expect(move!.movedSlots).toBeLessThanOrEqual(move!.fromAvailableReplaceSlots);
    // Best first.
    expect(options.map((o) => o.score)).toEqual([...options.map((o) => o.score)].sort((a, b) => b - a));
  });

  it('suggests nothing for departments below the minimum delivery time', async () => {
    const response = await post('/api/CapacityOptimization/tryFind', adm, { minDeliveryTime: 10 });
    expect(response.statusCode).toBe(200);
    for (const o of ZCapacityOptions.parse(response.json())) {
      const days = o.type === 'WINDOW_TO_STONE_CHIP' ? o.toRepairDeliveryTime : o.toReplaceDeliveryTime;
      expect(days === -1 || days >= 10, JSON.stringify(o)).toBe(true);
    }
  });

  it('is for Adminstrator and Operation only', async () => {
    expect((await post('/api/CapacityOptimization/tryFind', ks, { minDeliveryTime: 3 })).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/CapacityOptimization/tryFind', payload: { minDeliveryTime: 3 } })).statusCode,
    ).toBe(401);
  });

  it('answers bad input with 400 and the error shape', async () => {
    for (const payload of [{ minDeliveryTime: 11 }, { minDeliveryTime: -1 }, { minDeliveryTime: 'tre' }, {}]) {
      const response = await post('/api/CapacityOptimization/tryFind', op, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ type: 'VALIDATION_ERROR', errors: { minDeliveryTime: [expect.any(String)] } });
    }
    const response = await post('/api/CapacityOptimization/tryFind', op, { minDeliveryTime: 11 });
    expect(response.json().errors.minDeliveryTime).toEqual(['Min leverings tid skal være mellem 0 og 10']);
  });
});

describe('training data', () => {
  async function someOption(): Promise<TCapacityOption> {
    await newWorkshop('Kapacitet Lystrup', { lat: 56.2364, lng: 10.2286 }, 0);
    await newWorkshop('Kapacitet Hjortshøj', { lat: 56.2492, lng: 10.2667 }, 2);
    const options = ZCapacityOptions.parse((await post('/api/CapacityOptimization/tryFind', adm, { minDeliveryTime: 3 })).json());
    expect(options.length).toBeGreaterThan(0);
    return options[0]!;
  }

  it("stores the suggestion with the session's user as createdBy, never the body's, and exports it as CSV for an administrator", async () => {
    const option = await someOption();
    const saved = await post('/api/CapacityOptimization/AddTrainingData', op, { ...option, createdBy: 'Nogen Andre' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(ZTrainingDataSaved.parse(saved.json()).createdBy).toBe('Ole Pedersen');

    const csv = await ctx.app.inject({ method: 'GET', url: '/api/CapacityOptimization/trainingData.csv', headers: { cookie: adm } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const { bom, rows } = parseCsv(csv.body);
    expect(bom).toBe(true);
    expect(rows[0]!.slice(0, 3)).toEqual(['Oprettet', 'Oprettet af', 'Type']);
    const row = rows.find((r) => r[1] === 'Ole Pedersen' && r[9] === option.reason);
    expect(row, csv.body).toBeDefined();
    expect(row![2]).toBe(option.type);
    expect(row![0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(rows.some((r) => r.includes('Nogen Andre'))).toBe(false);
  });

  it('refuses the export to Operation and saving to KS', async () => {
    const option = await someOption();
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/CapacityOptimization/trainingData.csv', headers: { cookie: op } })).statusCode,
    ).toBe(403);
    expect((await post('/api/CapacityOptimization/AddTrainingData', ks, option)).statusCode).toBe(403);
  });

  it('refuses a suggestion that is not one', async () => {
    const response = await post('/api/CapacityOptimization/AddTrainingData', adm, { type: 'FLY_AWAY', score: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ type: 'VALIDATION_ERROR', errors: { type: [expect.any(String)] } });
  });
});

describe('POST /api/CapacityOptimization/DeliveryForcast', () => {
  it("gives the department's days as far as Leveringstid looks (8 weeks) and the delivery after the change", async () => {
    const department = await newWorkshop('Kapacitet Prognose', { lat: 56.15, lng: 10.2 }, 0);
    const body = { departmentId: department.id, mobileService: false, repair: 0, replace: 0 };
    const none = ZForecast.parse((await post('/api/CapacityOptimization/DeliveryForcast', op, body)).json());
    expect(none.deliveries).toHaveLength(56);
    expect(none).toMatchObject({ stoneToReplaceDate: null, replaceDeliveryTime: -1 });
    expect(none.lookupDate).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00$/);
    const more = ZForecast.parse((await post('/api/CapacityOptimization/DeliveryForcast', op, { ...body, replace: 2 })).json());
    const firstOpen = more.deliveries.find((d) => d.type === 'OPEN' && d.replace > 0);
    expect(firstOpen).toBeDefined();
    expect(more.stoneToReplaceDate).toBe(firstOpen!.date);
    expect(more.deliveries.filter((d) => d.type === 'CLOSED').every((d) => d.replace === 0)).toBe(true);
  });

  it('answers 400 on bad input, 404 for an unknown department and 403 for KS', async () => {
    const bad = await post('/api/CapacityOptimization/DeliveryForcast', op, { departmentId: 'abc', replace: 99 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      type: 'VALIDATION_ERROR',
      errors: { departmentId: [expect.any(String)], replace: ['Ændringen skal være mellem -20 og 20 tider pr. dag'] },
    });
    expect(
      (await post('/api/CapacityOptimization/DeliveryForcast', op, { departmentId: '00000000-0000-4000-8000-000000000099' })).statusCode,
    ).toBe(404);
    expect(
      (await post('/api/CapacityOptimization/DeliveryForcast', ks, { departmentId: '00000000-0000-4000-8000-000000000099' })).statusCode,
    ).toBe(403);
  });
});
