import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { bookingRoutes } from './areas/booking/booking.routes';
import { calendarRoutes } from './areas/calendar/calendar.routes';
import { capacityRoutes } from './areas/capacity/capacity.routes';
import { catalogueRoutes } from './areas/catalogue/catalogue.routes';
import { departmentsRoutes } from './areas/departments/departments.routes';
import { healthRoutes } from './areas/health/health.routes';
import { documentsRoutes } from './areas/documents/documents.routes';
import { loanCarsRoutes } from './areas/loan-cars/loan-cars.routes';
import { mediaRoutes } from './areas/media/media.routes';
import { journalRoutes } from './areas/journal/journal.routes';
import { notificationsRoutes } from './areas/notifications/notifications.routes';
import { oldPricesRoutes } from './areas/old-prices/old-prices.routes';
import { smsRoutes } from './areas/notifications/sms.routes';
import { reportsRoutes } from './areas/reports/reports.routes';
import { ruleSetsRoutes } from './areas/rule-sets/rule-sets.routes';
import { transfersRoutes } from './areas/transfers/transfers.routes';
import { feedbackRoutes } from './areas/feedback/feedback.routes';
import { orderLifecycleRoutes } from './areas/orders/order-lifecycle.routes';
import { orderListRoutes } from './areas/orders/order-list.routes';
import { ordersRoutes } from './areas/orders/orders.routes';
import { outboxRoutes } from './areas/outbox/outbox.routes';
import { planningRoutes } from './areas/planning/planning.routes';
import { partiesRoutes } from './areas/parties/parties.routes';
import { usersRoutes } from './areas/users/users.routes';
import type { Db } from './db/client';
import type { Env } from './env';
import type { FileStorage } from './integrations/storage/file-storage';
import { createFileStorage } from './integrations/storage/storage';
import { authPlugin } from './plugins/auth';
import { dbPlugin } from './plugins/db';
import { clientErrorHandler, errorHandlerPlugin, frameworkErrorHandler } from './plugins/error-handler';
import { multipartPlugin } from './plugins/multipart';
import { openApiPlugin } from './plugins/openapi';
import { securityPlugin } from './plugins/security';
import { textGuardPlugin } from './plugins/text-guard';
import { webPlugin } from './plugins/web';

export const DEFAULT_WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

/** How long a client may take to send its request line and headers. */
const HEADERS_TIMEOUT_MS = 10_000;

export interface AppOptions {
  env: Env;
  db: Db;
  pool: pg.Pool;
  /** Whether the database is the embedded one (reported by /api/health). */
  embedded: boolean;
  webRoot?: string;
  /** Where photos and signed documents are kept; by default what the environment configures. */
  storage?: FileStorage;
}

/** Builds the whole HTTP app; server.ts listens with it, tests inject into it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { env } = options;
  const app = Fastify({
    logger: { level: env.LOG_LEVEL },
    trustProxy: env.TRUST_PROXY,
    // What the router and Node's HTTP parser refuse before any route runs (an over-long path parameter, a bad
    // percent escape, a request line and headers over 16 KB, a client too slow to send its request) is answered
    // at once in the error shape, like every other refusal.
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    // A whole request (a 15 MB photo from a van included) must arrive within 5 minutes, its request line and
    // headers within 10 seconds; Node checks every second, so a client that stalls hears 408 within about
    // 11 s (Node's defaults, 60 s checked every 30 s, left it hanging up to 90 s).
    requestTimeout: 300_000,
    http: { headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: 1000 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Response schemas are checked while developing and testing; in production the answers, built from
  // typed repos, are written straight out (checking every order again costs as much as building it), as UTF-8
  // bytes: handed a string, Fastify measures it for Content-Length and the socket encodes it again.
  app.setSerializerCompiler(env.NODE_ENV === 'production' ? () => (data) => Buffer.from(JSON.stringify(data)) as unknown as string : serializerCompiler);

  await app.register(errorHandlerPlugin, { exposeStack: env.NODE_ENV !== 'production' });
  await app.register(dbPlugin, { db: options.db, pool: options.pool });
  await app.register(cookie);
  await app.register(securityPlugin, { allowedOrigins: env.ALLOWED_ORIGINS });
  await app.register(textGuardPlugin);
  await app.register(multipartPlugin);
  await app.register(authPlugin, { ttlHours: env.SESSION_TTL_HOURS });
  await app.register(openApiPlugin);

  await app.register(healthRoutes, { embedded: options.embedded });
  await app.register(usersRoutes, { sessionTtlHours: env.SESSION_TTL_HOURS, publicUrl: env.PUBLIC_URL });
  await app.register(departmentsRoutes);
  await app.register(outboxRoutes);
  await app.register(catalogueRoutes);
  await app.register(partiesRoutes);
  await app.register(bookingRoutes, { env });
  await app.register(ordersRoutes);
  await app.register(orderLifecycleRoutes, { ownDomain: env.COMPANY_EMAIL_DOMAIN, excludedDebitorNo: env.REVIEW_EXCLUDED_DEBITOR, reviewUrl: env.REVIEW_URL });
  await app.register(journalRoutes);
  await app.register(orderListRoutes);
  await app.register(smsRoutes);
  await app.register(reportsRoutes);
  await app.register(notificationsRoutes, { ownDomain: env.COMPANY_EMAIL_DOMAIN, excludedDebitorNo: env.REVIEW_EXCLUDED_DEBITOR, reviewUrl: env.REVIEW_URL });

  const storage = options.storage ?? createFileStorage(env);
  await app.register(mediaRoutes, { storage });
  await app.register(documentsRoutes, { storage });
  await app.register(feedbackRoutes, { storage });
  await app.register(loanCarsRoutes);
  await app.register(oldPricesRoutes);
  await app.register(capacityRoutes);
  await app.register(ruleSetsRoutes);
  await app.register(transfersRoutes);
  await app.register(calendarRoutes, { env });
  await app.register(planningRoutes);

  await app.register(webPlugin, { root: options.webRoot ?? DEFAULT_WEB_ROOT });
  return app;
}
