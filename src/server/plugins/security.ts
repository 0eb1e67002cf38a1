import fp from 'fastify-plugin';
import { API_MESSAGES } from '@/domain/lib/api-error';
import { AppError } from '@/server/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What the browser may do on the app's pages (the docs at /api/docs included, whose Swagger UI loads only its own
 * scripts and styles): scripts of the app only, no frames of it elsewhere; the app's own service worker and web app
 * manifest (issue 38), named even though default-src allows them, so a stricter default-src later keeps them.
 */
const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; " +
  "font-src 'self' data:; connect-src 'self'; worker-src 'self'; manifest-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'";

/**
 * The browser features no page of the app uses, denied to it and to anything it shows: photos are taken through a
 * file input (the phone's own camera app, which this does not govern), the map shows the orders' addresses and never
 * asks where the user is.
 */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** A year, the browsers' and preload lists' usual. */
const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Headers on every answer, and cookie-authenticated calls must not be made by a foreign page:
 * - an API answer is kept in no cache (`no-store`) unless its route says otherwise (a product drawing, a stored file);
 * - HTTPS only (HSTS) once the app is reached over HTTPS: it serves TLS itself, a trusted proxy says so, or its
 *   PUBLIC_URL is https (a proxy that ends TLS and says nothing);
 * - state-changing calls carrying an Origin that is not the app's own are refused
 *   (API clients that send no Origin keep working);
 * - the few state-changing GETs also check Sec-Fetch-Site;
 * - bodies must be JSON (or multipart for uploads): text/plain and form posts are not parsed, so they get 415.
 */
export const securityPlugin = fp(
  async (app, options: { allowedOrigins: string[]; behindHttps: boolean; bookEmbedOrigins?: string[] }) => {
    app.removeContentTypeParser(['text/plain']);
    // The public booking page may be shown in a frame by the business's own websites (BOOK_EMBED_ORIGINS), nothing else.
    const embedders = options.bookEmbedOrigins ?? [];
    const bookPolicy = CONTENT_SECURITY_POLICY.replace("frame-ancestors 'none'", `frame-ancestors 'self' ${embedders.join(' ')}`);

    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'same-origin');
      if (embedders.length > 0 && /^\/book(\/|$|\?)/.test(request.url)) {
        reply.header('content-security-policy', bookPolicy);
      } else {
        reply.header('x-frame-options', 'DENY');
        reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
      }
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      reply.header('cross-origin-opener-policy', 'same-origin');
      if (options.behindHttps || request.protocol === 'https') reply.header('strict-transport-security', HSTS);
      if (!request.url.startsWith('/api/')) return;
      // Set first, so a route that caches something on purpose sets its own.
      reply.header('cache-control', 'no-store');

      const stateChangingGet = request.routeOptions.config?.stateChangingGet === true;
      if (SAFE_METHODS.has(request.method) && !stateChangingGet) return;

      const origin = request.headers.origin;
      if (origin !== undefined) {
        const own = `${request.protocol}://${request.host}`;
        if (origin !== own && !options.allowedOrigins.includes(origin)) {
          throw AppError.forbidden(API_MESSAGES.foreignOrigin);
        }
      }
      if (stateChangingGet) {
        const site = request.headers['sec-fetch-site'];
        if (site !== undefined && site !== 'same-origin' && site !== 'none') {
          throw AppError.forbidden(API_MESSAGES.foreignOrigin);
        }
      }
    });
  },
  { name: 'security' },
);
