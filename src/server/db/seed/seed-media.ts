import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { signedDocumentUrl } from '@/domain/documents';
import { IMAGE_TYPE_LABELS, type TImageType } from '@/domain/media';
import type { TOrderType } from '@/domain/orders';
import { requiredImageTypes } from '@/domain/orders';
import { demoImageKey, demoImageSvg } from '@/server/areas/media/demo-images';
import type { Db } from '@/server/db/client';
import { orderImages, orders, signedDocuments, users } from '@/server/db/schema';

/**
 * Photos on the demo orders that have been worked on (finished, awaiting review, on hold, service calls)
 * and on some of today's jobs, plus one signed ADAS disclaimer. The rows point at demo keys whose
 * images are drawn when shown, so seeding writes no files.
 */
export async function seedMedia(db: Db): Promise<number> {
  const worked = await db
    .select({
      id: orders.id,
      orderNr: orders.orderNr,
      orderType: orders.orderType,
      orderStatus: orders.orderStatus,
      workerId: orders.workerId,
      fromAt: orders.fromAt,
    })
    .from(orders)
    .where(
      and(
        inArray(orders.orderStatus, ['FINISHED', 'PENDING_REVIEW', 'ON_HOLD', 'SERVICE_CALL', 'PROCESSING']),
        isNotNull(orders.fromAt),
        sql`${orders.bookingDate} <= current_date`,
      ),
    )
    .orderBy(asc(orders.orderNr));
  const workers = new Map((await db.select({ id: users.id, initials: users.initials }).from(users)).map((u) => [u.id, u.initials]));

  const rows: Array<typeof orderImages.$inferInsert> = [];
  for (const order of worked) {
    // Every finished or reviewed job, every other job on hold or in service; one in three of the open ones.
    const done = order.orderStatus === 'FINISHED' || order.orderStatus === 'PENDING_REVIEW';
    if (!done && order.orderNr % (order.orderStatus === 'PROCESSING' ? 3 : 2) !== 0) continue;
    const required = requiredImageTypes(order.orderType as TOrderType);
    const types: TImageType[] = done ? [...required] : required.slice(0, 1);
    if (done && order.orderNr % 4 === 0) types.push('MILEAGE');
    if (done && order.orderNr % 7 === 0) types.push('CUSTOM');
    types.forEach((type, i) => {
      const key = demoImageKey(type, order.orderNr);
      const at = new Date(order.fromAt!.getTime() + (i + 1) * 10 * 60_000);
      rows.push({
        orderId: order.id,
        imageType: type,
        storageKey: key,
        contentType: 'image/svg+xml',
        sizeBytes: Buffer.byteLength(demoImageSvg(key) ?? ''),
        fileName: `${type.toLowerCase()}-${order.orderNr}.svg`,
        title: type === 'CUSTOM' ? `ekstra-${order.orderNr}.svg` : IMAGE_TYPE_LABELS[type],
        createdById: order.workerId,
        createdBy: (order.workerId && workers.get(order.workerId)) || '',
        createdAt: at,
      });
    });
  }
  for (let i = 0; i < rows.length; i += 500) await db.insert(orderImages).values(rows.slice(i, i + 500));

  // One finished windscreen job whose customer signed the ADAS disclaimer.
  const [adas] = await db
    .select({ id: orders.id, workerId: orders.workerId, fromAt: orders.fromAt })
    .from(orders)
    .where(and(eq(orders.orderStatus, 'FINISHED'), eq(orders.orderType, 'REPLACE_FRONT'), isNotNull(orders.fromAt)))
    .orderBy(asc(orders.orderNr))
    .limit(1);
  if (adas) {
    const [document] = await db
      .insert(signedDocuments)
      .values({
        orderId: adas.id,
        kind: 'ADAS',
        storageKey: 'demo/adas',
        sizeBytes: 0,
        signedById: adas.workerId,
        signedBy: (adas.workerId && workers.get(adas.workerId)) || '',
        createdAt: new Date(adas.fromAt!.getTime() + 45 * 60_000),
      })
      .returning({ id: signedDocuments.id });
    const patch = JSON.stringify({ signCalibrationChallenges: signedDocumentUrl(document!.id) });
    await db
      .update(orders)
      .set({ orderProperties: sql`${orders.orderProperties} || ${patch}::jsonb` })
      .where(eq(orders.id, adas.id));
  }
  return rows.length;
}
