import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { API_MESSAGES } from '@/domain/lib/api-error';
import type { DbOrTx } from '@/server/db/client';
import { authAttempts } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { createLimiter } from '@/server/lib/concurrency';

/**
 * Logins, password reset requests and reset codes are counted per key in the database (`auth_attempts`), so every
 * instance sees the same counts. An attempt is counted, and decided on, in one step (`takeAttempt`): a transaction
 * that holds each key's advisory lock while it counts and records, before any password or code is checked. So 25
 * parallel guesses are counted one after another, and at most the limit of them is ever checked.
 */
export interface ThrottleRule {
  key: string;
  /** Attempts allowed within THROTTLE_WINDOW_MINUTES; with `progressive`, the failures before the waits begin. */
  limit: number;
  /**
   * Instead of a window: after `limit` failures (within a day) each further try waits after the last one, 30 s, then
   * 1, 2, 4, 8 and at most 15 minutes, doubling with every failure. Nobody is locked out; a guesser gets about a
   * hundred tries a day.
   */
  progressive?: boolean;
  /** The rule does not apply to a client whose address this marker says the account has signed in from (markKnown). */
  unlessKnown?: string;
}

/** What one attempt recorded: released when it turns out not to be a failure. */
export interface Attempt {
  ids: number[];
}

export const THROTTLE_WINDOW_MINUTES = 15;
/** How long failures count for a progressive rule: as long as the table keeps them. */
const PROGRESSIVE_WINDOW_MINUTES = 24 * 60;
const FIRST_WAIT_SECONDS = 30;
const LONGEST_WAIT_SECONDS = 15 * 60;
/** How long a successful sign-in keeps an address known for its account. */
export const KNOWN_ADDRESS_DAYS = 30;
/** Markers of known addresses start with this; no counted key does (they start with an action). */
const KNOWN_PREFIX = 'ok:';
/** The class of the throttle's transaction advisory locks (any constant; the slot lock has 7401). */
const THROTTLE_LOCK_CLASS = 7402;
/**
 * How many attempts of this process count at once. An attempt waiting for a key's lock holds a database connection;
 * without this a burst of 40 logins from one address would hold the whole pool while they wait in turn.
 */
const countInTurn = createLimiter(2);

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

/** The key an action counts against for one account (an accountKey) from one client address. */
export function accountAddressKey(account: string, ip: string): string {
  return `${account}:ip:${ip}`;
}

/** The marker that an account has signed in from an address (of an accountAddressKey). */
export function knownAddressKey(accountAddress: string): string {
  return `${KNOWN_PREFIX}${accountAddress}`;
}

/** How long a refused try must wait under a progressive rule after `failures` (counted from the limit). */
export function progressiveWaitSeconds(failures: number, limit: number): number {
  return failures < limit ? 0 : Math.min(FIRST_WAIT_SECONDS * 2 ** (failures - limit), LONGEST_WAIT_SECONDS);
}

/** Seconds until `rule` lets one more attempt through; 0: now. */
async function waitFor(tx: DbOrTx, rule: ThrottleRule): Promise<number> {
  if (rule.unlessKnown) {
    const [known] = await tx
      .select({ id: authAttempts.id })
      .from(authAttempts)
      .where(and(eq(authAttempts.key, rule.unlessKnown), sql`${authAttempts.at} > now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})`))
      .limit(1);
    if (known) return 0;
  }
  const minutes = rule.progressive ? PROGRESSIVE_WINDOW_MINUTES : THROTTLE_WINDOW_MINUTES;
  // The age of the newest attempt, and of the limit-th newest: when that one leaves the window, one more may go.
  const [row] = await tx
    .select({
      count: sql<number>`count(*)::int`,
      newest: sql<number>`coalesce(extract(epoch from now() - max(${authAttempts.at})), 0)::float8`,
      nth: sql<number>`coalesce(extract(epoch from now() - (array_agg(${authAttempts.at} order by ${authAttempts.at} desc))[${rule.limit}::int]), 0)::float8`,
    })
    .from(authAttempts)
    .where(and(eq(authAttempts.key, rule.key), sql`${authAttempts.at} > now() - make_interval(mins => ${minutes})`));
  const { count, newest, nth } = row!;
  if (count < rule.limit) return 0;
  const wait = rule.progressive ? progressiveWaitSeconds(count, rule.limit) - Math.max(newest, 0) : minutes * 60 - nth;
  return wait > 0 ? Math.ceil(wait) : 0;
}

/**
 * Counts one attempt against every rule, or refuses it with 429 (and Retry-After, the longest wait of the rules)
 * without counting it. Call it before checking the password or code: the attempt counts as a failure unless
 * `releaseAttempt` takes it back.
 */
export async function takeAttempt(db: DbOrTx, rules: ThrottleRule[]): Promise<Attempt> {
  const outcome = await countInTurn(() =>
    db.transaction(async (tx) => {
      // One lock per key, taken in the order of the locks' numbers, so two attempts never wait for each other.
      const locks = await tx.execute<{ lock: number }>(
        sql`select distinct hashtext(k) as lock from unnest(array[${sql.join(
          rules.map((r) => sql`${r.key}`),
          sql`, `,
        )}]::text[]) k order by 1`,
      );
      for (const { lock } of locks.rows) await tx.execute(sql`select pg_advisory_xact_lock(${THROTTLE_LOCK_CLASS}, ${lock}::int)`);
      let wait = 0;
      for (const rule of rules) wait = Math.max(wait, await waitFor(tx, rule));
      if (wait > 0) return { wait };
      const rows = await tx
        .insert(authAttempts)
        .values(rules.map((r) => ({ key: r.key })))
        .returning({ id: authAttempts.id });
      return { ids: rows.map((r) => r.id) };
    }),
  );
  if ('wait' in outcome) throw AppError.generic(429, API_MESSAGES.throttled, { 'retry-after': String(outcome.wait) });
  // Keep the table small: attempts no rule counts any more, and markers of addresses not used for a month.
  await db
    .delete(authAttempts)
    .where(
      or(
        sql`${authAttempts.at} < now() - make_interval(mins => ${PROGRESSIVE_WINDOW_MINUTES}) and left(${authAttempts.key}, ${KNOWN_PREFIX.length}) <> ${KNOWN_PREFIX}`,
        sql`${authAttempts.at} < now() - make_interval(days => ${KNOWN_ADDRESS_DAYS})`,
      ),
    );
  return outcome;
}

/** Takes back what an attempt counted: it was no failure (the right password, a valid code). */
export async function releaseAttempt(db: DbOrTx, attempt: Attempt): Promise<void> {
  await db.delete(authAttempts).where(inArray(authAttempts.id, attempt.ids));
}

/** Forgets the failures counted against these keys. */
export async function clearAttempts(db: DbOrTx, keys: string[]): Promise<void> {
  await db.delete(authAttempts).where(inArray(authAttempts.key, keys));
}

/** Forgets the failures counted against an account (an accountKey), from every address. */
export async function clearAccountAttempts(db: DbOrTx, account: string): Promise<void> {
  const fromAddresses = accountAddressKey(account, '');
  await db
    .delete(authAttempts)
    .where(or(eq(authAttempts.key, account), sql`left(${authAttempts.key}, ${fromAddresses.length}) = ${fromAddresses}`));
}

/** Remembers, for KNOWN_ADDRESS_DAYS from now, that an account signed in from an address. */
export async function markKnown(db: DbOrTx, marker: string): Promise<void> {
  await db.delete(authAttempts).where(eq(authAttempts.key, marker));
  await db.insert(authAttempts).values({ key: marker });
}
