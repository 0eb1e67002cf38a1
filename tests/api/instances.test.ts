/**
 * Two instances on one database (issue 17): two server processes on one PostgreSQL, as behind a load balancer that
 * sends each request anywhere. Both use `DATABASE_URL` (the test run's PostgreSQL: embedded in the first run,
 * Debian's in CI's second), share one DATA_DIR (media, as on a shared volume) and deliver SMS and the ERP export to
 * one local gateway that counts what arrives. What must hold across them:
 * - two instances started at once on a new database apply the migrations once and both answer;
 * - a session made on one works on the other; signed out or given other roles on one, the other knows within two
 *   seconds (as its announcement arrives: each instance keeps the sessions it read for a few seconds);
 * - failed logins are counted together, whichever instance they reach;
 * - racing bookings of one slot through both: exactly its places are taken;
 * - each queued message is delivered once, though both run an outbox worker;
 * - a booking made through one appears within two seconds in an event stream open on the other.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { TDayAvailability } from '@/domain/booking';
import type { TOrder } from '@/domain/orders';
import type { TUserInfo } from '@/domain/users';
import { MIGRATIONS_FOLDER } from '@/server/db/migrate';
import { adminQuery, createDatabaseFrom, dropDatabase, TEMPLATE_DEMO, withDatabase } from '../helpers/database';
import { call, delay, faults, freePort, get, httpBooking, serverEnv, ServerProcess, signIn } from '../helpers/server-process';

interface Instance {
  name: string;
  base: string;
  server: ServerProcess;
}

/** The SMS gateway and the ERP endpoint of both instances: every request that arrives, by path. */
class Gateway {
  readonly received: Array<{ path: string; body: string }> = [];
  private readonly server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      this.received.push({ path: request.url ?? '', body });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  url = '';

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    this.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

async function startInstance(name: string, databaseUrl: string, dataDir: string, gateway: Gateway): Promise<Instance> {
  const port = await freePort();
  const env = serverEnv(
    { port, dataDir, databaseUrl },
    { OUTBOX_POLL_MS: '500', SMS_GATEWAY_URL: `${gateway.url}/sms`, ERP_EXPORT_URL: `${gateway.url}/erp` },
  );
  const server = new ServerProcess(env);
  const base = `http://127.0.0.1:${port}`;
  await server.healthy(base);
  return { name, base, server };
}

const adminUrl = () => inject('adminUrl');

describe('two instances started at once on a new database', () => {
  it('apply the migrations once, and both answer', async () => {
    const name = `rudeplan_test_new_${Math.random().toString(36).slice(2, 10)}`;
    await adminQuery(adminUrl(), `create database ${name}`);
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rudeplan-instances-new-'));
    const gateway = new Gateway();
    await gateway.start();
    const started: Instance[] = [];
    try {
      const url = withDatabase(adminUrl(), name);
      const both = await Promise.allSettled([startInstance('A', url, dataDir, gateway), startInstance('B', url, dataDir, gateway)]);
      for (const result of both) if (result.status === 'fulfilled') started.push(result.value);
      expect(both.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);

      const journal = JSON.parse(await fs.readFile(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
        entries: unknown[];
      };
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const applied = await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
        expect(applied.rows[0]!.n).toBe(journal.entries.length);
      } finally {
        await client.end();
      }
      for (const instance of started) {
        expect((await call(instance.base, 'GET', '/api/health')).status).toBe(200);
        expect(faults(instance.server.output)).toEqual([]);
      }
    } finally {
      await Promise.all(started.map((i) => i.server.kill()));
      await gateway.close();
      await fs.rm(dataDir, { recursive: true, force: true });
      await dropDatabase(adminUrl(), name);
    }
  }, 120_000);
});

describe('two instances on one database', () => {
  let database: { name: string; url: string };
  let dataDir: string;
  const gateway = new Gateway();
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    database = await createDatabaseFrom(adminUrl(), TEMPLATE_DEMO);
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rudeplan-instances-'));
    await gateway.start();
    [a, b] = await Promise.all([startInstance('A', database.url, dataDir, gateway), startInstance('B', database.url, dataDir, gateway)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.server.kill(), b?.server.kill()]);
    await gateway.close();
    await fs.rm(dataDir, { recursive: true, force: true });
    await dropDatabase(adminUrl(), database.name);
  }, 60_000);

  it('share sessions: signed in on one, known on the other; signed out or given other roles on one, so on the other', async () => {
    const ks = await signIn(a.base, 'KS');
    expect((await get<TUserInfo>(b.base, '/api/user/userinfo', ks)).initials).toBe('KS');
    // Both have read (and keep) the session when it ends on B.
    expect((await get<TUserInfo>(a.base, '/api/user/userinfo', ks)).initials).toBe('KS');
    expect((await call(b.base, 'GET', '/api/user/logout', ks)).status).toBe(200);
    expect((await call(b.base, 'GET', '/api/user/userinfo', ks)).status, 'on the instance that ended it: at once').toBe(401);
    await expect.poll(async () => (await call(a.base, 'GET', '/api/user/userinfo', ks)).status, { timeout: 2_000, interval: 20 }).toBe(401);

    // An administrator on B gives the review manager customer service too; the session kept on A follows.
    const rev = await signIn(a.base, 'REV');
    expect((await get<TUserInfo>(a.base, '/api/user/userinfo', rev)).roles).toEqual(['ReviewManager']);
    // The map's configuration is for the planning roles, not for a review manager.
    expect((await call(a.base, 'GET', '/api/map/config', rev)).status).toBe(403);
    const admin = await signIn(b.base, 'ADM');
    const user = await get<Record<string, unknown> & { id: string }>(
      b.base,
      `/api/user/user/${(await get<TUserInfo>(a.base, '/api/user/userinfo', rev)).id}`,
      admin,
    );
    const updated = await call(b.base, 'POST', '/api/user/update', admin, { ...user, roles: ['ReviewManager', 'CustomerService'] });
    expect(updated.status, JSON.stringify(updated.json)).toBe(200);
    await expect
      .poll(async () => (await get<TUserInfo>(a.base, '/api/user/userinfo', rev)).roles, { timeout: 2_000, interval: 20 })
      .toEqual(['ReviewManager', 'CustomerService']);
    expect((await call(a.base, 'GET', '/api/map/config', rev)).status).toBe(200);
  });

  it('count failed logins together, whichever instance they reach', async () => {
    const tries = [a, b, a, b, a];
    for (const instance of tries) {
      expect((await call(instance.base, 'POST', '/api/user/login', undefined, { Email: 'LAG', Password: 'forkert-kodeord' })).status).toBe(
        401,
      );
    }
    // The sixth, with the right password, is refused on both.
    for (const instance of [a, b]) {
      const refused = await call(instance.base, 'POST', '/api/user/login', undefined, { Email: 'LAG', Password: 'demo1234' });
      expect(refused.status, instance.name).toBe(429);
    }
  });

  it("take exactly a slot's places when bookings race through both, deliver each message once, and tell the other's event stream", async () => {
    const cookieA = await signIn(a.base, 'KS');
    const cookieB = await signIn(b.base, 'KS');
    const kit = await httpBooking(a.base, cookieA, ['ARH']);
    const aarhus = kit.departments[0]!;
    const found = (await kit.freeSlots(aarhus, 3)).find((s) => s.slot.available >= 2)!;
    expect(found, 'a slot with two places or more').toBeDefined();
    const places = found.slot.available;

    // An event stream open on B.
    const controller = new AbortController();
    const stream = await fetch(`${b.base}/api/live`, { headers: { cookie: cookieB }, signal: controller.signal });
    const reader = stream.body!.getReader();
    await reader.read(); // the 'retry' line: subscribed
    let streamed = '';
    let namedDepartment = () => {};
    const departmentNamed = new Promise<void>((resolve) => (namedDepartment = resolve));
    const heard = (async () => {
      const decoder = new TextDecoder();
      for (;;) {
        const chunk = await reader.read().catch(() => ({ done: true, value: undefined }));
        if (chunk.done) return;
        streamed += decoder.decode(chunk.value);
        if (streamed.includes(aarhus.id)) namedDepartment();
      }
    })();

    // Three times the places, half through each instance, each with its own phone number (its SMS's address).
    const tries = places * 3;
    const phone = (i: number) => String(30_000_000 + i);
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: tries }, (_, i) =>
        call(
          i % 2 ? b.base : a.base,
          'POST',
          '/api/order/order',
          i % 2 ? cookieB : cookieA,
          kit.bodyFor(found, aarhus, { customer: { phone: phone(i) } as TOrder['customer'] }),
        ),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([...Array<number>(places).fill(200), ...Array<number>(tries - places).fill(409)]);
    const booked = answers.filter((r) => r.status === 200).map((r) => r.json as TOrder);

    // Within two seconds of the bookings, B's stream has named the department.
    await Promise.race([departmentNamed, delay(started + 2_000 - Date.now())]);
    controller.abort();
    await heard;
    expect(streamed).toContain('event: change');
    expect(streamed).toContain(aarhus.id);

    // Both workers poll and are woken; each booking's SMS and ERP export arrives once.
    const numbers = booked.map((o) => o.additionalData.orderNr);
    const phones = booked.map((o) => o.customer.phone);
    const arrived = () => ({
      sms: gateway.received.filter((r) => r.path === '/sms' && phones.some((p) => r.body.includes(p))).length,
      erp: gateway.received.filter((r) => r.path === '/erp' && numbers.some((n) => r.body.includes(String(n)))).length,
    });
    await expect.poll(arrived, { timeout: 20_000, interval: 200 }).toEqual({ sms: places, erp: places });

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      // Nothing arrives a second time: each message was claimed once (a claim, which counts an attempt, comes before
      // every hand-over) and was sent, so none waits to be sent again.
      const ids = booked.map((o) => o.additionalData.orderId);
      const messages = async () =>
        (
          await client.query<{ channel: string; status: string; attempts: number; n: number }>(
            "select channel, status, attempts, count(*)::int as n from outbox where order_id = any($1::uuid[]) and channel in ('SMS', 'ERP') group by 1, 2, 3 order by 1, 2, 3",
            [ids],
          )
        ).rows;
      await expect.poll(messages, { timeout: 20_000, interval: 200 }).toEqual([
        { channel: 'ERP', status: 'SENT', attempts: 1, n: places },
        { channel: 'SMS', status: 'SENT', attempts: 1, n: places },
      ]);
      expect(arrived()).toEqual({ sms: places, erp: places });
      for (const p of phones)
        expect(
          gateway.received.filter((r) => r.path === '/sms' && r.body.includes(p)),
          p,
        ).toHaveLength(1);

      const held = await client.query<{ n: number }>(
        'select count(*)::int as n from orders where holds_place and time_slot_id = $1 and booking_date = $2',
        [found.slot.id, found.date.slice(0, 10)],
      );
      expect(held.rows[0]!.n).toBe(found.slot.alreadyBooked + places);
    } finally {
      await client.end();
    }
    expect(faults(a.server.output)).toEqual([]);
    expect(faults(b.server.output)).toEqual([]);
  });

  it('keep a month of availability kept by one up to date with the bookings and slot changes made on the other', async () => {
    const ksA = await signIn(a.base, 'KS');
    const ksB = await signIn(b.base, 'KS');
    const adm = await signIn(a.base, 'ADM');
    const kit = await httpBooking(a.base, ksA, ['ARH']);
    const aarhus = kit.departments[0]!;
    const plans = aarhus.windowReplaceTimeSlots;
    const found = (await kit.freeSlots(aarhus, 3)).find((s) => s.slot.available >= 2 && plans.some((p) => p.id === s.slot.id))!;
    expect(found, 'a weekday slot with two places or more').toBeDefined();
    const [year, month, dayOfMonth] = found.date.slice(0, 10).split('-').map(Number) as [number, number, number];
    const slotOnB = async () => {
      const answer = await call(b.base, 'POST', `/api/timeslot/${aarhus.id}/${year}/${month}`, ksB, {});
      expect(answer.status).toBe(200);
      const day = (answer.json as TDayAvailability[]).find((d) => d.dayOfMonth === dayOfMonth)!;
      return day.windowReplaceSlots.find((s) => s.id === found.slot.id)!;
    };
    // B reads the month, and keeps it once it listens (its first read asks it to: B listens since it started, for
    // the sessions, so its month cache subscribes at once).
    const before = await slotOnB();
    expect(await slotOnB()).toEqual(before);

    const booked = await call(
      a.base,
      'POST',
      '/api/order/order',
      ksA,
      kit.bodyFor(found, aarhus, { customer: { phone: '40000001' } as TOrder['customer'] }),
    );
    expect(booked.status).toBe(200);
    await expect.poll(async () => (await slotOnB()).alreadyBooked, { timeout: 2_000, interval: 50 }).toBe(before.alreadyBooked + 1);
    expect((await slotOnB()).available).toBe(before.available - 1);

    const plan = plans.find((p) => p.id === found.slot.id)!;
    const more = await call(a.base, 'POST', `/api/departments/addOrUpdateTimeslot/${aarhus.id}/WINDOW_REPLACE`, adm, {
      ...plan,
      maxBookings: plan.maxBookings + 1,
    });
    expect(more.status).toBe(200);
    await expect.poll(async () => (await slotOnB()).available, { timeout: 2_000, interval: 50 }).toBe(before.available);
    expect(faults(a.server.output)).toEqual([]);
    expect(faults(b.server.output)).toEqual([]);
  });
});
