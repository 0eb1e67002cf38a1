import type { FastifyReply } from 'fastify';
import { FEEDBACK_MESSAGES, feedbackTypeLabel, ZFeedbackCreate, type TFeedback } from '@/domain/feedback';
import { csvDate, csvTime, type TCsvValue } from '@/domain/lib/csv';
import { toWireDateTime } from '@/domain/lib/dates';
import { IMAGE_EXTENSIONS, MAX_UPLOAD_BYTES, MEDIA_MESSAGES, sniffImageType, storedImageName } from '@/domain/media';
import { toFieldErrors } from '@/domain/lib/validation';
import { reportFileName } from '@/domain/reports';
import type { TReportRange } from '@/domain/reports';
import type { SessionUser } from '@/server/auth/sessions';
import type { Db } from '@/server/db/client';
import { storeableImage } from '@/server/areas/media';
import { AppError } from '@/server/errors';
import type { FileStorage } from '@/server/integrations/storage/file-storage';
import { instantRange, keysetBatches, sendCsv, type InstantKey } from '@/server/lib/csv-stream';
import type { MultipartBody } from '@/server/plugins/multipart';
import * as repo from './feedback.repo';
import { newRowId } from '@/server/db/row-id';

export interface FeedbackDeps {
  db: Db;
  storage: FileStorage;
}

/**
 * PUT /feedback/CreateFeedback: feedback on the order's fitter (its worker or helper), with an optional
 * JPEG/PNG/WebP image kept in the file storage. The image is written before the row, so a row never points
 * at a missing file. The fitter's name (the report's Montør) is the users register's, never the client's
 * userName (issue 37).
 */
export async function createFeedback(deps: FeedbackDeps, body: MultipartBody, user: SessionUser): Promise<TFeedback> {
  const parsed = ZFeedbackCreate.safeParse(body.fields);
  if (!parsed.success) throw AppError.validation(toFieldErrors(parsed.error.issues));
  const fields = parsed.data;
  const order = await repo.findOrderFitters(deps.db, fields.orderId);
  if (!order) throw AppError.notFound(FEEDBACK_MESSAGES.orderMissing);
  if (!order.workerId) throw AppError.field('userId', FEEDBACK_MESSAGES.workerMissing);
  if (fields.userId !== order.workerId && fields.userId !== order.helperId) throw AppError.field('userId', FEEDBACK_MESSAGES.notTheWorker);

  let image: { key: string; name: string; contentType: string } | null = null;
  if (body.file && body.file.bytes.length > 0) {
    if (body.file.bytes.length > MAX_UPLOAD_BYTES) throw AppError.generic(413, FEEDBACK_MESSAGES.imageTooLarge);
    const sniffed = sniffImageType(body.file.bytes);
    if (!sniffed) throw AppError.field('file', FEEDBACK_MESSAGES.imageWrong);
    // Decoded and stored anew like an order's photos: within the limits, without EXIF or GPS (issue 37).
    const stored = await storeableImage(body.file.bytes, sniffed);
    if (stored === 'TOO_MANY_PIXELS') throw AppError.field('file', MEDIA_MESSAGES.tooManyPixels);
    if (stored === 'UNREADABLE') throw AppError.field('file', MEDIA_MESSAGES.unreadable);
    const { contentType, bytes } = stored;
    const id = newRowId();
    const extension = IMAGE_EXTENSIONS[contentType];
    const name = storedImageName(fields.fileName || body.file.fileName || `${id}.${extension}`, sniffed, contentType);
    image = { key: `feedback/${id}.${extension}`, name, contentType };
    await deps.storage.put(image.key, bytes, contentType);
  }
  try {
    const row = await repo.insertFeedback(deps.db, {
      orderId: fields.orderId,
      workerId: fields.userId,
      workerName: fields.userId === order.workerId ? order.workerName : order.helperName,
      type: fields.type,
      subType: fields.subType,
      description: fields.description,
      imageKey: image?.key ?? null,
      imageName: image?.name ?? '',
      imageContentType: image?.contentType ?? '',
      createdById: user.id,
      createdBy: user.initials,
    });
    return {
      id: row.id,
      orderId: row.orderId,
      orderNr: String(order.orderNr),
      type: row.type,
      subType: row.subType,
      description: row.description,
      userId: row.workerId ?? '',
      userName: row.workerName,
      createdBy: row.createdBy,
      createdAt: toWireDateTime(row.createdAt),
      hasImage: row.imageKey !== null,
    };
  } catch (error) {
    if (image) await deps.storage.delete(image.key).catch(() => undefined);
    throw error;
  }
}

const FEEDBACK_REPORT_HEADER = [
  'Dato',
  'Tid',
  'Ordrenr.',
  'Reg.nr.',
  'Montør',
  'Type',
  'Underkategori',
  'Kommentar',
  'Billede',
  'Givet af',
];

function feedbackCells(r: repo.FeedbackReportRow): TCsvValue[] {
  return [
    csvDate(r.createdAt),
    csvTime(r.createdAt),
    r.orderNr,
    r.plate,
    r.workerName,
    feedbackTypeLabel(r.type),
    r.subType,
    r.description,
    r.hasImage ? r.imageName || 'Ja' : '',
    r.createdBy,
  ];
}

/** GET /api/feedback: the feedback given on the days, as CSV. */
export function sendFeedbackReport(db: Db, reply: FastifyReply, range: TReportRange) {
  const batches = keysetBatches<repo.FeedbackReportRow, InstantKey>(
    (after, limit) => repo.findFeedbackBatch(db, instantRange(range), after, limit),
    (r) => ({ at: r.cursorAt, id: r.id }),
  );
  return sendCsv(reply, reportFileName('FEEDBACK', range), FEEDBACK_REPORT_HEADER, batches, feedbackCells);
}
