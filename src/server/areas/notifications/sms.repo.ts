import { eq, sql } from 'drizzle-orm';
import { SMS_FLAGS, type TSmsKind } from '@/domain/notifications';
import type { DbOrTx } from '@/server/db/client';
import { orders } from '@/server/db/schema';

/** Locks the order row for the rest of the transaction, so one SMS kind is not sent twice at once. */
export async function lockOrderRow(tx: DbOrTx, orderId: string): Promise<boolean> {
  const [row] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
  return row !== undefined;
}

/** Sets the order's flag for an SMS kind. */
export async function setSmsFlag(tx: DbOrTx, orderId: string, kind: TSmsKind): Promise<void> {
  await tx
    .update(orders)
    .set({ [SMS_FLAGS[kind]]: true, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId));
}
