/**
 * Crash safety (issue 17). Real server processes, each file's own DATA_DIR and port, booked through the HTTP API
 * by several clients at once as the browser books:
 * - the server killed with SIGKILL under that load and started again on the same DATA_DIR, ten times;
 * - the embedded PostgreSQL alone killed with SIGKILL under the same load, ten times: the server starts it again
 *   by itself, answering 503 in the error shape meanwhile.
 * Afterwards every acknowledged booking is there with its number, no slot holds more than its capacity, and every
 * message the bookings queued was delivered once: the ERP export is the default file drop, whose files show a
 * double delivery; SMS and e-mail are kept locally (no gateway), their outbox rows show it.
 * With DATABASE_URL (an external PostgreSQL, CI's second run) both parts run on a database of their own; killing
 * and restarting PostgreSQL is the embedded server's own behaviour, so there the second part cuts every connection of
 * its database instead (the closest an external database's loss the test can cause).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { TDepartment } from '@/domain/departments';
import type { TOrder, TOrderInput } from '@/domain/orders';
import { isAlive, runningEmbeddedUrl, startEmbeddedPostgres } from '@/server/db/embedded';
import { OUTBOX_INTERRUPTED_ERROR } from '@/server/integrations/outbox/outbox.repo';
import { createDatabaseFrom, dropDatabase, TEMPLATE_DEMO } from '../helpers/database';
import type { FoundSlot } from '../helpers/orders';
import { call, delay, faults, freePort, get, httpBooking, ServerProcess, signIn, type Answer } from '../helpers/server-process';

const EXTERNAL = Boolean(process.env.DATABASE_URL);
const CYCLES = 10;
const CLIENTS = 4;
/** Bookings acknowledged in a cycle before its kill may come (at a random moment after). */
const ACKS_PER_CYCLE = 6;
/** The clients wait for the next cycle beyond this, so ten cycles never book the departments' months full. */
const MAX_ACKS_PER_CYCLE = 40;
/** Months of slots the clients book into. */
const MONTHS = 6;
const RUN_MS = 180_000;

function postmasterPid(pgDir: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0] ?? '', 10);
    return Number.isInteger(pid) ? pid : null;
  } catch {
    return null;
  }
}

// The clusters this file starts are stopped in afterAll; should the test process itself end first, on its way out
// (the server processes are the helper's to kill).
const clusters = new Set<string>();
process.once('exit', () => {
  for (const pgDir of clusters) {
    const pid = postmasterPid(pgDir);
    if (pid && isAlive(pid)) process.kill(pid, 'SIGKILL');
  }
});

/** A DATA_DIR and port the server is started on, killed on, and started on again. */
class Site {
  readonly base: string;
  readonly pgDir: string;
  server: ServerProcess | undefined;
  private up!: Promise<void>;
  private markUp!: () => void;

  constructor(
    readonly dataDir: string,
    readonly port: number,
    readonly database: { adminUrl: string; name: string; url: string } | null,
  ) {
    this.base = `http://127.0.0.1:${port}`;
    this.pgDir = path.join(dataDir, 'pg');
    if (!database) clusters.add(this.pgDir);
    this.down();
  }

  private env(): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(this.port),
      HOST: '127.0.0.1',
      DATA_DIR: this.dataDir,
      LOG_LEVEL: 'warn',
      WEB_ROOT: path.join(this.dataDir, 'no-web'),
      OUTBOX_POLL_MS: '500',
    };
    delete env.DATABASE_URL;
    delete env.SEED_DEMO;
    delete env.EMBEDDED_PG_PORT;
    if (this.database) env.DATABASE_URL = this.database.url;
    return env;
  }

  private down(): void {
    this.up = new Promise((resolve) => (this.markUp = resolve));
  }

  /** Resolves while the server answers (clients whose request died with it wait here). */
  whenUp(): Promise<void> {
    return this.up;
  }

  /** Starts the server and waits until /api/health answers 200. */
  async start(): Promise<ServerProcess> {
    const server = new ServerProcess(this.env());
    this.server = server;
    await server.healthy(this.base);
    this.markUp();
    return server;
  }

  async kill(): Promise<void> {
    this.down();
    this.server!.proc.kill('SIGKILL');
    await this.server!.exited;
  }

  /** A clean stop (SIGTERM): the exit code. */
  async stop(): Promise<number | null> {
    this.down();
    this.server!.proc.kill('SIGTERM');
    return this.server!.exited;
  }

  /** The database, for the checks made in SQL. */
  async databaseUrl(): Promise<string> {
    if (this.database) return this.database.url;
    const url = await runningEmbeddedUrl(this.dataDir);
    if (!url) throw new Error('the embedded PostgreSQL is not running');
    return url;
  }

  async cleanUp(): Promise<void> {
    if (this.server?.running) {
      this.server.proc.kill('SIGKILL');
      await this.server.exited;
    }
    const pid = this.database ? null : postmasterPid(this.pgDir);
    if (pid && isAlive(pid)) {
      // A fast shutdown, as pg_ctl stop -m fast; a server that does not stop within 20 s is killed.
      process.kill(pid, 'SIGINT');
      for (let waited = 0; isAlive(pid) && waited < 20_000; waited += 50) await delay(50);
      if (isAlive(pid)) process.kill(pid, 'SIGKILL');
    }
    clusters.delete(this.pgDir);
    await fs.rm(this.dataDir, { recursive: true, force: true });
    if (this.database) await dropDatabase(this.database.adminUrl, this.database.name);
  }
}

async function createSite(): Promise<Site> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rudeplan-crash-'));
  let database: { adminUrl: string; name: string; url: string } | null = null;
  if (EXTERNAL) {
    const adminUrl = inject('adminUrl');
    database = { adminUrl, ...(await createDatabaseFrom(adminUrl, TEMPLATE_DEMO)) };
  }
  return new Site(dataDir, await freePort(), database);
}

/** What the booking clients need, found through the API as the browser finds it. */
interface Booking {
  cookie: string;
  /** Per department, its free windscreen slots in the coming months, earliest first. */
  slotLists: FoundSlot[][];
  bodyFor(found: FoundSlot, department: TDepartment): TOrderInput;
  departments: TDepartment[];
}

async function prepareBooking(site: Site): Promise<Booking> {
  const cookie = await signIn(site.base, 'KS');
  const kit = await httpBooking(site.base, cookie, ['ARH', 'ODE']);
  const slotLists = await Promise.all(kit.departments.map((department) => kit.freeSlots(department, MONTHS)));
  return { cookie, slotLists, departments: kit.departments, bodyFor: (found, department) => kit.bodyFor(found, department) };
}

interface Ack {
  id: string;
  orderNr: string;
  cycle: number;
}

/**
 * Several clients booking at once: two per department, each walking the department's slots in order and booking
 * one until it is full (409), so the two compete for every place. A request the kill cuts off has an unknown outcome
 * (the order may have been saved); the client waits until the server is back.
 */
class BookingLoad {
  readonly acks: Ack[] = [];
  private cycleNo = 0;
  /** Requests cut off by a kill: outcome unknown. */
  cutOff = 0;
  full = 0;
  lastFull = '';
  /** 503 answers (the database away), with their bodies' shape checked. */
  unavailable = 0;
  /** Anything else: a 500, a validation error; the test expects none. */
  readonly unexpected: string[] = [];
  private stopping = false;
  private readonly clients: Array<Promise<void>> = [];
  private readonly waiters = new Set<() => void>();
  private nextCycle: Array<() => void> = [];

  get cycle(): number {
    return this.cycleNo;
  }

  set cycle(n: number) {
    this.cycleNo = n;
    for (const wake of this.nextCycle.splice(0)) wake();
  }

  constructor(
    private readonly site: Site,
    private readonly booking: Booking,
  ) {}

  start(): void {
    for (let i = 0; i < CLIENTS; i++) this.clients.push(this.client(i % this.booking.departments.length));
  }

  async stop(): Promise<void> {
    this.stopping = true;
    for (const wake of this.nextCycle.splice(0)) wake();
    await Promise.all(this.clients);
  }

  acksIn(cycle: number): Ack[] {
    return this.acks.filter((a) => a.cycle === cycle);
  }

  /** Resolves once `n` bookings were acknowledged in the current cycle. */
  async untilAcks(n: number): Promise<void> {
    const reached = () => this.acksIn(this.cycle).length >= n;
    if (reached()) return;
    await new Promise<void>((resolve, reject) => {
      const timeout = setTimeout(() => {
        this.waiters.delete(check);
        reject(
          new Error(
            `cycle ${this.cycle}: only ${this.acksIn(this.cycle).length} bookings in 60 s (cut off ${this.cutOff}, full ${this.full} (${this.lastFull}), ` +
              `503 ${this.unavailable}, unexpected ${this.unexpected.slice(0, 3).join(' | ')}); the server said:\n${this.site.server?.output.slice(-3000)}`,
          ),
        );
      }, 60_000);
      const check = () => {
        if (!reached()) return;
        clearTimeout(timeout);
        this.waiters.delete(check);
        resolve();
      };
      this.waiters.add(check);
    });
  }

  private async client(index: number): Promise<void> {
    const department = this.booking.departments[index]!;
    const slots = this.booking.slotLists[index]!;
    let cursor = 0;
    while (!this.stopping && cursor < slots.length) {
      await this.site.whenUp();
      if (this.acksIn(this.cycle).length >= MAX_ACKS_PER_CYCLE) await new Promise<void>((resolve) => this.nextCycle.push(resolve));
      if (this.stopping) break;
      let answer: Answer;
      try {
        answer = await call(
          this.site.base,
          'POST',
          '/api/order/order',
          this.booking.cookie,
          this.booking.bodyFor(slots[cursor]!, department),
        );
      } catch {
        // Killed under the request (whenUp then waits for the restart); a moment's pause should the server be gone.
        this.cutOff++;
        await delay(20);
        continue;
      }
      if (answer.status === 200) {
        const order = answer.json as TOrder;
        this.acks.push({ id: order.additionalData.orderId, orderNr: order.additionalData.orderNr, cycle: this.cycle });
        for (const waiter of [...this.waiters]) waiter();
      } else if (answer.status === 409) {
        this.full++;
        this.lastFull = (answer.json as { message?: string }).message ?? '';
        cursor++;
      } else if (answer.status === 503 && isDatabaseDownBody(answer.json)) {
        this.unavailable++;
        await delay(100);
      } else {
        this.unexpected.push(`${answer.status} ${JSON.stringify(answer.json).slice(0, 300)}`);
        cursor++;
      }
    }
  }
}

function isDatabaseDownBody(json: unknown): boolean {
  const body = json as Record<string, unknown> | null;
  return (
    body?.status === 503 &&
    body.type === 'GENERIC_ERROR' &&
    body.message === 'Databasen svarer ikke' &&
    body.errors === null &&
    body.stackTrace === null
  );
}

/** The bookings of one cycle, read back through the API: there, with the number they were acknowledged with. */
async function expectAcknowledged(site: Site, booking: Booking, acks: Ack[]): Promise<void> {
  const orders = await Promise.all(acks.map((ack) => get<TOrder>(site.base, `/api/order/order/${ack.id}`, booking.cookie)));
  expect(orders.map((o) => o.additionalData.orderNr)).toEqual(acks.map((a) => a.orderNr));
}

interface Figures {
  orders: number;
  messages: number;
  interrupted: number;
}

/**
 * Checked in the database once the load has stopped: every acknowledged booking with its number; no slot the
 * test booked over its capacity; and once the outbox has drained, each order's three messages delivered once.
 */
async function expectConsistent(site: Site, load: BookingLoad, since: Date, kills: number): Promise<Figures> {
  const client = new pg.Client({ connectionString: await site.databaseUrl() });
  await client.connect();
  try {
    const found = await client.query<{ id: string; order_nr: string }>(
      'select id::text, order_nr::text from orders where id = any($1::uuid[])',
      [load.acks.map((a) => a.id)],
    );
    const numbers = new Map(found.rows.map((r) => [r.id, r.order_nr]));
    expect(load.acks.filter((a) => numbers.get(a.id) !== a.orderNr)).toEqual([]);

    // Every place of every slot the test booked into, the demo's bookings included.
    const overbooked = await client.query(
      `select o.time_slot_id, o.booking_date, count(*)::int as booked, s.max_bookings
         from orders o join time_slots s on s.id = o.time_slot_id
        where o.holds_place and (o.time_slot_id, o.booking_date) in (select time_slot_id, booking_date from orders where created_at >= $1)
        group by o.time_slot_id, o.booking_date, s.max_bookings
       having count(*) > s.max_bookings`,
      [since],
    );
    expect(overbooked.rows).toEqual([]);

    const orders = await client.query<{ id: string; order_nr: string }>(
      'select id::text, order_nr::text from orders where created_at >= $1',
      [since],
    );
    const ids = orders.rows.map((r) => r.id);
    await expect
      .poll(
        async () =>
          (
            await client.query(
              `select count(*)::int as n from outbox where order_id = any($1::uuid[]) and status in ('PENDING', 'SENDING')`,
              [ids],
            )
          ).rows[0].n,
        {
          timeout: 30_000,
          interval: 200,
        },
      )
      .toBe(0);
    const messages = await client.query<{ order_id: string; channel: string; status: string; last_error: string }>(
      'select order_id::text, channel, status, last_error from outbox where order_id = any($1::uuid[])',
      [ids],
    );
    const files = await fs.readdir(path.join(site.dataDir, 'erp-export')).catch(() => [] as string[]);
    const exportsOf = (orderNr: string) => files.filter((f) => f.startsWith(`${orderNr}-`) && f.endsWith('.json')).length;

    const wrong: string[] = [];
    let interrupted = 0;
    for (const order of orders.rows) {
      const own = messages.rows.filter((m) => m.order_id === order.id);
      const channels = own.map((m) => m.channel).sort();
      if (channels.join() !== 'EMAIL,ERP,SMS') wrong.push(`${order.order_nr}: messages ${channels.join()}`);
      for (const m of own) {
        if (m.channel === 'ERP') {
          const exported = exportsOf(order.order_nr);
          if (m.status === 'SENT' && exported === 1) continue;
          // Cut off between its claim and its record: not sent again, left for a person (and exported at most once).
          if (m.status === 'FAILED' && m.last_error === OUTBOX_INTERRUPTED_ERROR && exported <= 1) {
            interrupted++;
            continue;
          }
          wrong.push(`${order.order_nr}: ERP ${m.status} with ${exported} exports ${m.last_error}`);
        } else if (m.status !== 'KEPT') {
          wrong.push(`${order.order_nr}: ${m.channel} ${m.status} ${m.last_error}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // A kill cuts off at most the one message the worker holds.
    expect(interrupted).toBeLessThanOrEqual(kills);
    return { orders: orders.rows.length, messages: messages.rows.length, interrupted };
  } finally {
    await client.end();
  }
}

function report(what: string, load: BookingLoad, figures: Figures, started: number): void {
  // A cycle: from a start (or the database's return) to the next kill.
  const perCycle = Array.from({ length: CYCLES }, (_, i) => load.acksIn(i + 1).length);
  console.info(
    `[crash] ${what}: ${Math.round((Date.now() - started) / 100) / 10} s; acknowledged per cycle ${perCycle.join(' ')} (total ${load.acks.length}); ` +
      `cut off ${load.cutOff}, full ${load.full}, 503 ${load.unavailable}; orders ${figures.orders}, messages ${figures.messages}, interrupted ${figures.interrupted}`,
  );
}

describe('a server killed with SIGKILL under booking load', () => {
  let site: Site;

  beforeAll(async () => {
    site = await createSite();
    await site.start();
  }, 120_000);
  afterAll(() => site?.cleanUp(), 60_000);

  it(
    `keeps every acknowledged booking, every slot within its capacity and every message delivered once, ${CYCLES} times over`,
    async () => {
      const started = Date.now();
      const booking = await prepareBooking(site);
      const since = new Date();
      const load = new BookingLoad(site, booking);
      load.cycle = 1;
      load.start();
      try {
        for (let cycle = 1; cycle <= CYCLES; cycle++) {
          await load.untilAcks(ACKS_PER_CYCLE);
          // Anywhere in a booking or a delivery.
          await delay(Math.random() * 200);
          const postmaster = EXTERNAL ? null : postmasterPid(site.pgDir);
          await site.kill();
          expect(faults(site.server!.output)).toEqual([]);
          const server = await site.start();
          load.cycle = cycle + 1;
          if (postmaster) {
            // The embedded PostgreSQL outlived the server: the new one found it and uses it, the cluster unharmed.
            expect(server.output).toContain(`Reusing the embedded PostgreSQL server left running (pid ${postmaster},`);
          }
          await expectAcknowledged(site, booking, load.acksIn(cycle));
        }
      } finally {
        await load.stop();
      }
      expect(load.unexpected).toEqual([]);
      expect(faults(site.server!.output)).toEqual([]);
      expect(load.unavailable).toBe(0);
      // The clients filled slots to the last place (each slot is left on its 409).
      expect(load.full).toBeGreaterThan(0);
      const figures = await expectConsistent(site, load, since, CYCLES);
      report('server SIGKILL', load, figures, started);

      // Stopped cleanly, the server stops its PostgreSQL too: nothing is left running.
      expect(await site.stop()).toBe(0);
      if (!EXTERNAL) {
        const pid = postmasterPid(site.pgDir);
        expect(pid === null || !isAlive(pid)).toBe(true);
      }
    },
    RUN_MS,
  );
});

/**
 * How the database is lost under the load. The embedded PostgreSQL's postmaster is killed (its pid is in
 * postmaster.pid); the server must notice and start it again. An external PostgreSQL is not the test's to kill:
 * there every connection of the test's database is cut (pg_terminate_backend), which the server meets the same way
 * (statements fail with a lost connection) though the database answers again at once.
 */
interface DatabaseLoss {
  /** Loses the database; returns what `isBack` needs. */
  lose(site: Site): Promise<number>;
  isBack(site: Site, token: number): boolean;
}

const killPostmaster: DatabaseLoss = {
  async lose(site) {
    const pid = postmasterPid(site.pgDir)!;
    process.kill(pid, 'SIGKILL');
    return pid;
  },
  isBack(site, killed) {
    const now = postmasterPid(site.pgDir);
    return now !== null && now !== killed && isAlive(now);
  },
};

const cutConnections: DatabaseLoss = {
  async lose(site) {
    const admin = new pg.Client({ connectionString: site.database!.adminUrl });
    await admin.connect();
    try {
      const cut = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [site.database!.name],
      );
      return cut.rowCount ?? 0;
    } finally {
      await admin.end();
    }
  },
  isBack: () => true,
};

describe(
  EXTERNAL
    ? 'an external PostgreSQL whose connections are all cut under booking load'
    : 'the embedded PostgreSQL killed with SIGKILL under booking load',
  () => {
    // With DATABASE_URL the embedded server is not used: killing it and starting it again is its behaviour alone.
    const loss = EXTERNAL ? cutConnections : killPostmaster;
    let site: Site;

    beforeAll(async () => {
      site = await createSite();
      await site.start();
    }, 120_000);
    afterAll(() => site?.cleanUp(), 60_000);

    it(
      EXTERNAL
        ? `answers 503 for what the cut interrupts and never 500, and loses nothing, ${CYCLES} times over`
        : `is started again by the server, which answers 503 meanwhile and never 500, and loses nothing, ${CYCLES} times over`,
      async () => {
        const started = Date.now();
        const booking = await prepareBooking(site);
        const since = new Date();
        const server = site.server!;
        const load = new BookingLoad(site, booking);
        const healthSeen = new Map<number, number>();
        load.cycle = 1;
        load.start();
        try {
          for (let cycle = 1; cycle <= CYCLES; cycle++) {
            await load.untilAcks(ACKS_PER_CYCLE);
            await delay(Math.random() * 200);
            const token = await loss.lose(site);
            // /api/health tells the loss and the return: 503 in the error shape until the database answers again.
            const deadline = Date.now() + 60_000;
            for (;;) {
              const health = await call(site.base, 'GET', '/api/health');
              healthSeen.set(health.status, (healthSeen.get(health.status) ?? 0) + 1);
              if (health.status === 503) expect(isDatabaseDownBody(health.json)).toBe(true);
              else expect(health.status).toBe(200);
              if (health.status === 200 && loss.isBack(site, token)) break;
              if (Date.now() > deadline) throw new Error(`the database was not back within 60 s:\n${server.output.slice(-3000)}`);
              await delay(25);
            }
            load.cycle = cycle + 1;
            await expectAcknowledged(site, booking, load.acksIn(cycle));
          }
        } finally {
          await load.stop();
        }
        // The server itself never went away: every request had an answer, a 200, a 409 or a 503.
        expect(server.running).toBe(true);
        expect(load.cutOff).toBe(0);
        expect(load.unexpected).toEqual([]);
        expect(faults(server.output)).toEqual([]);
        if (!EXTERNAL) {
          // Every loss was noticed and healed by the server itself, once each, and seen from outside.
          expect(server.output.match(/The embedded PostgreSQL is running again/g)?.length).toBe(CYCLES);
          expect((healthSeen.get(503) ?? 0) + load.unavailable).toBeGreaterThan(0);
        }
        const figures = await expectConsistent(site, load, since, CYCLES);
        report(
          `${EXTERNAL ? 'connections cut' : 'PostgreSQL SIGKILL'} (health 200×${healthSeen.get(200) ?? 0}, 503×${healthSeen.get(503) ?? 0})`,
          load,
          figures,
          started,
        );
        expect(await site.stop()).toBe(0);
      },
      RUN_MS,
    );
  },
);

describe.runIf(!EXTERNAL && process.platform === 'linux')("pid files left by a crash whose pid is now another process's", () => {
  let dataDir: string;
  let sleeper: ChildProcess | undefined;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'rudeplan-crash-pids-'));
    clusters.add(path.join(dataDir, 'pg'));
  });
  afterAll(async () => {
    sleeper?.kill('SIGKILL');
    clusters.delete(path.join(dataDir, 'pg'));
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  /** A process that is not ours: `sleep`, with an exited child it never collects (a zombie). */
  async function strangers(): Promise<{ live: number; zombie: number }> {
    sleeper = spawn('sh', ['-c', 'sleep 0 & exec sleep 60'], { stdio: 'ignore' });
    const live = sleeper.pid!;
    for (let waited = 0; waited < 5_000; waited += 20) {
      const zombie = Number.parseInt((await fs.readFile(`/proc/${live}/task/${live}/children`, 'utf8').catch(() => '')).trim(), 10);
      const state = Number.isInteger(zombie) ? await fs.readFile(`/proc/${zombie}/stat`, 'utf8').catch(() => '') : '';
      if (/\) Z /.test(state)) return { live, zombie };
      await delay(20);
    }
    throw new Error('no zombie process to point at');
  }

  it('do not keep the app or PostgreSQL from starting (a reboot, a new container, an init that does not collect)', async () => {
    const pgDir = path.join(dataDir, 'pg');
    const first = await startEmbeddedPostgres({ dataDir });
    const client = new pg.Client({ connectionString: first.url });
    await client.connect();
    await client.query('create table kept (n int)');
    await client.query('insert into kept values (17)');
    await client.end();
    const pidFile = await fs.readFile(path.join(pgDir, 'postmaster.pid'), 'utf8');
    await first.stop();

    const { live, zombie } = await strangers();
    const naming = (pid: number) => [String(pid), ...pidFile.split('\n').slice(1)].join('\n');
    for (const pid of [live, zombie, process.pid]) {
      // As a crash leaves them: the app's lock and PostgreSQL's postmaster.pid, naming a process that is not theirs.
      await fs.writeFile(path.join(dataDir, 'rudeplan.lock'), String(pid));
      await fs.writeFile(path.join(pgDir, 'postmaster.pid'), naming(pid));
      const again = await startEmbeddedPostgres({ dataDir });
      try {
        expect(again.reused).toBe(false);
        expect(again.pid).not.toBe(pid);
        const check = new pg.Client({ connectionString: again.url });
        await check.connect();
        expect((await check.query('select n from kept')).rows).toEqual([{ n: 17 }]);
        await check.end();
      } finally {
        await again.stop();
      }
    }
  }, 120_000);
});
