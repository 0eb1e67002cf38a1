import {
  IMAGE_EXTENSIONS,
  IMAGE_TYPE_LABELS,
  MAX_UPLOAD_BYTES,
  MEDIA_MESSAGES,
  ZImageUploadFields,
  allowsSeveral,
  imageQuotaExceeded,
  sniffImageType,
  storedImageName,
  type TOrderImage,
} from '@/domain/media';
import { toFieldErrors } from '@/domain/lib/validation';
import { isLocked } from '@/domain/orders';
import type { TIfMatch } from '@/domain/offline';
import type { SessionUser } from '@/server/auth/sessions';
import { recordOrderNote } from '@/server/areas/journal';
import { assertOrderVersion, orderVersionAfter } from '@/server/areas/orders';
import type { Db, DbOrTx } from '@/server/db/client';
import { AppError } from '@/server/errors';
import type { FileStorage } from '@/server/integrations/storage/file-storage';
import type { MultipartBody } from '@/server/plugins/multipart';
import { demoImageSvg, isDemoKey } from './demo-images';
import { storeableImage } from './media.image';
import * as repo from './media.repo';
import { newRowId } from '@/server/db/row-id';

/** Orders in these statuses are closed: nothing on them changes (document 2 section 4). */

type Actor = Pick<SessionUser, 'id' | 'initials'>;

export interface MediaDeps {
  db: Db;
  storage: FileStorage;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** An order's bound is 409 (the order is full), a user's 429 (try again tomorrow). */
function refuseOverQuota(exceeded: ReturnType<typeof imageQuotaExceeded>): void {
  if (exceeded === 'ORDER') throw AppError.conflict(MEDIA_MESSAGES.orderFull);
  if (exceeded === 'USER') throw AppError.generic(429, MEDIA_MESSAGES.userFull);
}

/**
 * Stores an uploaded photo (`PUT /api/media`): a JPEG, PNG or WebP by its own bytes, at most 15 MB sent,
 * decoded and written anew within 1 MB and 1920 px without metadata (media.image.ts). An order or a user already at
 * its bound is refused before the photo is decoded; the bounds are then counted again under the order row's lock and
 * the user's, in the transaction that inserts.
 * The file is written first and the row after, so a row never points at a missing file; a replaced
 * image's file is removed once the new row is committed. With If-Match (a fitter's queued change, issue 38) the
 * order's version is compared under its lock (409, nothing stored); the answer carries the order's version after it.
 */
export async function uploadImage(
  deps: MediaDeps,
  body: MultipartBody,
  actor: Actor,
  ifMatch: TIfMatch | null = null,
): Promise<{ image: TOrderImage; version: string }> {
  const parsed = ZImageUploadFields.safeParse(body.fields);
  if (!parsed.success) throw AppError.validation(toFieldErrors(parsed.error.issues));
  const fields = parsed.data;
  if (!body.file || body.file.bytes.length === 0) throw AppError.field('file', MEDIA_MESSAGES.fileMissing);
  if (body.file.bytes.length > MAX_UPLOAD_BYTES) throw AppError.generic(413, MEDIA_MESSAGES.tooLarge);
  const sniffed = sniffImageType(body.file.bytes);
  if (!sniffed) throw AppError.field('file', MEDIA_MESSAGES.wrongFormat);

  const status = await repo.findOrderStatus(deps.db, fields.orderId);
  if (status === null) throw AppError.notFound(MEDIA_MESSAGES.orderMissing);
  if (isLocked(status)) throw AppError.conflict(MEDIA_MESSAGES.orderLocked);
  // Cheap checks before the costly decode: an order or a user already at its bound is refused at once (as if the
  // photo were the smallest one can be). The count under the locks below still decides, with the stored size.
  const replacing = allowsSeveral(fields.imageType) ? null : fields.imageType;
  refuseOverQuota(
    imageQuotaExceeded(
      await repo.orderImageTotals(deps.db, fields.orderId, replacing),
      await repo.userImageBytesSince(deps.db, actor.id, new Date(Date.now() - DAY_MS)),
      1,
    ),
  );

  const image = await storeableImage(body.file.bytes, sniffed);
  if (image === 'TOO_MANY_PIXELS') throw AppError.field('file', MEDIA_MESSAGES.tooManyPixels);
  if (image === 'UNREADABLE') throw AppError.field('file', MEDIA_MESSAGES.unreadable);
  const { contentType, bytes } = image;

  const id = newRowId();
  const storageKey = `orders/${fields.orderId}/${id}.${IMAGE_EXTENSIONS[contentType]}`;
  const named = fields.fileName || body.file.fileName || `${id}.${IMAGE_EXTENSIONS[contentType]}`;
  const fileName = storedImageName(named, sniffed, contentType);
  await deps.storage.put(storageKey, bytes, contentType);

  let replaced: repo.ImageRow[] = [];
  let row: repo.ImageRow;
  let version = '';
  try {
    row = await deps.db.transaction(async (tx) => {
      const current = await repo.lockOrderStatus(tx, fields.orderId);
      if (current === null) throw AppError.notFound(MEDIA_MESSAGES.orderMissing);
      if (isLocked(current)) throw AppError.conflict(MEDIA_MESSAGES.orderLocked);
      await assertOrderVersion(tx, fields.orderId, ifMatch);
      if (!allowsSeveral(fields.imageType)) replaced = await repo.deleteImagesOfType(tx, fields.orderId, fields.imageType);
      await repo.lockUserImages(tx, actor.id);
      const order = await repo.orderImageTotals(tx, fields.orderId);
      const userToday = await repo.userImageBytesSince(tx, actor.id, new Date(Date.now() - DAY_MS));
      refuseOverQuota(imageQuotaExceeded(order, userToday, bytes.length));
      const inserted = await repo.insertImage(tx, {
        id,
        orderId: fields.orderId,
        imageType: fields.imageType,
        storageKey,
        contentType,
        sizeBytes: bytes.length,
        fileName,
        title: fields.imageType === 'CUSTOM' ? fileName : IMAGE_TYPE_LABELS[fields.imageType],
        description: '',
        createdById: actor.id,
        createdBy: actor.initials,
      });
      const verb = replaced.length > 0 ? 'erstattet' : 'tilføjet';
      await recordImageChange(tx, fields.orderId, actor, `Billede ${verb}: ${IMAGE_TYPE_LABELS[fields.imageType]} (${fileName})`);
      version = await orderVersionAfter(tx, fields.orderId);
      return inserted;
    });
  } catch (error) {
    await deps.storage.delete(storageKey).catch(() => undefined);
    throw error;
  }
  await removeFiles(deps.storage, replaced);
  return { image: repo.rowToImage(row), version };
}

export async function listImages(db: Db, orderId: string): Promise<TOrderImage[]> {
  if ((await repo.findOrderStatus(db, orderId)) === null) throw AppError.notFound(MEDIA_MESSAGES.orderMissing);
  return (await repo.listImages(db, orderId)).map(repo.rowToImage);
}

/** An image's bytes and type; demo images are drawn from their key. */
export async function readImageFile(deps: MediaDeps, imageId: string): Promise<{ bytes: Buffer; contentType: string; fileName: string }> {
  const row = await repo.findImage(deps.db, imageId);
  if (!row) throw AppError.notFound(MEDIA_MESSAGES.imageMissing);
  if (isDemoKey(row.storageKey)) {
    const svg = demoImageSvg(row.storageKey);
    if (svg) return { bytes: Buffer.from(svg, 'utf8'), contentType: 'image/svg+xml', fileName: row.fileName };
  }
  const bytes = await deps.storage.get(row.storageKey);
  if (!bytes) throw AppError.notFound(MEDIA_MESSAGES.imageMissing);
  return { bytes, contentType: row.contentType, fileName: row.fileName };
}

/** Removes one photo (a wrong one uploaded by mistake); not on a closed order. */
export async function deleteImage(deps: MediaDeps, imageId: string, actor: Actor): Promise<void> {
  const removed = await deps.db.transaction(async (tx) => {
    const row = await repo.findImage(tx, imageId);
    if (!row) throw AppError.notFound(MEDIA_MESSAGES.imageMissing);
    const status = await repo.lockOrderStatus(tx, row.orderId);
    if (status !== null && isLocked(status)) throw AppError.conflict(MEDIA_MESSAGES.orderLocked);
    const deleted = await repo.deleteImage(tx, imageId);
    if (!deleted) throw AppError.notFound(MEDIA_MESSAGES.imageMissing);
    await recordImageChange(
      tx,
      row.orderId,
      actor,
      `Billede slettet: ${IMAGE_TYPE_LABELS[row.imageType as keyof typeof IMAGE_TYPE_LABELS] ?? row.imageType} (${row.fileName})`,
    );
    return deleted;
  });
  await removeFiles(deps.storage, [removed]);
}

async function removeFiles(storage: FileStorage, rows: repo.ImageRow[]): Promise<void> {
  for (const row of rows) {
    if (!isDemoKey(row.storageKey)) await storage.delete(row.storageKey).catch(() => undefined);
  }
}

/** The task journal entry for a photo change (the order's fields do not change, so the text says it). */
function recordImageChange(tx: DbOrTx, orderId: string, actor: Actor, text: string): Promise<void> {
  return recordOrderNote(tx, orderId, { id: actor.id, initials: actor.initials }, text);
}
