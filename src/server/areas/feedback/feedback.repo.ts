import { aliasedTable, and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/server/db/client';
import { feedback, orders, users } from '@/server/db/schema';
import type { InstantKey } from '@/server/lib/csv-stream';

export type NewFeedbackRow = typeof feedback.$inferInsert;

export interface OrderFitters {
  orderNr: number;
  workerId: string | null;
  helperId: string | null;
  /** The fitters' names as the users register has them ('' when none). */
  workerName: string;
  helperName: string;
}

const workers = aliasedTable(users, 'worker');
const helpers = aliasedTable(users, 'helper');

/** The order's number and fitters (worker and helper) with their names, or null when there is no such order. */
export async function findOrderFitters(db: DbOrTx, orderId: string): Promise<OrderFitters | null> {
  const [row] = await db
    .select({
      orderNr: orders.orderNr,
      workerId: orders.workerId,
      helperId: orders.helperId,
      workerName: sql<string>`coalesce(${workers.name}, '')`,
      helperName: sql<string>`coalesce(${helpers.name}, '')`,
    })
    .from(orders)
    .leftJoin(workers, eq(workers.id, orders.workerId))
    .leftJoin(helpers, eq(helpers.id, orders.helperId))
    .where(eq(orders.id, orderId));
  return row ?? null;
}

export async function insertFeedback(db: DbOrTx, row: NewFeedbackRow) {
  const [saved] = await db.insert(feedback).values(row).returning();
  return saved!;
}

/** Feedback given in [from, until), oldest first, after a keyset position. */
export function findFeedbackBatch(db: DbOrTx, range: { from: Date; until: Date }, after: InstantKey | null, limit: number) {
  return db
    .select({
      id: feedback.id,
      cursorAt: sql<string>`${feedback.createdAt}::text`,
      createdAt: feedback.createdAt,
      orderNr: orders.orderNr,
      plate: orders.carRegistrationNumber,
      workerName: feedback.workerName,
      type: feedback.type,
      subType: feedback.subType,
      description: feedback.description,
      imageName: feedback.imageName,
      hasImage: sql<boolean>`${feedback.imageKey} is not null`,
      createdBy: feedback.createdBy,
    })
    .from(feedback)
    .innerJoin(orders, eq(orders.id, feedback.orderId))
    .where(
      and(
        sql`${feedback.createdAt} >= ${range.from.toISOString()} and ${feedback.createdAt} < ${range.until.toISOString()}`,
        after ? sql`(${feedback.createdAt}, ${feedback.id}) > (${after.at}::timestamptz, ${after.id})` : undefined,
      ),
    )
    .orderBy(asc(feedback.createdAt), asc(feedback.id))
    .limit(limit);
}
export type FeedbackReportRow = Awaited<ReturnType<typeof findFeedbackBatch>>[number];
