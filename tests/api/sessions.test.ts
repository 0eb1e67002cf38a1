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
    expect(extended.expiresAt.getTime(), 'extended to the end of the lifetime, not 12 hours on').toBeLessThanOrEqual(extended.createdAt.getTime() + 120 * HOUR_MS);
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
