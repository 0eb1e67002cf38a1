import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { toWireDateTime } from '@/domain/lib/dates';
import {
  maskSecret,
  OUTBOX_PAGE_SIZE,
  OUTBOX_SECRET_PLACEHOLDER,
  type TOutboxChannel,
  type TOutboxMessage,
  type TOutboxPage,
  type TOutboxQuery,
  type TOutboxStatus,
} from '@/domain/outbox/outbox';
import type { DbOrTx } from '@/server/db/client';
import { outbox, outboxSecrets } from '@/server/db/schema';

export interface NewOutboxMessage {
  channel: TOutboxChannel;
  kind: string;
  recipient: string;
  subject?: string;
  body: string;
  html?: string | null;
  orderId?: string | null;
  /**
   * A password, link token or code: the body (or html) holds OUTBOX_SECRET_PLACEHOLDER in its place. The
   * secret is kept apart for the adapter and never shown in Udbakke.
   */
  secret?: string;
}

function assertSecretPlaceheld(message: NewOutboxMessage): void {
  if (message.secret === undefined) return;
  const texts = [message.body, message.html ?? ''];
  if (!texts.some((t) => t.includes(OUTBOX_SECRET_PLACEHOLDER)) || (message.secret !== '' && texts.some((t) => t.includes(message.secret!)))) {
    throw new Error(`An outbox message with a secret must hold ${OUTBOX_SECRET_PLACEHOLDER} instead of the secret (kind ${message.kind})`);
  }
}

export const OUTBOX_CHANNEL = 'rudeplan_outbox';

/**
 * Queues a message inside the caller's transaction, so it exists exactly when
 * the change that caused it commits. NOTIFY is delivered on commit and wakes the worker.
 */
export async function enqueueMessage(tx: DbOrTx, message: NewOutboxMessage): Promise<string> {
  const [id] = await enqueueMessages(tx, [message]);
  return id!;
}

/**
 * Queues several messages and wakes the worker in one statement (one round trip): inside a booking
 * this runs while the order counter is locked, so every round trip saved there is throughput.
 * Returns the new messages' ids.
 */
export async function enqueueMessages(tx: DbOrTx, messages: NewOutboxMessage[]): Promise<string[]> {
  if (messages.length === 0) return [];
  messages.forEach(assertSecretPlaceheld);
  // A message with a secret gets its id here, so the secret is stored by the same statement.
  const ids = messages.map((message) => (message.secret === undefined ? undefined : randomUUID()));
  const insert = tx
    .insert(outbox)
    .values(
      messages.map((message, i) => ({
        ...(ids[i] ? { id: ids[i] } : {}),
        channel: message.channel,
        kind: message.kind,
        recipient: message.recipient,
        subject: message.subject ?? '',
        body: message.body,
        html: message.html ?? null,
        orderId: message.orderId ?? null,
      })),
    )
    .returning({ id: outbox.id });
  const secrets = messages.flatMap((message, i) => (ids[i] ? [{ messageId: ids[i], secret: message.secret! }] : []));
  // An embedded query builder comes wrapped in parentheses, as a CTE body needs. The secrets' foreign key
  // is checked at the end of the statement, when the messages exist.
  const keep = secrets.length ? sql`, kept as ${tx.insert(outboxSecrets).values(secrets)}` : sql``;
  const result = await tx.execute<{ id: string }>(
    sql`with queued as ${insert}${keep} select queued.id from queued cross join (select pg_notify(${OUTBOX_CHANNEL}, '')) as wake`,
  );
  return result.rows.map((row) => row.id);
}

export type OutboxRow = typeof outbox.$inferSelect;
/** A message claimed for delivery, with its secret (null when it has none). */
export type ClaimedMessage = OutboxRow & { secret: string | null };

/**
 * Claims due messages for one worker. SKIP LOCKED lets several instances work the
 * queue at once; the lease (locked_until) hands a message back if its worker dies mid-send.
 */
export async function claimDueMessages(db: DbOrTx, limit: number, leaseSeconds = 120): Promise<ClaimedMessage[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    update ${outbox} set status = 'SENDING', attempts = ${outbox.attempts} + 1,
      locked_until = now() + make_interval(secs => ${leaseSeconds})
    where ${outbox.id} in (
      select id from ${outbox}
      where (status = 'PENDING' and next_attempt_at <= now())
         or (status = 'SENDING' and locked_until < now())
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    returning id`);
  const ids = result.rows.map((r) => r.id as string);
  if (ids.length === 0) return [];
  return db
    .select({ ...getTableColumns(outbox), secret: outboxSecrets.secret })
    .from(outbox)
    .leftJoin(outboxSecrets, eq(outboxSecrets.messageId, outbox.id))
    .where(inArray(outbox.id, ids));
}

/** A delivered message's secret is deleted: once sent (or kept), nobody needs it again. */
export async function markDelivered(db: DbOrTx, id: string, status: 'SENT' | 'KEPT', transport: string): Promise<void> {
  const delivered = db
    .update(outbox)
    .set({ status, transport, deliveredAt: sql`now()`, lockedUntil: null, lastError: '' })
    .where(eq(outbox.id, id))
    .returning({ id: outbox.id });
  await db.execute(sql`with delivered as ${delivered} delete from ${outboxSecrets} where ${outboxSecrets.messageId} in (select id from delivered)`);
}

export async function markAttemptFailed(db: DbOrTx, id: string, error: string, retryInMs: number | null, transport: string): Promise<void> {
  await db
    .update(outbox)
    .set({
      status: retryInMs === null ? 'FAILED' : 'PENDING',
      lastError: error.slice(0, 1000),
      transport,
      lockedUntil: null,
      nextAttemptAt: retryInMs === null ? sql`now()` : sql`now() + make_interval(secs => ${retryInMs / 1000})`,
    })
    .where(eq(outbox.id, id));
}

function toApi(row: OutboxRow): TOutboxMessage {
  return {
    id: row.id,
    channel: row.channel as TOutboxChannel,
    kind: row.kind,
    recipient: row.recipient,
    subject: row.subject,
    body: maskSecret(row.body),
    status: row.status as TOutboxStatus,
    attempts: row.attempts,
    lastError: row.lastError,
    transport: row.transport,
    orderId: row.orderId,
    createdAt: toWireDateTime(row.createdAt),
    nextAttemptAt: toWireDateTime(row.nextAttemptAt),
    deliveredAt: row.deliveredAt ? toWireDateTime(row.deliveredAt) : null,
  };
}

export async function listMessages(db: DbOrTx, query: TOutboxQuery): Promise<TOutboxPage> {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(outbox.status, query.status));
  if (query.channel) filters.push(eq(outbox.channel, query.channel));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(outbox)
      .where(where)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(OUTBOX_PAGE_SIZE)
      .offset(query.page * OUTBOX_PAGE_SIZE),
    db.select({ n: count() }).from(outbox).where(where),
  ]);
  const n = total?.n ?? 0;
  return { messages: rows.map(toApi), pageCount: Math.ceil(n / OUTBOX_PAGE_SIZE), total: n };
}

/** Puts a failed message back in the queue; null when there is no failed message with that id. */
export async function retryMessage(db: DbOrTx, id: string): Promise<TOutboxMessage | null> {
  const [row] = await db
    .update(outbox)
    .set({ status: 'PENDING', attempts: 0, nextAttemptAt: sql`now()`, lastError: '' })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'FAILED')))
    .returning();
  if (row) await db.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
  return row ? toApi(row) : null;
}
