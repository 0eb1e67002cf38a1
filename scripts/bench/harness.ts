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
