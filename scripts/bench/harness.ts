import fs from 'node:fs/promises';
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
  const app = await buildApp({ env, db: database.db, pool: database.pool, embedded: !env.DATABASE_URL });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    app,
    database,
    async stop() {
      await app.close();
      await database.close();
      await stopDb();
    },
  };
}

export interface BenchResult {
  name: string;
  requests: number;
  concurrency: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Fires `requests` calls with `concurrency` in flight and reports latency percentiles (ms) and throughput. */
export async function measure(name: string, requests: number, concurrency: number, call: (i: number) => Promise<Response>): Promise<BenchResult> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= requests) return;
      const t = performance.now();
      const response = await call(i);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
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
  };
}
