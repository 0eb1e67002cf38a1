import { and, asc, eq } from 'drizzle-orm';
import { IMAGE_TYPES, type TImageType, type TOrderImage } from '@/domain/media/media.schemas';
import { toWireDateTime } from '@/domain/lib/dates';
import type { DbOrTx } from '@/server/db/client';
import { orderImages, orders } from '@/server/db/schema';

export type ImageRow = typeof orderImages.$inferSelect;
export type NewImageRow = typeof orderImages.$inferInsert;

export function fileUrl(imageId: string): string {
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
