import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZDepartment } from '@/domain/departments/department.schemas';
import { ZERO_GUID } from '@/domain/lib/guid';
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
