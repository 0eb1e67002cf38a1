import { toWireDateTime } from '@/domain/lib/dates';
import type { FieldErrors } from '@/domain/lib/validation';
import { diffOrders, personIds, type TJournalEntry } from '@/domain/journal';
import { logEntryErrors, reasonListErrors } from '@/domain/orders';
import { LOG_TYPE_LABELS, type TComplaintReasons, type TLogEntry, type TLogType, type TReason } from '@/domain/orders';
import type { TOrder } from '@/domain/orders';
import type { Db, DbOrTx } from '@/server/db/client';
import { AppError } from '@/server/errors';
import * as repo from './journal.repo';

export interface JournalActor {
  /** The user's id; null for the system (the web shop, imports). */
  id: string | null;
  initials: string;
}

export interface OrderChange {
  orderId: string;
  actor: JournalActor;
  /** The order before the change; null when it was just created. */
  before: TOrder | null;
  after: TOrder;
  /** What happened, in Danish ('Ordre gemt', 'Sat på hold', ...). */
  text: string;
  /** When it happened; now by default (the demo history sets its own times). */
  at?: Date;
}

const JOURNAL_MESSAGES = {
  orderNotFound: 'Ordren findes ikke',
  created: 'Ordre oprettet',
} as const;

/** The answer to a rule broken in a lifecycle call: 422 with the field paths and their Danish messages. */
export function unprocessable(errors: FieldErrors): AppError {
  const first = Object.values(errors)[0]?.[0] ?? 'Der er fejl i de indtastede oplysninger';
  return new AppError('VALIDATION_ERROR', 422, first, errors);
}

/**
 * Records a change to an order in the task journal, in the caller's transaction: who, when, what
 * (text) and the field-level diff. A call that changed nothing and says nothing records nothing.
 */
export async function recordOrderChange(tx: DbOrTx, change: OrderChange): Promise<void> {
  const names = await repo.findPersonNames(tx, personIds(change.before, change.after));
  const changes = diffOrders(change.before, change.after, (id) => names.get(id));
  if (changes.length === 0 && change.text === '') return;
  await repo.insertJournalRow(tx, {
    orderId: change.orderId,
    userId: change.actor.id,
    by: change.actor.initials,
    text: change.text,
    changes,
    ...(change.at ? { at: change.at } : {}),
  });
}

/** A change recorded with a text only (a log entry, a message sent), without reading the order. */
export async function recordOrderNote(tx: DbOrTx, orderId: string, actor: JournalActor, text: string, at?: Date): Promise<void> {
  await repo.insertJournalRow(tx, { orderId, userId: actor.id, by: actor.initials, text, changes: [], ...(at ? { at } : {}) });
}

/**
 * GET /taskjournal/{id}: the order's history, newest first. Its creation is the earliest entry: the
 * journal's own creation entry when the order was made by a lifecycle call, otherwise one built from
 * the order's created time and creator.
 */
export async function getTaskJournal(db: Db, orderId: string): Promise<TJournalEntry[]> {
  const creation = await repo.findOrderCreation(db, orderId);
  if (!creation) throw AppError.notFound(JOURNAL_MESSAGES.orderNotFound);
  const rows = await repo.listJournal(db, orderId);
  const entries: TJournalEntry[] = rows.map((row) => ({
    id: row.id,
    date: toWireDateTime(row.at),
    by: row.by,
    byName: row.userName ?? '',
    text: row.text,
    changes: row.changes as TJournalEntry['changes'],
  }));
  // A creation diff has the status going from empty to its first value.
  const hasCreation = rows.some((row) =>
    (row.changes as TJournalEntry['changes']).some((c) => c.field === 'additionalData.orderStatus' && c.from === null),
  );
  if (!hasCreation) {
    entries.push({
      id: `${orderId}:created`,
      date: toWireDateTime(creation.createdAt),
      by: creation.createdBy,
      byName: creation.userName ?? '',
      text: JOURNAL_MESSAGES.created,
      changes: [],
    });
  }
  return entries;
}

// ---------------------------------------------------------------------------
// Log entries and reason lists

/** POST /log/log: checks the reason against the type's list, stamps date and user, and notes it on the order. */
export async function addLogEntry(db: Db, entry: TLogEntry, actor: JournalActor): Promise<TLogEntry> {
  const reasons = (await repo.listReasons(db, entry.logType)).map((r) => r.text);
  const errors = logEntryErrors(entry, reasons);
  if (Object.keys(errors).length) throw unprocessable(errors);
  return db.transaction(async (tx) => {
    // A log entry is about an order: its number must be one.
    const orderId = /^\d{1,9}$/.test(entry.orderNo) ? await repo.findOrderIdByNr(tx, Number(entry.orderNo)) : null;
    if (!orderId) throw AppError.field('orderNo', JOURNAL_MESSAGES.orderNotFound);
    const stored = await repo.insertLog(tx, {
      orderId,
      logType: entry.logType,
      logReason: entry.logReason,
      logComment: entry.logComment,
      jobType: entry.jobType,
      logUser: actor.initials,
      userId: actor.id,
      navLocationCode: entry.navLocationCode,
      orderNo: entry.orderNo,
      orgDate: entry.orgDate,
      orgTime: entry.orgTime,
      regNr: entry.regNr,
    });
    const text = `Log (${LOG_TYPE_LABELS[entry.logType]}): ${entry.logReason}${entry.logComment ? ` – ${entry.logComment}` : ''}`;
    await recordOrderNote(tx, orderId, actor, text);
    return logToApi(stored);
  });
}

function logToApi(row: repo.LogRow): TLogEntry {
  return {
    id: row.id,
    logDate: toWireDateTime(row.logDate),
    logComment: row.logComment,
    logReason: row.logReason,
    jobType: row.jobType,
    logType: row.logType as TLogType,
    logUser: row.logUser,
    navLocationCode: row.navLocationCode,
    orderNo: row.orderNo,
    orgDate: row.orgDate,
    orgTime: row.orgTime,
    regNr: row.regNr,
  };
}

export function getLogReasons(db: Db, logType: TLogType): Promise<TReason[]> {
  return repo.listReasons(db, logType);
}

function checkedTexts(items: Array<{ text: string }>, field: string): string[] {
  const texts = items.map((i) => i.text);
  const errors = reasonListErrors(texts, field);
  if (Object.keys(errors).length) throw unprocessable(errors);
  return texts;
}

export async function replaceLogReasons(db: Db, logType: TLogType, items: Array<{ text: string }>): Promise<TReason[]> {
  const texts = checkedTexts(items, '_');
  return db.transaction((tx) => repo.replaceReasons(tx, logType, texts));
}

const COMPLAINT_LISTS = { internal: 'COMPLAINT_INTERNAL', customer: 'COMPLAINT_CUSTOMER' } as const;

export async function getComplaintReasons(db: Db): Promise<TComplaintReasons> {
  const [internal, customer] = await Promise.all([listComplaintReasons(db, 'internal'), listComplaintReasons(db, 'customer')]);
  return { internal, customer };
}

/** One complaint reason list: the internal reasons or the customer reasons. */
export function listComplaintReasons(db: DbOrTx, which: keyof typeof COMPLAINT_LISTS): Promise<TReason[]> {
  return repo.listReasons(db, COMPLAINT_LISTS[which]);
}

export async function replaceComplaintReasons(
  db: Db,
  body: { internal: Array<{ text: string }>; customer: Array<{ text: string }> },
): Promise<TComplaintReasons> {
  const internal = checkedTexts(body.internal, 'internal');
  const customer = checkedTexts(body.customer, 'customer');
  return db.transaction(async (tx) => ({
    internal: await repo.replaceReasons(tx, COMPLAINT_LISTS.internal, internal),
    customer: await repo.replaceReasons(tx, COMPLAINT_LISTS.customer, customer),
  }));
}
