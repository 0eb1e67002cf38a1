import fp from 'fastify-plugin';
import type pg from 'pg';
import type { Db } from '@/server/db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    pool: pg.Pool;
  }
}

/** Makes the database available to routes; the pool is owned (and closed) by whoever created it. */
export const dbPlugin = fp(
  async (app, options: { db: Db; pool: pg.Pool }) => {
    app.decorate('db', options.db);
    app.decorate('pool', options.pool);
  },
  { name: 'db' },
);
