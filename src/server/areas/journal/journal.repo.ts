import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { TJournalChange } from '@/domain/journal';
import type { TReason } from '@/domain/orders';
import type { DbOrTx } from '@/server/db/client';
import { orderJournal, orderLogs, orders, reasons, users } from '@/server/db/schema';

export type JournalRow = typeof orderJournal.$inferSelect;
export type NewJournalRow = typeof orderJournal.$inferInsert;
export type LogRow = typeof orderLogs.$inferSelect;
export type NewLogRow = typeof orderLogs.$inferInsert;

export async function insertJournalRow(tx: DbOrTx, row: NewJournalRow): Promise<void> {
  await tx.insert(orderJournal).values(row);
}

/** The journal of an order, newest first, with the actor's name. */
export async function listJournal(db: DbOrTx, orderId: string): Promise<Array<JournalRow & { userName: string | null }>> {
  const rows = await db
    .select({ row: orderJournal, userName: users.name })
    .from(orderJournal)
    .leftJoin(users, eq(users.id, orderJournal.userId))
    .where(eq(orderJournal.orderId, orderId))
    .orderBy(desc(orderJournal.at), desc(orderJournal.id));
  return rows.map((r) => ({ ...r.row, changes: r.row.changes as TJournalChange[], userName: r.userName }));
}

/** When and by whom an order was created. */
export async function findOrderCreation(
  db: DbOrTx,
  orderId: string,
): Promise<{ createdAt: Date; createdBy: string; userName: string | null } | null> {
  const [row] = await db
    .select({ createdAt: orders.createdAt, createdBy: orders.createdBy, userName: users.name })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.createdById))
    .where(eq(orders.id, orderId));
  return row ?? null;
}

/** Names of users by id, as 'Name (INITIALS)'. */
export async function findPersonNames(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: users.name, initials: users.initials }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, `${r.name} (${r.initials})`]));
}

export async function findOrderIdByNr(db: DbOrTx, orderNr: number): Promise<string | null> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNr, orderNr));
  return row?.id ?? null;
}

export async function insertLog(tx: DbOrTx, row: NewLogRow): Promise<LogRow> {
  const [stored] = await tx.insert(orderLogs).values(row).returning();
  return stored!;
}

export async function listReasons(db: DbOrTx, list: string): Promise<TReason[]> {
  return db.select({ id: reasons.id, text: reasons.text }).from(reasons).where(eq(reasons.list, list)).orderBy(asc(reasons.sortOrder));
}

/** Replaces a whole reason list, keeping the ids of the texts that stay. */
export async function replaceReasons(tx: DbOrTx, list: string, texts: string[]): Promise<TReason[]> {
  const existing = await tx.select().from(reasons).where(eq(reasons.list, list));
  const keep = new Map(existing.map((r) => [r.text, r.id]));
  await tx.delete(reasons).where(eq(reasons.list, list));
  if (texts.length) {
    await tx
      .insert(reasons)
      .values(texts.map((text, index) => ({ ...(keep.has(text) ? { id: keep.get(text)! } : {}), list, text, sortOrder: index + 1 })));
  }
  return listReasons(tx, list);
}
