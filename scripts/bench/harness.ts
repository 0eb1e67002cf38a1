import fs from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@/server/app';
import { connectDatabase, type Database } from '@/server/db/client';
import { startEmbeddedPostgres } from '@/server/db/embedded';
import { runMigrations } from '@/server/db/migrate';
import { seedDemoIfEmpty } from '@/server/db/seed/seed-demo';
import { loadEnv } from '@/server/env';

export interface BenchServer {
  baseUrl: string;
  app: FastifyInstance;
  database: Database;
  stop(): Promise<void>;
}

/**
 * The real server on a real socket, on a throw-away embedded database (or DATABASE_URL),
 * with demo data, so figures include HTTP, session look-up and PostgreSQL.
 */
export async function startBenchServer(): Promise<BenchServer> {
  const env = loadEnv({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn' }, []);
  let url = env.DATABASE_URL;
  let stopDb = async () => {};
  if (!url) {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rudeplan-bench-'));
    const pg = await startEmbeddedPostgres({ dataDir: dir });
    url = pg.url;
    stopDb = async () => {
      await pg.stop();
      await fs.rm(dir, { recursive: true, force: true });
    };
  }
  await runMigrations(url);
  const database = connectDatabase(url, { max: 10 });
  await seedDemoIfEmpty(database.db);
  return startAppOn(url, { embedded: !env.DATABASE_URL, database, stopDb });
}

/**
 * The app listening on a free local port, on a database that is already migrated (and filled).
 * The pool has the server's default size, so figures show what one instance does.
 */
export async function startAppOn(
  url: string,
  options: { embedded: boolean; database?: Database; stopDb?: () => Promise<void> },
): Promise<BenchServer> {
  const env = loadEnv({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn' }, []);
  const database = options.database ?? connectDatabase(url, { max: 10 });
  const app = await buildApp({ env, db: database.db, pool: database.pool, embedded: options.embedded });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    baseUrl: baseUrlOf(app),
    app,
    database,
    async stop() {
      await app.close();
      await database.close();
      await options.stopDb?.();
    },
  };
}

export function baseUrlOf(app: FastifyInstance): string {
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return `http://127.0.0.1:${port}`;
}

export interface BenchResult {
  name: string;
  requests: number;
  concurrency: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** How many answers had each HTTP status. */
  statuses: Record<number, number>;
  /** A remark printed beside the figures (a target, a ratio). */
  note?: string;
}

export interface MeasureOptions {
  /** Statuses that count as answers; any other stops the run. Default: 2xx only. */
  accept?: (status: number) => boolean;
}

/**
 * With BENCH_CPU_PROFILE=<dir>, the measurements whose names match the regular expression BENCH_CPU_PROFILE_MATCH (all when unset) are
 * recorded as V8 CPU profiles in <dir> (a flame graph in Chrome DevTools or speedscope). Server and client share
 * this process: a profile shows both, told apart by their files.
 */
export async function profiled<T>(name: string, run: () => Promise<T>): Promise<T> {
  const dir = process.env.BENCH_CPU_PROFILE;
  if (!dir || !new RegExp(process.env.BENCH_CPU_PROFILE_MATCH ?? '').test(name)) return run();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await run();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    await fs.mkdir(dir, { recursive: true });
    const file = path.join(dir, `${name.replace(/[^\w.-]+/g, '_').slice(0, 80)}.cpuprofile`);
    await fs.writeFile(file, JSON.stringify(profile));
    console.error(`[bench] CPU profile of '${name}': ${file}`);
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Fires `requests` calls with `concurrency` in flight and reports latency percentiles (ms) and throughput. */
export async function measure(
  name: string,
  requests: number,
  concurrency: number,
  call: (i: number) => Promise<Response>,
  options: MeasureOptions = {},
): Promise<BenchResult> {
  const accept = options.accept ?? ((status: number) => status >= 200 && status < 300);
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= requests) return;
      const t = performance.now();
      const response = await call(i);
      const body = await response.arrayBuffer();
      if (!accept(response.status)) throw new Error(`${name}: HTTP ${response.status} ${Buffer.from(body).toString('utf8').slice(0, 300)}`);
      latencies.push(performance.now() - t);
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    }
  };
  await profiled(name, () => Promise.all(Array.from({ length: concurrency }, worker)));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    name,
    requests,
    concurrency,
    perSecond: Math.round(requests / seconds),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    statuses,
  };
}

/** One group's results as a Markdown table. */
export function printTable(title: string, results: BenchResult[], notes: string[] = []): void {
  console.log(`\n### ${title}\n`);
  console.log('| Benchmark | Requests | Concurrency | req/s | p50 ms | p95 ms | p99 ms | Note |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---|');
  for (const r of results) {
    console.log(`| ${r.name} | ${r.requests} | ${r.concurrency} | ${r.perSecond} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.note ?? ''} |`);
  }
  for (const note of notes) console.log(`\n${note}`);
}
