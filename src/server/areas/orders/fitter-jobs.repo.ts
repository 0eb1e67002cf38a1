import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { FITTER_JOB_STATUSES } from '@/domain/orders';
import type { TOrder } from '@/domain/orders';
import type { DbOrTx } from '@/server/db/client';
import { departments, orderItems, orders } from '@/server/db/schema';
import { rowToOrder, type ItemRow } from './orders.repo';

/**
 * The orders a user works on as fitter or helper on the given days, in time order (from, then order number), with
 * their lines and departments. Bounded by the days (the booking-date index, or orders_worker for the fitter), so a
 * million orders cost no more than a day's.
 */
export async function findFitterJobs(db: DbOrTx, userId: string, days: readonly string[]): Promise<TOrder[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(
      and(
        inArray(orders.bookingDate, [...days]),
        or(eq(orders.workerId, userId), eq(orders.helperId, userId)),
        inArray(orders.orderStatus, [...FITTER_JOB_STATUSES]),
      ),
    )
    .orderBy(asc(orders.bookingDate), sql`${orders.fromAt} asc nulls last`, asc(orders.orderNr));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const departmentIds = [...new Set(rows.map((r) => r.departmentId).filter((d): d is string => d !== null))];
  const [items, deps] = await Promise.all([
    db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.lineNo)),
    departmentIds.length ? db.select().from(departments).where(inArray(departments.id, departmentIds)) : Promise.resolve([]),
  ]);
  const depById = new Map(deps.map((d) => [d.id, d]));
  const itemsByOrder = new Map<string, ItemRow[]>();
  for (const item of items) itemsByOrder.set(item.orderId, [...(itemsByOrder.get(item.orderId) ?? []), item]);
  return rows.map((row) =>
    rowToOrder(row, row.departmentId ? (depById.get(row.departmentId) ?? null) : null, itemsByOrder.get(row.id) ?? [], []),
  );
}
