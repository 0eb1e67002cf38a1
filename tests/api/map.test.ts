import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDepartment } from '@/domain/departments';
import type { TMobileServiceOrder } from '@/domain/map';
import { loadEnv } from '@/server/env';
import { dayAhead } from '../helpers/orders';
import { createTestApp, login, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
let ks: string;

beforeAll(async () => {
  ctx = await createTestApp();
  ks = await login(ctx.app, 'KS');
});
afterAll(() => ctx.close());

describe('the mobile-service map', () => {
  it("lists the vans' jobs of the chosen days, at most 4 vans", async () => {
    const vans = (
      (await ctx.app.inject({ method: 'GET', url: '/api/departments/departments', headers: { cookie: ks } })).json() as TDepartment[]
    ).filter((d) => d.mobileService);
    const days = Array.from({ length: 7 }, (_, i) => dayAhead(i));
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/order/mobileserviceorders',
      headers: { cookie: ks },
      payload: { departmentIds: vans.slice(0, 4).map((v) => v.id), days },
    });
    expect(response.statusCode, response.body).toBe(200);
    const jobs = response.json() as TMobileServiceOrder[];
    expect(jobs.every((j) => vans.some((v) => v.id === j.departmentId) && days.includes(j.date.slice(0, 10)))).toBe(true);
    expect(jobs.length).toBeGreaterThan(0);
    const five = await ctx.app.inject({
      method: 'POST',
      url: '/api/order/mobileserviceorders',
      headers: { cookie: ks },
      payload: { departmentIds: [...vans.map((v) => v.id), ...Array.from({ length: 5 }, () => crypto.randomUUID())].slice(0, 5), days },
    });
    expect(five.statusCode).toBe(400);
  });
});

describe('the map configuration', () => {
  it('gives the map its tile source and attribution, and none when MAP_TILE_URL is off', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/map/config', headers: { cookie: ks } });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      mapAttribution: expect.stringContaining('OpenStreetMap'),
    });

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
