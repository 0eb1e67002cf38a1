/**
 * Read routes against their floor (issue 17): a bare Fastify route that answers one prepared `select` through a pg
 * pool of the same size, on the same database, measured in the same run at the same concurrency; each read route is
 * reported as a ratio of it. Booking throughput is set against pgbench's tpcb-like transactions on the same
 * PostgreSQL (Debian's pgbench, when installed). Figures only: the goals (≥ 50 %) are printed beside them.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import pg from 'pg';
import { baseUrlOf, measure, type BenchResult } from './harness';

const run = promisify(execFile);

/** Connections of the floor's pool and requests in flight: the 16. */
export const FLOOR_CONCURRENCY = 16;
const REQUESTS = 6_000;
const GOAL = 0.5;

export interface FloorInput {
  base: string;
  cookie: string;
  databaseUrl: string;
  /** The read routes to set against the floor: a name and the call. */
  routes: Array<[string, () => Promise<Response>]>;
  /** Orders per second the booking measurement reached (set against pgbench). */
  bookingPerSecond: number;
}

export async function measureFloor(input: FloorInput): Promise<{ results: BenchResult[]; notes: string[] }> {
  const results: BenchResult[] = [];
  const notes: string[] = [];
  const pool = new pg.Pool({ connectionString: input.databaseUrl, max: FLOOR_CONCURRENCY });
  const floor = Fastify({ logger: false });
  floor.get('/', async () => (await pool.query({ name: 'floor', text: 'select id, initials, name, roles from users where initials = $1', values: ['KS'] })).rows[0]);
  try {
    await floor.listen({ port: 0, host: '127.0.0.1' });
    const floorUrl = baseUrlOf(floor);
    await measure('warm-up floor', 1_000, FLOOR_CONCURRENCY, () => fetch(floorUrl));
    for (const [, call] of input.routes) await measure('warm-up read', 300, FLOOR_CONCURRENCY, call);
    const bare = await measure(`GET bare Fastify + one prepared select (pool ${FLOOR_CONCURRENCY})`, REQUESTS, FLOOR_CONCURRENCY, () => fetch(floorUrl));
    results.push({ ...bare, note: 'the floor' });
    const ratios: string[] = [];
    for (const [name, call] of input.routes) {
      const r = await measure(name, REQUESTS / 2, FLOOR_CONCURRENCY, call);
      const ratio = r.perSecond / bare.perSecond;
      results.push({ ...r, note: `${(ratio * 100).toFixed(0)} % of the floor (goal ≥ ${GOAL * 100} %)` });
      ratios.push(`${name.split(' (')[0]} ${(ratio * 100).toFixed(0)} %`);
    }
    notes.push(`Read routes against a bare route with one prepared select (${bare.perSecond} req/s, ${FLOOR_CONCURRENCY} in flight): ${ratios.join('; ')} (goal ≥ ${GOAL * 100} % each).`);
    notes.push(await againstPgbench(input.databaseUrl, input.bookingPerSecond));
  } finally {
    await floor.close();
    await pool.end();
  }
  return { results, notes };
}

/** Debian's pgbench (the newest installed), or one on PATH; null when there is none. */
function findPgbench(): string | null {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const candidate = `${root}/${version}/bin/pgbench`;
    if (fs.existsSync(candidate)) return candidate;
  }
  return (process.env.PATH ?? '').split(':').map((dir) => `${dir}/pgbench`).find((p) => fs.existsSync(p)) ?? null;
}

/** pgbench's tpcb-like transactions per second in a database of its own on the same server, set against booking. */
async function againstPgbench(databaseUrl: string, bookingPerSecond: number): Promise<string> {
  const pgbench = findPgbench();
  if (!pgbench) return 'Booking against pgbench: not measured (no pgbench installed; Debian: apt install postgresql).';
  const admin = new URL(databaseUrl);
  const name = 'rudeplan_pgbench';
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name}`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  admin.pathname = `/${name}`;
  const env = { ...process.env, PGPASSWORD: decodeURIComponent(admin.password) };
  const args = ['-h', admin.hostname, '-p', admin.port || '5432', '-U', decodeURIComponent(admin.username)];
  try {
    await run(pgbench, [...args, '-i', '-q', '-s', '1', name], { env });
    const { stdout } = await run(pgbench, [...args, '-c', String(FLOOR_CONCURRENCY), '-j', '2', '-T', '15', '-M', 'prepared', name], { env });
    const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? NaN);
    if (!Number.isFinite(tps)) return `Booking against pgbench: pgbench gave no tps (${stdout.slice(0, 200)}).`;
    const ratio = bookingPerSecond / tps;
    return `Booking against pgbench tpcb-like (${FLOOR_CONCURRENCY} clients, prepared, 15 s): ${bookingPerSecond} orders/s against ${Math.round(tps)} tps = ${(ratio * 100).toFixed(0)} % (goal ≥ ${GOAL * 100} %).`;
  } finally {
    const drop = new pg.Client({ connectionString: databaseUrl });
    await drop.connect();
    await drop.query(`drop database if exists ${name}`).finally(() => drop.end());
  }
}
