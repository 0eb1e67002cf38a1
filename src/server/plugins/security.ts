import fp from 'fastify-plugin';
import { API_MESSAGES } from '@/domain/lib/api-error';
import { AppError } from '@/server/errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cookie-authenticated calls must not be made by a foreign page:
 * - state-changing calls carrying an Origin that is not the app's own are refused
 *   (API clients that send no Origin keep working);
 * - the few state-changing GETs also check Sec-Fetch-Site;
 * - bodies must be JSON (or multipart for uploads): text/plain and form posts are not parsed, so they get 415.
 */
export const securityPlugin = fp(
  async (app, options: { allowedOrigins: string[] }) => {
    app.removeContentTypeParser(['text/plain']);

    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'same-origin');
      if (!request.url.startsWith('/api/docs')) {
        reply.header('x-frame-options', 'DENY');
        reply.header(
          'content-security-policy',
          "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; " +
            "font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
        );
      }
      if (!request.url.startsWith('/api/')) return;

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
