import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { API_MESSAGES, ZApiError } from '@/domain/lib/api-error';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '@/server/db/unavailable';

const ZHealth = z.object({
  status: z.literal('ok'),
  database: z.object({
    connected: z.boolean(),
    version: z.string(),
    migrations: z.number().int(),
    latencyMs: z.number(),
    embedded: z.boolean(),
  }),
});

export const healthRoutes: FastifyPluginAsyncZod<{ embedded: boolean }> = async (app, options) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: { tags: ['Drift'], summary: 'Liveness and database state', response: { 200: ZHealth, 503: ZApiError } },
    },
    async (_request, reply) => {
      const started = performance.now();
      try {
        const version = await app.db.execute<{ version: string }>(sql`select current_setting('server_version') as version`);
        const migrations = await app.db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
        return {
          status: 'ok' as const,
          database: {
            connected: true,
            version: version.rows[0]?.version ?? '',
            migrations: migrations.rows[0]?.n ?? 0,
            latencyMs: Math.round((performance.now() - started) * 10) / 10,
            embedded: options.embedded,
          },
        };
      } catch (error) {
        // A lost database is what this route is for reporting (503 until it is back, the embedded one restarted by
        // the server itself); any other failure of these two statements is logged as the fault it is.
        if (isDatabaseUnavailable(error)) app.log.warn({ err: error }, 'health check: database unavailable');
        else app.log.error({ err: error }, 'health check failed');
        reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return reply
          .code(503)
          .send({ status: 503, type: 'GENERIC_ERROR' as const, message: API_MESSAGES.databaseDown, errors: null, stackTrace: null });
      }
    },
  );
};
