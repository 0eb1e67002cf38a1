import { and, count, desc, eq, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { toWireDateTime } from '@/domain/lib/dates';
import {
  maskSecret,
  OUTBOX_PAGE_SIZE,
  OUTBOX_SECRET_PLACEHOLDER,
  type TDeliveryStatus,
  type TOutboxChannel,
  type TOutboxMessage,
  type TOutboxPage,
  type TOutboxQuery,
  type TOutboxStatus,
} from '@/domain/outbox';
import type { DbOrTx } from '@/server/db/client';
import { outbox, outboxSecrets } from '@/server/db/schema';
import { newRowId } from '@/server/db/row-id';

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
  if (
    !texts.some((t) => t.includes(OUTBOX_SECRET_PLACEHOLDER)) ||
    (message.secret !== '' && texts.some((t) => t.includes(message.secret!)))
  ) {
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
  const ids = messages.map((message) => (message.secret === undefined ? undefined : newRowId()));
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

/** The class of the session-level advisory lock a worker holds on the message it is sending (any constant). */
const SENDING_LOCK_CLASS = 727_002;

/**
 * What a message whose sending was cut off (its worker or the database stopped between taking it and recording the
 * outcome) says in Udbakke. It may have reached its recipient, so it is not sent again by itself; a person checks
 * and sends it again from Udbakke.
 */
export const OUTBOX_INTERRUPTED_ERROR =
  'Afsendelsen blev afbrudt (serveren eller databasen stoppede), før den var bekræftet. Beskeden kan være nået frem: tjek hos modtageren, og tryk Prøv igen, hvis ikke.';

/**
 * Claims the next due message on a worker's own session (`withConnection`), right before it is sent: status
 * SENDING, one more attempt, and a session-level advisory lock on it, taken before the claim is visible to anyone.
 * The lock lasts as long as the worker's connection, so a SENDING message whose lock is free was being sent by a
 * worker that is gone (`recoverInterrupted`), at once, with no lease to wait out. SKIP LOCKED lets several
 * instances work the queue at once. `locked_until` only shows in Udbakke how long a send may take.
 */
export async function claimNextMessage(session: DbOrTx, leaseSeconds = 120): Promise<ClaimedMessage | null> {
  // One statement: claimed, the message is known to the worker, so nothing it did not send can be left SENDING.
  const result = await session.execute<Record<string, unknown>>(sql`
    with claimed as (
      update ${outbox} set status = 'SENDING', attempts = ${outbox.attempts} + 1,
        locked_until = now() + make_interval(secs => ${leaseSeconds})
      where ${outbox.id} = (
        select id from ${outbox}
        where status = 'PENDING' and next_attempt_at <= now()
        order by next_attempt_at
        limit 1
        for update skip locked
      )
      returning *, pg_advisory_lock(${SENDING_LOCK_CLASS}, hashtext(id::text))
    )
    select claimed.*, ${outboxSecrets.secret} as secret
    from claimed left join ${outboxSecrets} on ${outboxSecrets.messageId} = claimed.id`);
  const row = result.rows[0];
  if (!row) return null;
  return {
    id: row.id as string,
    channel: row.channel as string,
    kind: row.kind as string,
    recipient: row.recipient as string,
    subject: row.subject as string,
    body: row.body as string,
    html: row.html as string | null,
    orderId: row.order_id as string | null,
    status: row.status as string,
    attempts: row.attempts as number,
    nextAttemptAt: row.next_attempt_at as Date,
    lockedUntil: row.locked_until as Date | null,
    lastError: row.last_error as string,
    transport: row.transport as string,
    createdAt: row.created_at as Date,
    deliveredAt: row.delivered_at as Date | null,
    providerMessageId: row.provider_message_id as string | null,
    deliveryStatus: row.delivery_status as string,
    deliveryDetail: row.delivery_detail as string,
    deliveryReportedAt: row.delivery_reported_at as Date | null,
    secret: row.secret as string | null,
  };
}

/** Ends the worker's hold on a message once its outcome is recorded (on the session that claimed it). */
export async function releaseMessage(session: DbOrTx, id: string): Promise<void> {
  await session.execute(sql`select pg_advisory_unlock(${SENDING_LOCK_CLASS}, hashtext(${id}::text))`);
}

/**
 * Messages left SENDING by a worker that is gone (killed, or its database connection lost): their lock is free. Those
 * of a `repeatable` channel (kept locally, nothing left the machine) are queued again; the others are FAILED with
 * OUTBOX_INTERRUPTED_ERROR, never sent twice. Run on a worker's session while it holds no message.
 */
export async function recoverInterrupted(
  session: DbOrTx,
  repeatable: readonly TOutboxChannel[],
): Promise<Array<{ id: string; status: TOutboxStatus }>> {
  const channels = repeatable.join(',');
  const result = await session.execute<{ id: string; status: TOutboxStatus }>(sql`
    with orphans as (
      select id from (select id from ${outbox} where status = 'SENDING') as sending
      where pg_try_advisory_lock(${SENDING_LOCK_CLASS}, hashtext(id::text))
    )
    update ${outbox} set
      status = case when channel = any(string_to_array(${channels}, ',')) then 'PENDING' else 'FAILED' end,
      last_error = case when channel = any(string_to_array(${channels}, ',')) then '' else ${OUTBOX_INTERRUPTED_ERROR} end,
      locked_until = null,
      next_attempt_at = now()
    from orphans
    where ${outbox.id} = orphans.id and ${outbox.status} = 'SENDING'
    returning ${outbox.id} as id, ${outbox.status} as status`);
  await session.execute(sql`select pg_advisory_unlock_all()`);
  return result.rows;
}

/** A delivered message's secret is deleted: once sent (or kept), nobody needs it again. */
export async function markDelivered(
  db: DbOrTx,
  id: string,
  status: 'SENT' | 'KEPT',
  transport: string,
  providerMessageId: string | null = null,
): Promise<void> {
  const delivered = db
    .update(outbox)
    .set({ status, transport, deliveredAt: sql`now()`, lockedUntil: null, lastError: '', providerMessageId })
    .where(eq(outbox.id, id))
    .returning({ id: outbox.id });
  await db.execute(
    sql`with delivered as ${delivered} delete from ${outboxSecrets} where ${outboxSecrets.messageId} in (select id from delivered)`,
  );
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
    deliveryStatus: row.deliveryStatus as TDeliveryStatus,
    deliveryDetail: row.deliveryDetail,
    deliveryReportedAt: row.deliveryReportedAt ? toWireDateTime(row.deliveryReportedAt) : null,
  };
}

export interface DeliveryReport {
  /** The provider's id of the message. */
  providerMessageId: string;
  /** Our id (the outbox row's), when the provider returned it: it matches a message whose provider id was not recorded. */
  reference: string | null;
  status: Exclude<TDeliveryStatus, ''>;
  detail: string;
  reportedAt: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Records an SMS provider's delivery report on its message, matched by the provider's id (or by our own, which the
 * provider hands back); answers whether there was such a message. A report older than the one recorded is ignored.
 */
export async function recordDeliveryReport(db: DbOrTx, report: DeliveryReport): Promise<boolean> {
  const ours = report.reference && UUID.test(report.reference) ? eq(outbox.id, report.reference) : undefined;
  const match = ours
    ? or(eq(outbox.providerMessageId, report.providerMessageId), ours)
    : eq(outbox.providerMessageId, report.providerMessageId);
  const rows = await db
    .update(outbox)
    .set({
      deliveryStatus: report.status,
      deliveryDetail: report.detail,
      deliveryReportedAt: report.reportedAt,
      providerMessageId: sql`coalesce(${outbox.providerMessageId}, ${report.providerMessageId})`,
    })
    .where(and(eq(outbox.channel, 'SMS'), match, or(isNull(outbox.deliveryReportedAt), lte(outbox.deliveryReportedAt, report.reportedAt))))
    .returning({ id: outbox.id });
  return rows.length > 0;
}

/** An order's SMS, newest first, with their delivery reports (the worksheet shows a failed one). */
export async function listOrderSms(db: DbOrTx, orderId: string): Promise<TOutboxMessage[]> {
  const rows = await db
    .select()
    .from(outbox)
    .where(and(eq(outbox.orderId, orderId), eq(outbox.channel, 'SMS')))
    .orderBy(desc(outbox.createdAt))
    .limit(50);
  return rows.map(toApi);
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
