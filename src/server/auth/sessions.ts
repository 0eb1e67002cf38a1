import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { preparedFor } from '@/server/db/prepared';
import { sessions, users } from '@/server/db/schema';
import type { SessionCache } from './session-cache';

export const SESSION_COOKIE = 'rudeplan_session';

/** The signed-in user as every route sees it. */
export interface SessionUser {
  id: string;
  name: string;
  initials: string;
  roles: string[];
  departmentId: string | null;
  tokenHash: string;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export async function createSession(
  db: DbOrTx,
  userId: string,
  ttlHours: number,
  meta: { ip: string; userAgent: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + ttlHours * 3_600_000),
    ip: meta.ip,
    userAgent: meta.userAgent.slice(0, 300),
  });
  return token;
}

/** How long a session lasts: `ttlHours` past its last use, and never past `maxHours` after sign-in. */
export interface SessionLifetime {
  ttlHours: number;
  maxHours: number;
}

/** Sliding expiry: a session in use is extended, at most once a minute to spare writes. */
const TOUCH_AFTER_MS = 60_000;

/** Every request with a cookie looks its session up: the statement is prepared. */
const sessionStatements = preparedFor((db) => ({
  user: db
    .select({
      id: users.id,
      name: users.name,
      initials: users.initials,
      roles: users.roles,
      departmentId: users.departmentId,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql`now()`),
        // The absolute lifetime, also for a session extended before it was capped.
        gt(sessions.createdAt, sql`now() - make_interval(secs => ${sql.placeholder('maxSecs')})`),
        isNull(users.deletedAt),
      ),
    )
    .prepare('session_user_by_token'),
}));

/** A cookie's session: its user, and its new expiry when this read extended it (the cookie is then renewed to match). */
export interface FoundSession {
  user: SessionUser;
  extendedUntil: Date | null;
}

/** The session of a cookie's token: from the instance's cache when it holds it, else read (and extended) from the database. */
export async function findSessionUser(
  db: DbOrTx,
  token: string,
  lifetime: SessionLifetime,
  cache?: SessionCache,
): Promise<FoundSession | null> {
  const tokenHash = hashToken(token);
  const kept = cache?.get(tokenHash);
  if (kept) return { user: kept, extendedUntil: null };
  const mark = cache?.mark();
  const [row] = await sessionStatements(db).user.execute({ tokenHash, maxSecs: lifetime.maxHours * 3600 });
  if (!row) return null;
  const endsAt = row.createdAt.getTime() + lifetime.maxHours * 3_600_000;
  let expiresAt = Math.min(row.expiresAt.getTime(), endsAt);
  let extendedUntil: Date | null = null;
  if (Date.now() - row.lastSeenAt.getTime() > TOUCH_AFTER_MS) {
    const [extended] = await db
      .update(sessions)
      .set({
        lastSeenAt: sql`now()`,
        expiresAt: sql`least(now() + make_interval(secs => ${lifetime.ttlHours * 3600}), ${sessions.createdAt} + make_interval(secs => ${lifetime.maxHours * 3600}))`,
      })
      .where(eq(sessions.tokenHash, tokenHash))
      .returning({ expiresAt: sessions.expiresAt });
    if (extended) {
      // The database's own figure, so the cookie ends when the session does, never past its absolute end.
      expiresAt = Math.min(extended.expiresAt.getTime(), endsAt);
      extendedUntil = new Date(expiresAt);
    }
  }
  const user: SessionUser = {
    id: row.id,
    name: row.name,
    initials: row.initials,
    roles: row.roles,
    departmentId: row.departmentId,
    tokenHash,
  };
  // Kept for seconds (SESSION_KEEP_MS, well under TOUCH_AFTER_MS), so a session in use is still extended in time;
  // never past its expiry, so not past its absolute lifetime either.
  if (cache && mark) cache.keep(user, mark, expiresAt);
  return { user, extendedUntil };
}

export async function destroySession(db: DbOrTx, tokenHash: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function destroyUserSessions(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(db: DbOrTx): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, sql`now()`))
    .returning({ h: sessions.tokenHash });
  return deleted.length;
}
