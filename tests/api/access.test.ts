import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canOpen } from '@/domain/access';
import { ZERO_GUID } from '@/domain/lib/guid';
import { ROLES } from '@/domain/users';
import { hashPassword } from '@/server/auth/passwords';
import { users } from '@/server/db/schema';
import { cookieFor, createTestApp, type TestContext } from '../helpers/test-app';

/**
 * Walks every /api route × every role from the routes' own declarations:
 * 401 without a session, 403 with a role the route does not allow, and
 * neither with a role it allows.
 */
let ctx: TestContext;
const userIdByRole = new Map<string, string>();

beforeAll(async () => {
  ctx = await createTestApp();
  const passwordHash = await hashPassword('matrix-password');
  for (const role of ROLES) {
    const [row] = await ctx.database.db
      .insert(users)
      .values({ name: `Matrix ${role}`, initials: `MX${ROLES.indexOf(role)}`, roles: [role], passwordHash })
      .returning({ id: users.id });
    userIdByRole.set(role, row!.id);
  }
});
afterAll(() => ctx.close());

/** A path with its parameters filled with harmless values. */
function concrete(url: string): string {
  return url.replace(/:role\b/, 'Operation').replace(/:[A-Za-z]+/g, ZERO_GUID);
}

describe('route × role matrix', () => {
  it('declares access on every API route', () => {
    expect(ctx.app.routeAccess.length).toBeGreaterThan(10);
    for (const route of ctx.app.routeAccess) expect(route.access, `${route.method} ${route.url}`).toBeDefined();
  });

  it('answers 401 without a session on every non-public route', async () => {
    for (const route of ctx.app.routeAccess.filter((r) => r.access !== 'public')) {
      const response = await ctx.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        payload: route.method === 'GET' ? undefined : {},
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json()).toMatchObject({ status: 401, type: 'UNAUTHORIZED_ERROR' });
    }
  });

  it('answers 403 to every role a route does not allow, and lets the allowed ones through', async () => {
    let checked = 0;
    for (const route of ctx.app.routeAccess.filter((r) => r.access !== 'public')) {
      for (const role of ROLES) {
        // A fresh session per call: some routes (logout) end the session they are called with.
        const cookie = await cookieFor(ctx, userIdByRole.get(role)!);
        // An event stream never ends: its head is the answer, then it is closed.
        const response = await ctx.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: { cookie },
          payload: route.method === 'GET' ? undefined : {},
          payloadAsStream: route.eventStream && canOpen(route.access, [role]),
        });
        if (route.eventStream && canOpen(route.access, [role])) response.stream().destroy();
        const label = `${route.method} ${route.url} as ${role}`;
        if (canOpen(route.access, [role])) {
          // An allowed call answers 2xx or a 4xx of its own rules (bad input, not found): never 401/403, never 5xx.
          expect([401, 403], label).not.toContain(response.statusCode);
          expect(response.statusCode, `${label}: ${response.body?.slice(0, 200) ?? 'an event stream'}`).toBeLessThan(500);
        } else {
          expect(response.statusCode, label).toBe(403);
          expect(response.json(), label).toMatchObject({ status: 403, type: 'UNAUTHORIZED_ERROR' });
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it("lets everyone reach the public routes; a provider's callback asks for the provider's signature instead of a session", async () => {
    // GatewayAPI's delivery reports carry its JWT (X-Gwapi-Signature): without it, 401 whoever sends it.
    const signedByProvider = new Set(['POST /api/outbox/sms/gatewayapi']);
    for (const route of ctx.app.routeAccess.filter((r) => r.access === 'public')) {
      const response = await ctx.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        payload: route.method === 'GET' ? undefined : {},
      });
      const label = `${route.method} ${route.url}`;
      if (signedByProvider.has(label)) expect(response.statusCode, label).toBe(401);
      else expect([401, 403], label).not.toContain(response.statusCode);
      expect(response.statusCode, `${label}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
    }
  });
});
