import fp from 'fastify-plugin';
import { canOpen } from '@/domain/access';
import { API_MESSAGES } from '@/domain/lib/api-error';
import { describeAccess, type RouteAccess } from '@/server/auth/access';
import { SessionCache } from '@/server/auth/session-cache';
import { setSessionCookie } from '@/server/auth/session-cookie';
import { findSessionUser, SESSION_COOKIE, type SessionLifetime, type SessionUser } from '@/server/auth/sessions';
import { AppError } from '@/server/errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. */
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** The sessions this instance read lately, forgotten as the database announces their changes. */
    sessionCache: SessionCache;
    /** Every /api route with its declared access: the single source the role-matrix test walks. */
    routeAccess: Array<{ method: string; url: string; access: RouteAccess; stateChangingGet: boolean; eventStream: boolean }>;
  }
}

/** The signed-in user of a route whose access already required one. */
export function requireUser(user: SessionUser | null): SessionUser {
  if (!user) throw AppError.unauthorized(API_MESSAGES.notSignedIn);
  return user;
}

export interface AuthOptions extends SessionLifetime {
  /** The app's public address: with https, the renewed cookie is Secure as the login's is. */
  publicUrl?: string | undefined;
}

/**
 * Loads the session from its cookie and enforces each route's declared access
 * before anything else runs: 401 without a session, 403 with the wrong role.
 * A read that extends the session renews its cookie to the session's new expiry, so the browser does not drop the
 * cookie of a session still in use (at most once a minute, as the session is extended).
 */
export const authPlugin = fp(
  async (app, options: AuthOptions) => {
    app.decorateRequest('user', null);
    app.decorate('routeAccess', []);
    const cache = new SessionCache(app.live);
    app.decorate('sessionCache', cache);
    // An empty announcement is not understood: everything is forgotten.
    app.live.watchSessions((userId) => (userId ? cache.forgetUser(userId) : cache.forgetAll()));

    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
      const access = route.config?.access;
      if (access === undefined) throw new Error(`Route ${String(route.method)} ${route.url} declares no access`);
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        app.routeAccess.push({
          method,
          url: route.url,
          access,
          stateChangingGet: route.config?.stateChangingGet === true,
          eventStream: route.config?.eventStream === true,
        });
      }
      // The docs show who may call each route.
      if (route.schema)
        route.schema = { ...route.schema, description: [route.schema.description, describeAccess(access)].filter(Boolean).join('\n\n') };
      else route.schema = { description: describeAccess(access) };
      // A route that ends sessions or changes users forgets the kept ones before it answers: the next request on this
      // instance is checked against the database at once, without waiting for the change's announcement to come back.
      // Only these routes carry the hook, so no other request pays for it.
      if (route.config?.forgetsSessions) {
        const forget = async (_request: unknown, _reply: unknown, payload: unknown) => {
          cache.forgetAll();
          return payload;
        };
        route.onSend = [route.onSend ?? []].flat().concat(forget);
      }
    });

    app.addHook('onRequest', async (request, reply) => {
      const access = request.routeOptions.config?.access;
      if (access === undefined) return;
      const token = request.cookies[SESSION_COOKIE];
      const found = token ? await findSessionUser(app.db, token, options, cache) : null;
      if (found) {
        request.user = found.user;
        if (found.extendedUntil) setSessionCookie(request, reply, token!, found.extendedUntil, options.publicUrl);
      }
      if (access === 'public') return;
      if (!request.user) throw AppError.unauthorized(API_MESSAGES.notSignedIn);
      if (!canOpen(access, request.user.roles)) throw AppError.forbidden(API_MESSAGES.forbidden);
    });
  },
  { name: 'auth', dependencies: ['db', '@fastify/cookie'] },
);
