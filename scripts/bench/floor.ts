/**
 * Read routes against their floor (issue 17): a bare Fastify route that answers one prepared `select` through a pg
 * pool of the same size, on the same database, measured in the same run at the same concurrency; each read route is
 * reported as a ratio of it. Booking throughput is set against pgbench's tpcb-like transactions on the same
 * PostgreSQL (Debian's pgbench, when installed). Figures only: the goals (≥ 50 %) are printed beside them.
 *
 * Every ratio is measured twice, with two clients in the bench's load process (load.ts), so the server's thread does
 * only the server's work: `fetch`, which inflates each compressed answer as a browser does, and autocannon, the
 * Fastify project's load generator, which reads the bytes as sent and costs the client least. One fetch client
 * answers far fewer requests a second than the server can (it is the bound for the floor and the small answers), so
 * its ratios show what one such client gets; autocannon's show the server's.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import pg from 'pg';
import { baseUrlOf } from './harness';
import type { LoadProcess, LoadTarget } from './load';
import { profiled, type BenchResult } from './measure';
import type { StatementAlone } from './statement';

const run = promisify(execFile);

/** Connections of the floor's pool and requests in flight: the 16. */
export const FLOOR_CONCURRENCY = 16;
/** Requests of each fetch measurement. */
const REQUESTS = 3_000;
/**
 * Rounds of the floor and every route, one after the other. Each ratio is a route against the floor of its own round,
 * and the median round is reported: a slow moment of this shared machine then weighs on one round, not on the ratio.
 */
const ROUNDS = 3;
const GOAL = 0.5;
/** Seconds autocannon runs each route (after a second of warm-up). */
const LOAD_SECONDS = 5;

/** The middle item of an odd number of them, by a figure of each. */
function medianBy<T>(items: T[], figure: (item: T) => number): T {
  return [...items].sort((a, b) => figure(a) - figure(b))[Math.floor(items.length / 2)]!;
}

/**
 * ROUNDS rounds of the floor followed by every route. Each route's ratio is taken against its own round's floor; the
 * median floor and, per route, the median round (with every round's ratio) are returned.
 */
async function inRounds<R extends { perSecond: number }>(floor: () => Promise<R>, routes: ReadonlyArray<() => Promise<R>>) {
  const rounds: Array<{ floor: R; routes: R[] }> = [];
  for (let round = 0; round < ROUNDS; round++) {
    const floorResult = await floor();
    const results: R[] = [];
    for (const route of routes) results.push(await route());
    rounds.push({ floor: floorResult, routes: results });
  }
  return {
    floor: medianBy(
      rounds.map((r) => r.floor),
      (r) => r.perSecond,
    ),
    floors: rounds.map((r) => r.floor.perSecond),
    routes: routes.map((_, i) => {
      const each = rounds.map((r) => ({ result: r.routes[i]!, ratio: r.routes[i]!.perSecond / r.floor.perSecond }));
      return { ...medianBy(each, (e) => e.ratio), ratios: each.map((e) => percent(e.ratio)).join(', ') };
    }),
  };
}

/** A share of the floor as printed. */
const percent = (ratio: number) => `${(ratio * 100).toFixed(0)} %`;
/** A route's name without its remark in brackets. */
const shortName = (name: string) => name.split(' (')[0];

/** A read route as both clients call it. */
export interface FloorRoute {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

export interface FloorInput {
  base: string;
  cookie: string;
  databaseUrl: string;
  /** The clients' process. */
  load: LoadProcess;
  /** The read routes to set against the floor. */
  routes: FloorRoute[];
  /** Orders per second the booking measurements reached with each client (set against pgbench). */
  booking: { fetch: number; autocannon: number | null };
  /** The booking's own statement under pgbench (statement.ts). */
  statement?: StatementAlone | string;
}

export async function measureFloor(input: FloorInput): Promise<{ results: BenchResult[]; notes: string[] }> {
  const results: BenchResult[] = [];
  const notes: string[] = [];
  const pool = new pg.Pool({ connectionString: input.databaseUrl, max: FLOOR_CONCURRENCY });
  const floor = Fastify({ logger: false });
  floor.get(
    '/',
    async () =>
      (await pool.query({ name: 'floor', text: 'select id, initials, name, roles from users where initials = $1', values: ['KS'] }))
        .rows[0],
  );
  try {
    await floor.listen({ port: 0, host: '127.0.0.1' });
    const floorUrl = baseUrlOf(floor);
    const headersOf = (route: FloorRoute): Record<string, string> => ({
      cookie: input.cookie,
      ...(route.body === undefined ? {} : { 'content-type': 'application/json' }),
    });
    const floorTarget: LoadTarget = {
      name: `GET bare Fastify + one prepared select (pool ${FLOOR_CONCURRENCY})`,
      url: floorUrl,
      method: 'GET',
      headers: {},
      concurrency: FLOOR_CONCURRENCY,
    };
    const targets = input.routes.map((route): LoadTarget => ({
      name: route.name,
      url: `${input.base}${route.path}`,
      method: route.method,
      headers: headersOf(route),
      body: route.body,
      concurrency: FLOOR_CONCURRENCY,
    }));
    // The server's thread profiled, the client being in the load process.
    const viaFetch = (target: LoadTarget, requests = REQUESTS) => profiled(target.name, () => input.load.fetch({ ...target, requests }));
    await viaFetch({ ...floorTarget, name: 'warm-up floor' }, 1_000);
    for (const target of targets) await viaFetch({ ...target, name: 'warm-up read' }, 300);
    const fetched = await inRounds(
      () => viaFetch(floorTarget),
      targets.map((target) => () => viaFetch(target)),
    );
    results.push({ ...fetched.floor, note: `the floor (median of ${ROUNDS} rounds: ${fetched.floors.join(', ')} req/s)` });
    const ratios: string[] = [];
    targets.forEach(({ name }, i) => {
      const median = fetched.routes[i]!;
      results.push({ ...median.result, note: `${percent(median.ratio)} of the floor (rounds ${median.ratios}; goal ≥ ${GOAL * 100} %)` });
      ratios.push(`${shortName(name)} ${percent(median.ratio)}`);
    });
    notes.push(
      `Read routes against a bare route with one prepared select, client fetch in the load process (${fetched.floor.perSecond} req/s, ${FLOOR_CONCURRENCY} in flight; the median of ${ROUNDS} rounds): ` +
        `${ratios.join('; ')} (goal ≥ ${GOAL * 100} % each).`,
    );

    // The same with autocannon: the server's cost with the least client work beside it.
    const load = (target: LoadTarget) =>
      profiled(`autocannon ${target.name}`, () => input.load.autocannon({ ...target, seconds: LOAD_SECONDS }));
    const lean = await inRounds(
      () => load(floorTarget),
      targets.map((target) => () => load(target)),
    );
    const leanFloor = lean.floor;
    const rows = [
      `| GET bare Fastify + one prepared select | ${leanFloor.perSecond} | ${leanFloor.p50} | ${leanFloor.p99} | the floor (rounds ${lean.floors.join(', ')}) |`,
    ];
    const leanRatios: string[] = [];
    input.routes.forEach((route, i) => {
      const median = lean.routes[i]!;
      rows.push(
        `| ${route.name} | ${median.result.perSecond} | ${median.result.p50} | ${median.result.p99} | ${percent(median.ratio)} of the floor (rounds ${median.ratios}) |`,
      );
      leanRatios.push(`${shortName(route.name)} ${percent(median.ratio)}`);
    });
    notes.push(
      [
        `The same with autocannon (${FLOOR_CONCURRENCY} connections, ${LOAD_SECONDS} s a measurement, ${ROUNDS} rounds; it reads the answers as sent, never inflating them):`,
        '',
        '| Route | req/s | p50 ms | p99 ms | Note |',
        '|---|---:|---:|---:|---|',
        ...rows,
        '',
        `Read routes against the floor under autocannon (${leanFloor.perSecond} req/s, the median round): ${leanRatios.join('; ')} (goal ≥ ${GOAL * 100} % each).`,
      ].join('\n'),
    );
    notes.push(await againstPgbench(input.databaseUrl, input.booking, input.statement));
  } finally {
    await floor.close();
    await pool.end();
  }
  return { results, notes };
}

/** Debian's pgbench (the newest installed), or one on PATH; null when there is none. */
export function findPgbench(): string | null {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const candidate = `${root}/${version}/bin/pgbench`;
    if (fs.existsSync(candidate)) return candidate;
  }
  return (
    (process.env.PATH ?? '')
      .split(':')
      .map((dir) => `${dir}/pgbench`)
      .find((p) => fs.existsSync(p)) ?? null
  );
}

/** pgbench's connection arguments and environment for a database URL (the database's name apart). */
export function pgbenchConnection(databaseUrl: string): { args: string[]; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  return {
    args: ['-h', url.hostname, '-p', url.port || '5432', '-U', decodeURIComponent(url.username)],
    env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) },
  };
}

/** Runs pgbench and answers its transactions a second (without the connections' set-up), or why there is none. */
export async function pgbenchTps(pgbench: string, args: string[], env: NodeJS.ProcessEnv): Promise<number | string> {
  const { stdout } = await run(pgbench, args, { env });
  const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? NaN);
  return Number.isFinite(tps) ? tps : `pgbench gave no tps (${stdout.slice(0, 200)})`;
}

/**
 * pgbench's tpcb-like transactions per second in a database of its own on the same server, set against booking, and
 * against the booking's own statement under pgbench when that was measured (statement.ts).
 */
export async function againstPgbench(
  databaseUrl: string,
  booking: FloorInput['booking'],
  statement?: StatementAlone | string,
): Promise<string> {
  const pgbench = findPgbench();
  if (!pgbench) return 'Booking against pgbench: not measured (no pgbench installed; Debian: apt install postgresql).';
  const name = 'rudeplan_pgbench';
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name}`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const { args, env } = pgbenchConnection(databaseUrl);
  try {
    await run(pgbench, [...args, '-i', '-q', '-s', '1', name], { env });
    const tps = await pgbenchTps(pgbench, [...args, '-c', String(FLOOR_CONCURRENCY), '-j', '2', '-T', '15', '-M', 'prepared', name], env);
    if (typeof tps === 'string') return `Booking against pgbench: ${tps}.`;
    const against = (client: string, perSecond: number) => `${client} ${perSecond} orders/s = ${percent(perSecond / tps)}`;
    const ratios = [against('fetch', booking.fetch), ...(booking.autocannon === null ? [] : [against('autocannon', booking.autocannon)])];
    const lines = [
      `Booking against pgbench tpcb-like (${FLOOR_CONCURRENCY} clients, prepared, 15 s, ${Math.round(tps)} tps): ${ratios.join('; ')} (goal ≥ ${GOAL * 100} %).`,
    ];
    if (typeof statement === 'string') lines.push(`The booking's own statement under pgbench: ${statement}.`);
    else if (statement) {
      const best = Math.max(booking.fetch, booking.autocannon ?? 0);
      lines.push(
        `The booking's own statement under pgbench (${FLOOR_CONCURRENCY} clients, prepared, the app's ${statement.attempts} bookings again, ` +
          `${statement.booked} stored): ${statement.perSecond} orders/s = ${percent(statement.perSecond / tps)} of tpcb-like; ` +
          `the app's booking reaches ${percent(best / statement.perSecond)} of its own statement.`,
      );
    }
    return lines.join(' ');
  } finally {
    const drop = new pg.Client({ connectionString: databaseUrl });
    await drop.connect();
    await drop.query(`drop database if exists ${name}`).finally(() => drop.end());
  }
}
