import type { FastifyInstance } from 'fastify';
import { buildApp } from '@/server/app';
import { connectDatabase, type Database } from '@/server/db/client';
import { testEnv, type Env } from '@/server/env';
import type { TestContext } from './test-app';

/**
 * More apps on a test file's database, each with its own settings (e.g. an outside service switched on), and its own
 * connections: each app holds one for its live changes. `close` ends them all.
 */
export function appsWithEnv(ctx: () => TestContext, base: Partial<Env> = {}) {
  const apps: Array<{ app: FastifyInstance; database: Database }> = [];
  return {
    async appWith(env: Partial<Env>): Promise<FastifyInstance> {
      const database = connectDatabase(ctx().url, { max: 3 });
      const app = await buildApp({
        env: testEnv({ ...base, ...env }),
        db: database.db,
        pool: database.pool,
        embedded: false,
        webRoot: '/nonexistent',
      });
      await app.ready();
      apps.push({ app, database });
      return app;
    },
    async close() {
      for (const { app, database } of apps.splice(0)) {
        await app.close();
        await database.close();
      }
    },
  };
}
