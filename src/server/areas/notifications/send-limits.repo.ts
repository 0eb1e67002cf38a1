import { and, eq, sql } from 'drizzle-orm';
import { SEND_LIMIT_MESSAGES, SEND_LIMITS, sendLimitRefusal } from '@/domain/notifications';
import type { Tx } from '@/server/db/client';
import { authAttempts, outbox } from '@/server/db/schema';
import { AppError } from '@/server/errors';
import { enqueueMessage, type NewOutboxMessage } from '@/server/integrations/outbox/outbox.repo';

/** The classes of the advisory locks a send by hand takes (any constants; the throttle has 7402, images 7403). */
const USER_SENDS_LOCK_CLASS = 7404;
const SAME_MESSAGE_LOCK_CLASS = 7405;

/** A user's sends by hand are counted in `auth_attempts` (a key-based counter) under this key. */
const sendsKey = (userId: string) => `send:user:${userId}`;

/**
 * Queues a message a user sends by hand (the SMS dialog, the e-mail buttons) in the caller's transaction, after the
 * send limits: the same text on the same channel to the same recipient queued within SEND_LIMITS.sameMessageMinutes
 * is refused (409), and so is a user's send past SEND_LIMITS.perUserPerMinute (429 with Retry-After). The user's lock
 * and then the message's lock are held until the transaction ends, so parallel clicks are decided one after another
 * and each sees what the one before queued; a refused or failing send counts nothing. The system's own sends use
 * enqueueMessage directly and meet neither limit.
 */
export async function queueSentByHand(tx: Tx, userId: string, message: NewOutboxMessage): Promise<string> {
  const key = sendsKey(userId);
  await tx.execute(sql`select pg_advisory_xact_lock(${USER_SENDS_LOCK_CLASS}, hashtext(${key}))`);
  await tx.execute(
    sql`select pg_advisory_xact_lock(${SAME_MESSAGE_LOCK_CLASS}, hashtext(${`${message.channel}\n${message.recipient}\n${message.body}`}))`,
  );
  const { rows } = await tx.execute<{ same: boolean; sends: number; wait: number }>(sql`
    select
      exists (
        select 1 from ${outbox}
        where ${outbox.createdAt} > now() - make_interval(mins => ${SEND_LIMITS.sameMessageMinutes})
          and ${outbox.channel} = ${message.channel} and ${outbox.recipient} = ${message.recipient} and ${outbox.body} = ${message.body}
          and ${outbox.status} <> 'FAILED'
      ) as same,
      count(*)::int as sends,
      coalesce(ceil(extract(epoch from min(${authAttempts.at}) + interval '1 minute' - now())), 0)::int as wait
    from ${authAttempts}
    where ${authAttempts.key} = ${key} and ${authAttempts.at} > now() - interval '1 minute'`);
  const found = rows[0]!;
  const refusal = sendLimitRefusal({ sameMessageQueued: found.same, userSendsLastMinute: found.sends });
  if (refusal === 'DUPLICATE') throw AppError.conflict(SEND_LIMIT_MESSAGES.duplicate);
  if (refusal === 'TOO_MANY') throw AppError.generic(429, SEND_LIMIT_MESSAGES.tooMany, { 'retry-after': String(Math.max(found.wait, 1)) });
  // The user's counts older than the window count no more.
  await tx.delete(authAttempts).where(and(eq(authAttempts.key, key), sql`${authAttempts.at} <= now() - interval '1 minute'`));
  await tx.insert(authAttempts).values({ key });
  return enqueueMessage(tx, message);
}
