import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import type { TDayAvailability } from '@/domain/booking';
import type { TProductGroup } from '@/domain/catalogue';
import type { TDepartment } from '@/domain/departments';
import type { TOrder, TOrderInput } from '@/domain/orders';
import type { TDebitor } from '@/domain/parties';
import { orderBody, type FoundSlot } from './orders';

/**
 * Real server processes for the tests that need more than `inject` (a kill, two instances on one database), and
 * the plain HTTP calls they are driven by, as a browser makes them.
 */

export const ROOT = path.resolve(import.meta.dirname, '../..');

export const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Every process started here is killed should the test process end first.
const children = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface Answer {
  status: number;
  json: unknown;
}

/** One call with a JSON body (when given); the session cookie the answer sets, if any. */
export async function call(
  base: string,
  method: string,
  url: string,
  cookie?: string,
  body?: unknown,
): Promise<Answer & { cookie: string | null }> {
  const response = await fetch(base + url, {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  const session = response.headers.getSetCookie().find((c) => c.startsWith('rudeplan_session='));
  return { status: response.status, json: text ? JSON.parse(text) : null, cookie: session ? session.split(';')[0]! : null };
}

export async function get<T>(base: string, url: string, cookie: string): Promise<T> {
  const answer = await call(base, 'GET', url, cookie);
  if (answer.status !== 200) throw new Error(`GET ${url}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer.json as T;
}

/** Signs in through the API (demo users share one password): the session cookie. */
export async function signIn(base: string, initials: string, password = 'demo1234'): Promise<string> {
  const answer = await call(base, 'POST', '/api/user/login', undefined, { Email: initials, Password: password });
  if (answer.status !== 200 || !answer.cookie) throw new Error(`login ${initials}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer.cookie;
}

/** Windscreen bookings of the demo car AB12345 paid by Tryg, found through the HTTP API as the browser finds them. */
export interface HttpBooking {
  /** The departments asked for, by location code, in that order. */
  departments: TDepartment[];
  /** The department's free windscreen slots (without a loan car) in the months after this one, earliest first. */
  freeSlots(department: TDepartment, months: number): Promise<FoundSlot[]>;
  bodyFor(found: FoundSlot, department: TDepartment, overrides?: Partial<TOrderInput>): TOrderInput;
}

export async function httpBooking(base: string, cookie: string, locationCodes: string[]): Promise<HttpBooking> {
  const all = await get<TDepartment[]>(base, '/api/departments/departments', cookie);
  const departments = locationCodes.map((code) => all.find((d) => d.navLocationCode === code)!);
  const car = await get<TOrder['car']>(base, '/api/car/search/AB12345', cookie);
  const identity = await get<{ carId: string }>(base, `/api/car/carid/${car.manuId}/${car.modId}/${car.modelYear}`, cookie);
  const groups = await get<TProductGroup[]>(base, `/api/product/searchitems?carId=${identity.carId}`, cookie);
  const windscreen = groups.find((g) => g.name === 'Forrude')!.items[0]!;
  const [debitor] = await get<TDebitor[]>(base, '/api/debitor/search/NAME?query=Tryg', cookie);
  return {
    departments,
    async freeSlots(department, months) {
      const now = new Date();
      const slots: FoundSlot[] = [];
      for (let step = 1; step <= months; step++) {
        const y = now.getFullYear() + Math.floor((now.getMonth() + step) / 12);
        const m = ((now.getMonth() + step) % 12) + 1;
        const answer = await call(base, 'POST', `/api/timeslot/${department.id}/${y}/${m}`, cookie, {});
        for (const day of answer.json as TDayAvailability[]) {
          for (const slot of day.windowReplaceSlots) {
            if (slot.available > 0 && !slot.hasFreeCar)
              slots.push({ date: `${y}-${String(m).padStart(2, '0')}-${String(day.dayOfMonth).padStart(2, '0')}T00:00:00`, slot });
          }
        }
      }
      return slots;
    },
    bodyFor: (found, department, overrides = {}) =>
      orderBody({ department, found, car, debitor: debitor!, items: [{ itemNo: windscreen.itemNo }], overrides }),
  };
}

/**
 * The environment of a server process for a test: production mode on 127.0.0.1:`port`, its files in `dataDir` (and no
 * web app), quiet logs, the given database; none of the test run's demo seed, embedded PostgreSQL or SMTP. `extra`
 * adds to it or overrides it.
 */
export function serverEnv(
  options: { port: number; dataDir: string; databaseUrl: string },
  extra: NodeJS.ProcessEnv = {},
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    DATABASE_URL: options.databaseUrl,
    LOG_LEVEL: 'warn',
    WEB_ROOT: path.join(options.dataDir, 'no-web'),
    ...extra,
  };
  delete env.SEED_DEMO;
  delete env.EMBEDDED_PG_PORT;
  delete env.SMTP_URL;
  return env;
}

/** One server process (`src/server/server.ts`): its output is kept for the assertions and for a failure's message. */
export class ServerProcess {
  readonly proc: ChildProcess;
  output = '';
  readonly exited: Promise<number | null>;

  constructor(env: NodeJS.ProcessEnv) {
    this.proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(this.proc);
    this.proc.stdout!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.proc.stderr!.on('data', (chunk: Buffer) => (this.output += chunk.toString()));
    this.exited = new Promise((resolve) =>
      this.proc.on('exit', (code) => {
        children.delete(this.proc);
        resolve(code);
      }),
    );
  }

  get running(): boolean {
    return this.proc.exitCode === null && this.proc.signalCode === null;
  }

  /** Waits until /api/health at `base` answers 200; throws with the output if the process exits or takes 90 s. */
  async healthy(base: string): Promise<void> {
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (!this.running) throw new Error(`the server exited while starting:\n${this.output}`);
      if (Date.now() > deadline) throw new Error(`the server did not start within 90 s:\n${this.output}`);
      const health = await call(base, 'GET', '/api/health').catch(() => null);
      if (health?.status === 200) return;
      await delay(50);
    }
  }

  /** SIGKILL, and waits for the exit. */
  async kill(): Promise<void> {
    if (this.running) this.proc.kill('SIGKILL');
    await this.exited;
  }
}

/**
 * What the server logged as a fault (pino's error and fatal levels), but for its report of a lost embedded
 * PostgreSQL: a lost database is logged as a warning wherever it is met.
 */
export function faults(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => /"level":(50|60)/.test(line) && !line.includes('The embedded PostgreSQL has stopped'))
    .map((line) => line.slice(0, 500));
}
