import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import { IMAGE_TYPES, type TImageTotals, type TImageType, type TOrderImage } from '@/domain/media';
import { toWireDateTime } from '@/domain/lib/dates';
import type { DbOrTx } from '@/server/db/client';
import { orderImages, orders } from '@/server/db/schema';

export type ImageRow = typeof orderImages.$inferSelect;
export type NewImageRow = typeof orderImages.$inferInsert;

function fileUrl(imageId: string): string {
  return `/api/media/file/${imageId}`;
}

export function rowToImage(row: ImageRow): TOrderImage {
  return {
    id: row.id,
    imageType: row.imageType as TImageType,
    url: [fileUrl(row.id)],
    title: row.title,
    description: row.description,
    fileName: row.fileName,
    contentType: row.contentType,
    size: row.sizeBytes,
    created: toWireDateTime(row.createdAt),
    createdBy: row.createdBy,
  };
}

/** The order's status, locking the order row for the rest of the transaction (uploads of one order queue up). */
export async function lockOrderStatus(tx: DbOrTx, orderId: string): Promise<string | null> {
  const [row] = await tx.select({ status: orders.orderStatus }).from(orders).where(eq(orders.id, orderId)).for('update');
  return row?.status ?? null;
}

/** The class of the per-user advisory lock under which an upload counts and stores (any constant no other lock uses). */
const USER_IMAGES_LOCK_CLASS = 7403;

/**
 * Holds the user's image lock for the rest of the transaction, so two uploads of one user count their day's
 * bytes one after the other. Taken after the order row's lock, always in that order.
 */
export async function lockUserImages(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${USER_IMAGES_LOCK_CLASS}, hashtext(${userId}::text))`);
}

/** How many images the order has and their bytes; with `exceptType`, leaving out that type's (which an upload replaces). */
export async function orderImageTotals(db: DbOrTx, orderId: string, exceptType: TImageType | null = null): Promise<TImageTotals> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, bytes: sql<number>`coalesce(sum(${orderImages.sizeBytes}), 0)::bigint` })
    .from(orderImages)
    .where(and(eq(orderImages.orderId, orderId), exceptType ? ne(orderImages.imageType, exceptType) : undefined));
  return { count: Number(row?.count ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/**
 * The bytes of the images the user stored after `since`, on any order: `created_by_id = $1 and created_at > $2`, the
 * shape the index order_images_creator (created_by_id, created_at) answers with a range scan of the user's day.
 */
export async function userImageBytesSince(db: DbOrTx, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<number>`coalesce(sum(${orderImages.sizeBytes}), 0)::bigint` })
    .from(orderImages)
    .where(and(eq(orderImages.createdById, userId), gt(orderImages.createdAt, since)));
  return Number(row?.bytes ?? 0);
}

export async function findOrderStatus(db: DbOrTx, orderId: string): Promise<string | null> {
  const [row] = await db.select({ status: orders.orderStatus }).from(orders).where(eq(orders.id, orderId));
  return row?.status ?? null;
}

export async function listImages(db: DbOrTx, orderId: string): Promise<ImageRow[]> {
  const rows = await db.select().from(orderImages).where(eq(orderImages.orderId, orderId)).orderBy(asc(orderImages.createdAt));
  const rank = (type: string) => IMAGE_TYPES.indexOf(type as TImageType);
  return rows.sort((a, b) => rank(a.imageType) - rank(b.imageType) || a.createdAt.getTime() - b.createdAt.getTime());
}

export async function findImage(db: DbOrTx, id: string): Promise<ImageRow | null> {
  const [row] = await db.select().from(orderImages).where(eq(orderImages.id, id));
  return row ?? null;
}

export async function insertImage(tx: DbOrTx, row: NewImageRow): Promise<ImageRow> {
  const [inserted] = await tx.insert(orderImages).values(row).returning();
  return inserted!;
}

/** Removes the order's images of one type and answers what was removed (their files are then deleted). */
export async function deleteImagesOfType(tx: DbOrTx, orderId: string, imageType: TImageType): Promise<ImageRow[]> {
  return tx
    .delete(orderImages)
    .where(and(eq(orderImages.orderId, orderId), eq(orderImages.imageType, imageType)))
    .returning();
}

export async function deleteImage(tx: DbOrTx, id: string): Promise<ImageRow | null> {
  const [row] = await tx.delete(orderImages).where(eq(orderImages.id, id)).returning();
  return row ?? null;
}
