import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '@/server/db/schema';
import { loadEnv } from '@/server/env';
import { cookieFor, createTestApp, login, type TestContext } from '../helpers/test-app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const HOUR_MS = 3_600_000;

async function userinfo(cookie: string): Promise<number> {
  return (await ctx.app.inject({ method: 'GET', url: '/api/user/userinfo', headers: { cookie } })).statusCode;
}

async function sessionOf(userId: string) {
  const [row] = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, userId));
  return row!;
}

describe('the absolute lifetime of a session (SESSION_MAX_HOURS, a working week by default)', () => {
  it('is 120 hours unless configured', () => {
    expect(loadEnv({}, []).SESSION_MAX_HOURS).toBe(120);
    expect(loadEnv({ SESSION_MAX_HOURS: '40' }, []).SESSION_MAX_HOURS).toBe(40);
    expect(() => loadEnv({ SESSION_MAX_HOURS: '0' }, [])).toThrow(/SESSION_MAX_HOURS/);
  });

  // First in the file: no announcement of an earlier test lands while the session is kept.
  it('is honoured by the instance that keeps the session in memory: kept no longer than the lifetime', async () => {
    const [lag] = await ctx.database.db.select().from(users).where(eq(users.initials, 'LAG'));
    const cookie = await cookieFor(ctx, lag!.id);
    // Signed in a working week ago less a few seconds (changing created_at announces nothing, as time passing does not).
    await ctx.database.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '120 hours' + interval '3 seconds'` })
      .where(eq(sessions.userId, lag!.id));
    expect(await userinfo(cookie)).toBe(200);
    const { tokenHash } = await sessionOf(lag!.id);
    expect(ctx.app.sessionCache.get(tokenHash), 'kept after the read').not.toBeNull();
    // The cache would answer for SESSION_KEEP_MS (10 s); the session ends in 3.
    expect(ctx.app.sessionCache.get(tokenHash, Date.now() + 5_000), 'not answered past the lifetime').toBeNull();
  });

  it('ends a session a working week after sign-in however much it is used, and never extends it past that', async () => {
    const cookie = await login(ctx.app, 'KS');
    const [ks] = await ctx.database.db.select().from(users).where(eq(users.initials, 'KS'));
    // In use all week: signed in 119 hours ago, last seen two minutes ago, so this request extends it.
    await ctx.database.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '119 hours'`, lastSeenAt: sql`now() - interval '2 minutes'` })
      .where(eq(sessions.userId, ks!.id));
    expect(await userinfo(cookie)).toBe(200);
    const extended = await sessionOf(ks!.id);
    expect(extended.expiresAt.getTime(), 'extended to the end of the lifetime, not 12 hours on').toBeLessThanOrEqual(
      extended.createdAt.getTime() + 120 * HOUR_MS,
    );
    expect(extended.expiresAt.getTime()).toBeGreaterThan(Date.now() + 0.5 * HOUR_MS);

    // Still extended (as a session from before the lifetime was) but signed in more than a working week ago: refused.
    await ctx.database.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '120 hours 1 minute'`, expiresAt: sql`now() + interval '12 hours'` })
      .where(eq(sessions.userId, ks!.id));
    ctx.app.sessionCache.forgetAll();
    expect(await userinfo(cookie)).toBe(401);
  });
});

describe('the session cookie lasts as long as the session (issue 37)', () => {
  const sessionCookie = (response: { cookies: Array<{ name: string; value: string; maxAge?: number; expires?: Date }> }) =>
    response.cookies.find((c) => c.name === 'rudeplan_session');

  it('is renewed when a request extends the session, to the new expiry, and not on every request', async () => {
    const cookie = await login(ctx.app, 'OP');
    const [op] = await ctx.database.db.select().from(users).where(eq(users.initials, 'OP'));
    // Signed in five hours ago (the cookie then said 12 hours, so 7 are left), last used two minutes ago.
    await ctx.database.db
      .update(sessions)
      .set({
        createdAt: sql`now() - interval '5 hours'`,
        lastSeenAt: sql`now() - interval '2 minutes'`,
        expiresAt: sql`now() + interval '7 hours'`,
      })
      .where(eq(sessions.userId, op!.id));
    ctx.app.sessionCache.forgetAll();
    const extended = await ctx.app.inject({ method: 'GET', url: '/api/user/userinfo', headers: { cookie } });
    expect(extended.statusCode).toBe(200);
    const renewed = sessionCookie(extended);
    expect(renewed, 'a Set-Cookie for the session').toBeDefined();
    expect(`rudeplan_session=${renewed!.value}`).toBe(cookie);
    const row = await sessionOf(op!.id);
    // The same expiry as the server's session: 12 hours from now, later than the 7 the old cookie had left.
    expect(renewed!.expires!.getTime()).toBeGreaterThan(Date.now() + 11.9 * HOUR_MS);
    expect(Math.abs(renewed!.expires!.getTime() - row.expiresAt.getTime())).toBeLessThan(1000);
    expect(renewed!.maxAge).toBeGreaterThan(11.9 * 3600);
    expect(renewed!.maxAge).toBeLessThanOrEqual(12 * 3600);
    expect(extended.headers['set-cookie']).toMatch(/HttpOnly/);
    expect(extended.headers['set-cookie']).toMatch(/SameSite=Lax/);

    // Used again within the minute: not extended, so no cookie is sent.
    ctx.app.sessionCache.forgetAll();
    const again = await ctx.app.inject({ method: 'GET', url: '/api/user/userinfo', headers: { cookie } });
    expect(again.statusCode).toBe(200);
    expect(sessionCookie(again)).toBeUndefined();
  });

  it('is never renewed past the absolute end of the session', async () => {
    const cookie = await login(ctx.app, 'LAG');
    const [lag] = await ctx.database.db.select().from(users).where(eq(users.initials, 'LAG'));
    // Signed in 119 hours ago: one hour of the working week is left, however much it is used.
    await ctx.database.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '119 hours'`, lastSeenAt: sql`now() - interval '2 minutes'` })
      .where(eq(sessions.userId, lag!.id));
    ctx.app.sessionCache.forgetAll();
    const response = await ctx.app.inject({ method: 'GET', url: '/api/user/userinfo', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const renewed = sessionCookie(response);
    const row = await sessionOf(lag!.id);
    expect(renewed!.expires!.getTime()).toBeLessThanOrEqual(row.createdAt.getTime() + 120 * HOUR_MS);
    expect(renewed!.expires!.getTime()).toBeGreaterThan(Date.now() + 0.9 * HOUR_MS);
    expect(renewed!.maxAge).toBeLessThanOrEqual(3600);
  });

  it('is Secure when renewed, as at sign-in, when the public address is https', async () => {
    const https = await createTestApp({ env: { PUBLIC_URL: 'https://rudeplan.example.dk' } });
    try {
      const cookie = await login(https.app, 'KS');
      const [ks] = await https.database.db.select().from(users).where(eq(users.initials, 'KS'));
      await https.database.db
        .update(sessions)
        .set({ lastSeenAt: sql`now() - interval '2 minutes'` })
        .where(eq(sessions.userId, ks!.id));
      https.app.sessionCache.forgetAll();
      const response = await https.app.inject({ method: 'GET', url: '/api/user/userinfo', headers: { cookie } });
      expect(response.headers['set-cookie']).toMatch(/; Secure/);
    } finally {
      await https.close();
    }
  });
});
