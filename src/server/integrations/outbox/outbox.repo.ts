import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { toWireDateTime } from '@/domain/lib/dates';
import {
  OUTBOX_PAGE_SIZE,
  type TOutboxChannel,
  type TOutboxMessage,
  type TOutboxPage,
  type TOutboxQuery,
  type TOutboxStatus,
} from '@/domain/outbox/outbox';
import type { DbOrTx } from '@/server/db/client';
import { outbox } from '@/server/db/schema';

export interface NewOutboxMessage {
  channel: TOutboxChannel;
  kind: string;
  recipient: string;
  subject?: string;
  body: string;
  html?: string | null;
  orderId?: string | null;
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
  const insert = tx
    .insert(outbox)
    .values(
      messages.map((message) => ({
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
  // An embedded query builder comes wrapped in parentheses, as a CTE body needs.
  const result = await tx.execute<{ id: string }>(
    sql`with queued as ${insert} select queued.id from queued cross join (select pg_notify(${OUTBOX_CHANNEL}, '')) as wake`,
  );
  return result.rows.map((row) => row.id);
}

export type OutboxRow = typeof outbox.$inferSelect;

/**
 * Claims due messages for one worker. SKIP LOCKED lets several instances work the
 * queue at once; the lease (locked_until) hands a message back if its worker dies mid-send.
 */
export async function claimDueMessages(db: DbOrTx, limit: number, leaseSeconds = 120): Promise<OutboxRow[]> {
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
  return db.select().from(outbox).where(inArray(outbox.id, ids));
}

export async function markDelivered(db: DbOrTx, id: string, status: 'SENT' | 'KEPT', transport: string): Promise<void> {
  await db
    .update(outbox)
    .set({ status, transport, deliveredAt: sql`now()`, lockedUntil: null, lastError: '' })
    .where(eq(outbox.id, id));
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
    body: row.body,
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
