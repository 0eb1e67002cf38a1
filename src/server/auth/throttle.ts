import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { API_MESSAGES } from '@/domain/lib/api-error';
import type { DbOrTx } from '@/server/db/client';
import { authAttempts } from '@/server/db/schema';
import { AppError } from '@/server/errors';

/**
 * Failed logins, password reset requests and wrong reset codes are counted per account and per client
 * address in the database, so every instance sees the same counts.
 */
export interface ThrottleRule {
  key: string;
  limit: number;
}

export const THROTTLE_WINDOW_MINUTES = 15;

/**
 * The key an action counts against for one person: the account, whatever name (initials, e-mail, phone,
 * any case) reached it; a name that reaches no account counts against itself (trimmed, lower case), so
 * the throttle behaves the same whether or not the account exists.
 */
export function accountKey(action: string, accountId: string | null, typed: string): string {
  return accountId ? `${action}:user:${accountId}` : `${action}:id:${typed.trim().toLowerCase()}`;
}

/** The key an action counts against for one client address. */
export function addressKey(action: string, ip: string): string {
  return `${action}:ip:${ip}`;
}

export async function assertNotThrottled(db: DbOrTx, rules: ThrottleRule[]): Promise<void> {
  const rows = await db
    .select({ key: authAttempts.key, count: sql<number>`count(*)::int` })
    .from(authAttempts)
    .where(
      and(
        inArray(
          authAttempts.key,
          rules.map((r) => r.key),
        ),
        gt(authAttempts.at, sql`now() - make_interval(mins => ${THROTTLE_WINDOW_MINUTES})`),
      ),
    )
    .groupBy(authAttempts.key);
  for (const rule of rules) {
    const count = rows.find((r) => r.key === rule.key)?.count ?? 0;
    if (count >= rule.limit) {
      throw AppError.generic(429, API_MESSAGES.throttled, { 'retry-after': String(THROTTLE_WINDOW_MINUTES * 60) });
    }
  }
}

export async function recordAttempt(db: DbOrTx, keys: string[]): Promise<void> {
  await db.insert(authAttempts).values(keys.map((key) => ({ key })));
  // Keep the table small: drop what has left the window.
  await db.delete(authAttempts).where(lt(authAttempts.at, sql`now() - interval '1 day'`));
}

export async function clearAttempts(db: DbOrTx, key: string): Promise<void> {
  await db.delete(authAttempts).where(eq(authAttempts.key, key));
}
