import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { orders, signedDocuments } from '@/server/db/schema';

export type DocumentRow = typeof signedDocuments.$inferSelect;
export type NewDocumentRow = typeof signedDocuments.$inferInsert;

/** Locks the order row for the rest of the transaction and answers its status (null: no such order). */
export async function lockOrderStatus(tx: DbOrTx, orderId: string): Promise<string | null> {
  const [row] = await tx.select({ status: orders.orderStatus }).from(orders).where(eq(orders.id, orderId)).for('update');
  return row?.status ?? null;
}

export async function insertDocument(tx: DbOrTx, row: NewDocumentRow): Promise<DocumentRow> {
  const [inserted] = await tx.insert(signedDocuments).values(row).returning();
  return inserted!;
}

export async function findDocument(db: DbOrTx, id: string): Promise<DocumentRow | null> {
  const [row] = await db.select().from(signedDocuments).where(eq(signedDocuments.id, id));
  return row ?? null;
}

/** Merges keys into the order's orderProperties (the signed links), leaving the others as they are. */
export async function mergeOrderProperties(tx: DbOrTx, orderId: string, patch: Record<string, string>): Promise<void> {
  await tx
    .update(orders)
    .set({ orderProperties: sql`${orders.orderProperties} || ${JSON.stringify(patch)}::jsonb`, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
}
