import fp from 'fastify-plugin';
import type pg from 'pg';
import type { Db } from '@/server/db/client';
import { LiveHub } from '@/server/integrations/live/live-changes';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    pool: pg.Pool;
    /** This instance's one LISTEN connection for the announced changes (open calendars, the month cache). */
    live: LiveHub;
  }
}

/**
 * Makes the database available to routes; the pool is owned (and closed) by whoever created it, the live hub by the
 * app (its connection goes back to the pool when the app closes).
 */
export const dbPlugin = fp(
  async (app, options: { db: Db; pool: pg.Pool }) => {
    app.decorate('db', options.db);
    app.decorate('pool', options.pool);
    app.decorate('live', new LiveHub(options.pool));
    app.addHook('onClose', () => app.live.close());
  },
  { name: 'db' },
);
