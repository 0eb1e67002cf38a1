/**
 * The media area's calls (src/server/areas/media): an order's photos and signed documents, and a photo's upload.
 * A fitter's upload goes through the device (the worksheet asks it first, src/web/areas/offline), which sends the
 * same form to the same path.
 */
import type { TImageType, TOrderImage } from '@/domain/media/media.schemas';
import { api } from '../../lib/api-client';
import { putMultipart } from '../../lib/put-multipart';

const q = encodeURIComponent;

/** PUT /api/media: where a photo is uploaded (directly, or by the device's queue). */
export const MEDIA_UPLOAD_PATH = '/api/media';

/** The name a photo without one is uploaded under. */
export const DEFAULT_PHOTO_NAME = 'billede.jpg';

/** GET /api/media/{orderId}/{debitorNo}: the order's photos and signed documents. */
export function fetchOrderImages(orderId: string, debitorNo: string, signal?: AbortSignal): Promise<TOrderImage[]> {
  return api.get<TOrderImage[]>(`/api/media/${q(orderId)}/${q(debitorNo || '0')}`, signal);
}

/** The upload's form (orderId, imageType, fileName, file), as PUT /api/media reads it. */
export function photoForm(orderId: string, imageType: TImageType, fileName: string, file?: Blob): FormData {
  const form = new FormData();
  form.append('orderId', orderId);
  form.append('imageType', imageType);
  form.append('fileName', fileName);
  if (file) form.append('file', file, fileName);
  return form;
}

/** Uploads one photo of the order; answers the stored image. */
export function uploadImage(orderId: string, imageType: TImageType, file: Blob, fileName: string): Promise<TOrderImage> {
  return putMultipart<TOrderImage>(MEDIA_UPLOAD_PATH, photoForm(orderId, imageType, fileName, file));
}
