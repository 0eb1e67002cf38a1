import { z } from 'zod';

/**
 * Order photos (document 2 section 3 'Order image', section 5 and 9): the image types with their
 * Danish labels, which types an order needs before it is finished, and the browser's compression limits.
 */
export const IMAGE_TYPES = ['BEFORE', 'AFTER', 'DAMAGE', 'MILEAGE', 'VIN', 'CUSTOM'] as const;
export type TImageType = (typeof IMAGE_TYPES)[number];

export const IMAGE_TYPE_LABELS: Record<TImageType, string> = {
  BEFORE: 'Før',
  AFTER: 'Efter',
  DAMAGE: 'Skade',
  MILEAGE: 'Kilometertæller',
  VIN: 'Stelnummer',
  CUSTOM: 'Andet',
};

/** Types that hold several images; a new upload of any other type replaces the one there is. */
export const MULTI_IMAGE_TYPES: readonly TImageType[] = ['CUSTOM'];

export function allowsSeveral(type: TImageType): boolean {
  return MULTI_IMAGE_TYPES.includes(type);
}

/** The browser compresses every photo to at most this size and longest side before upload. */
export const MAX_IMAGE_BYTES = 1_000_000;
export const MAX_IMAGE_SIDE = 1920;
/**
 * What the server accepts: a photo the browser could not compress is sent as taken,
 * and a modern phone's photo is 3–12 MB.
 */
export const MAX_UPLOAD_BYTES = 15 * 1024 * 1024;

/**
 * What the server decodes at most: 64 megapixels (8192 x 8192), above a 48–50 MP phone camera's full-size
 * photo. A header declaring more is refused before any pixel is decoded.
 */
export const MAX_INPUT_PIXELS = 8192 * 8192;

/** What one order and one user may store (docs/decisions.md, 'Images: quotas'). */
export const IMAGE_QUOTA = {
  orderImages: 60,
  orderBytes: 60_000_000,
  /** Per user within the last 24 hours. */
  userBytesPerDay: 300_000_000,
} as const;

export interface TImageTotals {
  count: number;
  bytes: number;
}

/**
 * Whether one more image of `incomingBytes` still fits: the order's photos (after what it replaces) and
 * what the user stored within the last 24 hours, each with the new one. 'ORDER' or 'USER' when it does not.
 */
export function imageQuotaExceeded(order: TImageTotals, userBytesToday: number, incomingBytes: number): 'ORDER' | 'USER' | null {
  if (order.count + 1 > IMAGE_QUOTA.orderImages || order.bytes + incomingBytes > IMAGE_QUOTA.orderBytes) return 'ORDER';
  if (userBytesToday + incomingBytes > IMAGE_QUOTA.userBytesPerDay) return 'USER';
  return null;
}

export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type TImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];

export const MEDIA_MESSAGES = {
  fileMissing: 'Vælg et billede',
  wrongFormat: 'Billedet skal være JPEG, PNG eller WebP',
  unreadable: 'Billedet kan ikke læses',
  tooManyPixels: 'Billedet har for mange pixels (højst 64 megapixel)',
  orderFull: 'Ordren har ikke plads til flere billeder (højst 60 billeder og 60 MB)',
  userFull: 'Du har gemt for mange billeder det seneste døgn (højst 300 MB)',
  tooLarge: 'Billedet er for stort (højst 15 MB)',
  imageTypeInvalid: 'Ukendt billedtype',
  orderMissing: 'Ordren findes ikke',
  imageMissing: 'Billedet findes ikke',
  orderLocked: 'Ordren er afsluttet og kan ikke ændres',
  missingImages: 'Du kan ikke afslutte din ordre, før der er tilføjet billeder',
} as const;

export const ZImageType = z.enum(IMAGE_TYPES, { error: MEDIA_MESSAGES.imageTypeInvalid });

/** An image type as a client sends it: any letter case, so document 2's 'Custom' is CUSTOM. */
export const ZImageTypeInput = z.preprocess((value) => (typeof value === 'string' ? value.toUpperCase() : value), ZImageType);

/** One stored image as the worksheet lists it (`GET /api/media/{orderId}/{debitorNo}`, `PUT /api/media`). */
export const ZOrderImage = z.object({
  id: z.string(),
  imageType: ZImageType,
  /** Links to the image's bytes (`/api/media/file/{id}`); one per stored file. */
  url: z.array(z.string()),
  /** The type's Danish label, or the file name for 'Andet'. */
  title: z.string(),
  description: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** When it was uploaded (wire date-time, Copenhagen). */
  created: z.string(),
  createdBy: z.string(),
});
export type TOrderImage = z.infer<typeof ZOrderImage>;

/** The fields of the multipart upload besides the file. */
export const ZImageUploadFields = z.object({
  orderId: z.uuid({ error: MEDIA_MESSAGES.orderMissing }),
  imageType: ZImageTypeInput,
  fileName: z.string().max(255).default(''),
});
export type TImageUploadFields = z.infer<typeof ZImageUploadFields>;

/**
 * The image format from the file's first bytes (its magic number), never from its name or declared type:
 * JPEG FF D8 FF, PNG 89 50 4E 47 0D 0A 1A 0A, WebP 'RIFF' …. 'WEBP'. Null for anything else.
 */
export function sniffImageType(bytes: Uint8Array): TImageContentType | null {
  const at = (i: number) => bytes[i] ?? -1;
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((b, i) => at(i) === b)) return 'image/png';
  const ascii = (from: number, to: number) => String.fromCharCode(...Array.from(bytes.subarray(from, to)));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image/webp';
  return null;
}

export const IMAGE_EXTENSIONS: Record<TImageContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/** The name an uploaded image is kept under: a PNG photo stored as a JPEG (too big as a PNG) is named as one. */
export function storedImageName(name: string, sent: TImageContentType, stored: TImageContentType): string {
  return (sent === stored ? name : name.replace(/\.png$/i, `.${IMAGE_EXTENSIONS[stored]}`)).slice(0, 255);
}
