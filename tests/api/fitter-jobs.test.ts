import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitterDays } from '@/domain/orders';
import type { TFitterJobs } from '@/domain/orders';
import { departments, orders, users } from '@/server/db/schema';
import { createTestApp, login, type TestContext } from '../helpers/test-app';

/**
 * GET /api/order/myjobs, the fitter's landing screen (issue 38): the signed-in user's own jobs today and tomorrow in
 * time order, each as the worksheet reads it, with the 'på vej' SMS rule of document 1 decided on the server.
 */
let ctx: TestContext;
let op: string;
let ks: string;
let opId: string;
let otherFitter: string;
const { today, tomorrow } = fitterDays(new Date());
/** The test's own orders, by what they are for. */
const mine: Partial<Record<'vanLate' | 'shopEarly' | 'helper' | 'finished' | 'cancelled' | 'tomorrow' | 'others', string>> = {};

async function myJobs(cookie: string): Promise<TFitterJobs> {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/order/myjobs', headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

beforeAll(async () => {
  ctx = await createTestApp();
  [op, ks] = await Promise.all([login(ctx.app, 'OP'), login(ctx.app, 'KS')]);
  const db = ctx.database.db;
  const fitters = await db
    .select({ id: users.id, initials: users.initials })
    .from(users)
    .where(and(sql`'Operation' = any(${users.roles})`, isNull(users.deletedAt)))
    .orderBy(asc(users.initials));
  opId = fitters.find((f) => f.initials === 'OP')!.id;
  otherFitter = fitters.find((f) => f.initials !== 'OP')!.id;
  const [van] = await db.select({ id: departments.id }).from(departments).where(eq(departments.mobileService, true)).limit(1);
  const [shop] = await db.select({ id: departments.id }).from(departments).where(eq(departments.mobileService, false)).limit(1);
  // Nobody has a job today or tomorrow but the test's own: the seed's jobs of those days go to another fitter.
  await db
    .update(orders)
    .set({ workerId: otherFitter, helperId: null })
    .where(inArray(orders.bookingDate, [today, tomorrow]));
  const picked = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.orderStatus, 'PROCESSING'))
    .orderBy(asc(orders.orderNr))
    .limit(7);
  const ids = picked.map((p) => p.id);
  const at = (date: string, time: string) => sql`(${date} || ' ' || ${time})::timestamp at time zone 'Europe/Copenhagen'`;
  const set = (id: string, values: Record<string, unknown>) => db.update(orders).set(values).where(eq(orders.id, id));
  const job = { workerId: opId, helperId: null, customerAllowSms: true, customerPhone: '12345678', orderStatus: 'PROCESSING' };
  [mine.vanLate, mine.shopEarly, mine.helper, mine.finished, mine.cancelled, mine.tomorrow, mine.others] = ids;
  await Promise.all([
    set(ids[0]!, {
      ...job,
      bookingDate: today,
      fromAt: at(today, '13:00'),
      toAt: at(today, '14:00'),
      departmentId: van!.id,
      mobileAddress: 'Kundevej 9, 8200 Aarhus N',
    }),
    set(ids[1]!, { ...job, bookingDate: today, fromAt: at(today, '08:00'), toAt: at(today, '09:30'), departmentId: shop!.id }),
    set(ids[2]!, {
      ...job,
      workerId: otherFitter,
      helperId: opId,
      bookingDate: today,
      fromAt: at(today, '10:00'),
      toAt: at(today, '11:00'),
      departmentId: van!.id,
      customerAllowSms: false,
    }),
    set(ids[3]!, {
      ...job,
      orderStatus: 'FINISHED',
      bookingDate: today,
      fromAt: at(today, '07:00'),
      toAt: at(today, '07:30'),
      departmentId: shop!.id,
    }),
    set(ids[4]!, {
      ...job,
      orderStatus: 'CANCELLED',
      bookingDate: today,
      fromAt: at(today, '12:00'),
      toAt: at(today, '12:30'),
      departmentId: shop!.id,
    }),
    set(ids[5]!, {
      ...job,
      bookingDate: tomorrow,
      fromAt: at(tomorrow, '09:00'),
      toAt: at(tomorrow, '10:00'),
      departmentId: van!.id,
      mobileAddress: 'Morgenvej 1, 8000 Aarhus C',
    }),
    set(ids[6]!, {
      ...job,
      workerId: otherFitter,
      bookingDate: today,
      fromAt: at(today, '09:00'),
      toAt: at(today, '10:00'),
      departmentId: shop!.id,
    }),
  ]);
});
afterAll(() => ctx.close());

describe('GET /api/order/myjobs', () => {
  it("answers the fitter's own jobs of today in time order (as fitter or helper, finished ones too), and tomorrow's", async () => {
    const jobs = await myJobs(op);
    expect(jobs.today.date).toBe(today);
    expect(jobs.tomorrow.date).toBe(tomorrow);
    expect(jobs.today.jobs.map((j) => j.order.additionalData.orderId)).toEqual([mine.finished, mine.shopEarly, mine.helper, mine.vanLate]);
    expect(jobs.tomorrow.jobs.map((j) => j.order.additionalData.orderId)).toEqual([mine.tomorrow]);
    // Another fitter's job and a cancelled one are not the fitter's work.
    const all = [...jobs.today.jobs, ...jobs.tomorrow.jobs].map((j) => j.order.additionalData.orderId);
    expect(all).not.toContain(mine.others);
    expect(all).not.toContain(mine.cancelled);
  });

  it('gives each job what the screen shows: time, address, customer phone, car and plate, status, and its lines', async () => {
    const jobs = await myJobs(op);
    const van = jobs.today.jobs.find((j) => j.order.additionalData.orderId === mine.vanLate)!.order;
    const read = await ctx.app.inject({ method: 'GET', url: `/api/order/order/${mine.vanLate}`, headers: { cookie: op } });
    const worksheet = read.json();
    // The worksheet's own read of the order, but for the plate's other open orders (which the worksheet lists).
    expect({ ...van, car: { ...van.car, currentOrdersOnReg: [] } }).toEqual({
      ...worksheet,
      car: { ...worksheet.car, currentOrdersOnReg: [] },
    });
    expect(van.timeAndPlace.from).toBe(`${today}T13:00:00`);
    expect(van.timeAndPlace.mobileServiceLocation.address).toBe('Kundevej 9, 8200 Aarhus N');
    expect(van.customer.phone).toBe('12345678');
    expect(van.car.registrationNumber).not.toBe('');
    expect(van.additionalData.orderStatus).toBe('PROCESSING');
    expect(van.items.length).toBeGreaterThan(0);
  });

  it("says per job whether the 'på vej' SMS may go: only at a mobile-service job whose customer allows SMS", async () => {
    const jobs = await myJobs(op);
    const refusal = (id: string | undefined) => jobs.today.jobs.find((j) => j.order.additionalData.orderId === id)!.onMyWaySmsRefusal;
    expect(refusal(mine.vanLate)).toBeNull();
    expect(refusal(mine.shopEarly)).toBe('Kun for mobilservice');
    expect(refusal(mine.helper)).toBe('Kunden har ikke tilladt SMS');
    expect(refusal(mine.finished)).toBe('Ordren er ikke en åben opgave');
  });

  it('answers every other user its own jobs only: none for customer service', async () => {
    const jobs = await myJobs(ks);
    expect(jobs).toEqual({ today: { date: today, jobs: [] }, tomorrow: { date: tomorrow, jobs: [] } });
  });

  it('is refused without a session (401) and for a role that does not open the dashboard (403)', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/order/myjobs' });
    expect(anonymous.statusCode).toBe(401);
    const rev = await ctx.app.inject({ method: 'GET', url: '/api/order/myjobs', headers: { cookie: await login(ctx.app, 'REV') } });
    expect(rev.statusCode).toBe(403);
    expect(rev.json()).toMatchObject({ status: 403 });
  });
});
