import type { SecureServerOptions } from 'node:http2';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { bookingRoutes } from './areas/booking/booking.routes';
import { bookingWebRoutes } from './areas/booking-web/booking-web.routes';
import { calendarRoutes } from './areas/calendar/calendar.routes';
import { capacityRoutes } from './areas/capacity/capacity.routes';
import { catalogueRoutes } from './areas/catalogue/catalogue.routes';
import { departmentsRoutes } from './areas/departments/departments.routes';
import { healthRoutes } from './areas/health/health.routes';
import { documentsRoutes } from './areas/documents/documents.routes';
import { loanCarsRoutes } from './areas/loan-cars/loan-cars.routes';
import { mapRoutes } from './areas/map/map.routes';
import { mediaRoutes } from './areas/media/media.routes';
import { idempotencyPlugin } from './areas/offline';
import { journalRoutes } from './areas/journal/journal.routes';
import { notificationsRoutes } from './areas/notifications/notifications.routes';
import { oldPricesRoutes } from './areas/old-prices/old-prices.routes';
import { smsRoutes } from './areas/notifications/sms.routes';
import { reportsRoutes } from './areas/reports/reports.routes';
import { ruleSetsRoutes } from './areas/rule-sets/rule-sets.routes';
import { transfersRoutes } from './areas/transfers/transfers.routes';
import { feedbackRoutes } from './areas/feedback/feedback.routes';
import { orderListRoutes } from './areas/order-lists/order-lists.routes';
import { ordersRoutes } from './areas/orders/orders.routes';
import { fitterJobsRoutes } from './areas/orders/fitter-jobs.routes';
import { outboxRoutes } from './areas/outbox/outbox.routes';
import { planningRoutes } from './areas/planning/planning.routes';
import { partiesRoutes } from './areas/parties/parties.routes';
import { usersRoutes } from './areas/users/users.routes';
import { worksheetRoutes } from './areas/worksheet/worksheet.routes';
import type { Db } from './db/client';
import { isHttpsUrl, type Env } from './env';
import type { FileStorage } from './integrations/storage/file-storage';
import { createFileStorage } from './integrations/storage/storage';
import { authPlugin } from './plugins/auth';
import { clockPlugin } from './plugins/clock';
import { dbPlugin } from './plugins/db';
import { clientErrorHandler, errorHandlerPlugin, frameworkErrorHandler } from './plugins/error-handler';
import { jsonBodyPlugin } from './plugins/json-body';
import { multipartPlugin } from './plugins/multipart';
import { openApiPlugin } from './plugins/openapi';
import { securityPlugin } from './plugins/security';
import { textGuardPlugin } from './plugins/text-guard';
import { webPlugin } from './plugins/web';

export const DEFAULT_WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/web');

/** How long a client may take to send its request line and headers. */
const HEADERS_TIMEOUT_MS = 10_000;
/** How long a whole request (a 15 MB photo from a van included) may take to arrive. */
const REQUEST_TIMEOUT_MS = 300_000;
/** How often Node checks the two above on HTTP/1.x connections. */
const CONNECTIONS_CHECKING_INTERVAL_MS = 1000;
/** How long an idle HTTP/1.1 keep-alive connection is kept (Fastify's default; Node's HTTP/2 server sets none). */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;
/**
 * How long an HTTP/2 session may go without a frame sent or received before it is closed (GOAWAY: streams still
 * running finish). Above the live events' 25-second comment, so a session carrying a calendar is never closed.
 */
const HTTP2_SESSION_TIMEOUT_MS = 30_000;

export interface AppOptions {
  env: Env;
  db: Db;
  pool: pg.Pool;
  /** Whether the database is the embedded one (reported by /api/health). */
  embedded: boolean;
  webRoot?: string;
  /** Where photos and signed documents are kept; by default what the environment configures. */
  storage?: FileStorage;
  /** A PEM certificate (chain) and its key: the server speaks HTTPS, HTTP/2 and HTTP/1.1 on one port. */
  tls?: { cert: Buffer | string; key: Buffer | string } | undefined;
  /** The app's clock (app.clock); the real time by default. Tests set an evening or a Sunday. */
  clock?: () => Date;
}

/**
 * The Fastify instance: plain HTTP/1.1, or with `tls` HTTPS where the client picks HTTP/2 or HTTP/1.1 (ALPN) on
 * the same port.
 */
function createFastify(env: Env, tls: AppOptions['tls']): FastifyInstance {
  const common = {
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
    requestTimeout: REQUEST_TIMEOUT_MS,
  } satisfies FastifyServerOptions;
  if (!tls) {
    return Fastify({
      ...common,
      http: { headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS },
    });
  }

  // The app is written against Node's HTTP/1 request and response types. On the HTTP/2 server the same code gets
  // Node's HTTP/2 compatibility objects (Http2ServerRequest/Response), which have every member the app uses
  // (headers, httpVersionMajor, socket, writeHead, write, end, 'close'); the calendar's event stream, the one place
  // that writes the raw response, leaves out the HTTP/1-only header there. This one cast of Fastify's HTTP/2
  // overload keeps every route, plugin and test typed as one app, and the options below checked as for HTTP/1.
  const createHttp2Fastify = Fastify as unknown as (
    options: FastifyServerOptions & { http2: true; https: SecureServerOptions; http2SessionTimeout: number },
  ) => FastifyInstance;
  const app = createHttp2Fastify({
    ...common,
    http2: true,
    https: { allowHTTP1: true, cert: tls.cert, key: tls.key },
    // HTTP/2 has no deadline for a request's headers or body (Fastify ignores `http` and `requestTimeout` for it);
    // what Fastify offers is a session timeout: a session with no frame sent or received for 30 s (rather than
    // Fastify's 72) is closed, so a client that connects and stalls is let go. A stream already open keeps its
    // session until it ends.
    http2SessionTimeout: HTTP2_SESSION_TIMEOUT_MS,
    // On close, Fastify sends every HTTP/2 session a GOAWAY (Node 20's server.close() leaves them open, waiting for
    // the browsers to hang up) and destroys the HTTP/1.1 keep-alive connections. The live event streams, which
    // never end by themselves, are ended by the calendar's preClose hook.
    forceCloseConnections: true,
  });
  // The HTTP/1.1 side of the same server (ALPN 'http/1.1', or a client without ALPN) is Node's HTTP/1 server code,
  // which reads these from the server object; Fastify sets them only on an HTTP/1 server and Node's HTTP/2 server
  // ignores them as options. So the same 10-second headers and 5-minute request deadlines, checked every second,
  // are set here, and Fastify's keep-alive timeout (Node's HTTP/2 server has none: an idle HTTP/1.1 connection
  // would stay open for good). Set on the server Fastify made: listening on `localhost` adds a second one (::1)
  // that keeps Node's defaults; HOST is an address (0.0.0.0 by default).
  Object.assign(app.server, {
    headersTimeout: HEADERS_TIMEOUT_MS,
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionsCheckingInterval: CONNECTIONS_CHECKING_INTERVAL_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
  });
  return app;
}

/**
 * Builds the whole HTTP app; server.ts listens with it, tests inject into it. When a part fails to register, what the
 * parts before it opened is closed before the error goes on: the session cache's LISTEN connection held the pool, so
 * a server whose start failed there never stopped its database nor exited.
 */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = createFastify(options.env, options.tls).withTypeProvider<ZodTypeProvider>();
  try {
    await registerParts(app, options);
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}

async function registerParts(app: FastifyInstance, options: AppOptions): Promise<void> {
  const { env } = options;

  app.setValidatorCompiler(validatorCompiler);
  // Response schemas are checked while developing and testing; in production the answers, built from
  // typed repos, are written straight out (checking every order again costs as much as building it), as UTF-8
  // bytes: handed a string, Fastify measures it for Content-Length and the socket encodes it again.
  app.setSerializerCompiler(
    env.NODE_ENV === 'production' ? () => (data) => Buffer.from(JSON.stringify(data)) as unknown as string : serializerCompiler,
  );

  await app.register(errorHandlerPlugin, { exposeStack: env.NODE_ENV !== 'production' });
  await app.register(dbPlugin, { db: options.db, pool: options.pool });
  await app.register(clockPlugin, { clock: options.clock });
  await app.register(cookie);
  await app.register(securityPlugin, {
    allowedOrigins: env.ALLOWED_ORIGINS,
    behindHttps: isHttpsUrl(env.PUBLIC_URL),
    bookEmbedOrigins: env.BOOK_EMBED_ORIGINS,
  });
  await app.register(jsonBodyPlugin);
  await app.register(textGuardPlugin);
  await app.register(multipartPlugin);
  await app.register(authPlugin, { ttlHours: env.SESSION_TTL_HOURS, maxHours: env.SESSION_MAX_HOURS, publicUrl: env.PUBLIC_URL });
  // After the session is read: a change's key is its user's (issue 38).
  await app.register(idempotencyPlugin);
  await app.register(openApiPlugin);

  await app.register(healthRoutes, { embedded: options.embedded });
  await app.register(usersRoutes, { sessionTtlHours: env.SESSION_TTL_HOURS, publicUrl: env.PUBLIC_URL });
  await app.register(departmentsRoutes);
  await app.register(outboxRoutes, { gatewayApiWebhookSecret: env.GATEWAYAPI_WEBHOOK_SECRET });
  await app.register(catalogueRoutes, { env });
  await app.register(partiesRoutes);
  await app.register(bookingRoutes, { env });
  await app.register(bookingWebRoutes, { env });
  await app.register(ordersRoutes, { env });
  await app.register(worksheetRoutes, {
    ownDomain: env.COMPANY_EMAIL_DOMAIN,
    excludedDebitorNo: env.REVIEW_EXCLUDED_DEBITOR,
    reviewUrl: env.REVIEW_URL,
  });
  await app.register(journalRoutes);
  await app.register(orderListRoutes);
  await app.register(smsRoutes);
  await app.register(reportsRoutes);
  await app.register(notificationsRoutes, {
    ownDomain: env.COMPANY_EMAIL_DOMAIN,
    excludedDebitorNo: env.REVIEW_EXCLUDED_DEBITOR,
    reviewUrl: env.REVIEW_URL,
  });
  await app.register(fitterJobsRoutes);

  const storage = options.storage ?? createFileStorage(env);
  await app.register(mediaRoutes, { storage });
  await app.register(documentsRoutes, { storage });
  await app.register(feedbackRoutes, { storage });
  await app.register(loanCarsRoutes);
  await app.register(oldPricesRoutes);
  await app.register(capacityRoutes);
  await app.register(ruleSetsRoutes);
  await app.register(transfersRoutes);
  await app.register(calendarRoutes);
  await app.register(mapRoutes, { env });
  await app.register(planningRoutes);

  await app.register(webPlugin, { root: options.webRoot ?? DEFAULT_WEB_ROOT });
}
