import sharp, { type OutputInfo } from 'sharp';
import { MAX_IMAGE_BYTES, MAX_IMAGE_SIDE, MAX_INPUT_PIXELS, type TImageContentType } from '@/domain/media';
import { createLimiter } from '@/server/lib/concurrency';

/**
 * Photos are decoded and stored anew by sharp (libvips), which works on libuv's thread pool, never on the
 * event loop. What is stored is what sharp wrote: turned upright by its EXIF orientation, at most 1920 px on
 * its longest side and 1 MB, with no metadata (EXIF, GPS, XMP, ICC) left, since sharp writes none unless told.
 */

// Every photo is a new one: libvips's operation cache would only hold on to their memory.
sharp.cache(false);

export interface StoredImage {
  bytes: Buffer;
  contentType: TImageContentType;
}

export type ImageRefusal = 'UNREADABLE' | 'TOO_MANY_PIXELS';

/** One photo at a time: on a small machine a second would take the core the event loop needs. */
const oneAtATime = createLimiter(1);

/** Quality and scale tried in turn until a JPEG or WebP fits in 1 MB; the last always does (480 px at most). */
const ATTEMPTS: ReadonlyArray<{ scale: number; quality: number }> = [
  { scale: 1, quality: 85 },
  { scale: 1, quality: 75 },
  { scale: 1, quality: 65 },
  { scale: 1, quality: 55 },
  { scale: 1, quality: 45 },
  { scale: 0.75, quality: 55 },
  { scale: 0.5, quality: 55 },
  { scale: 0.25, quality: 45 },
];

type Decoded = { data: Buffer; info: OutputInfo };

function encode(decoded: Decoded, contentType: TImageContentType, scale: number, quality: number): Promise<Buffer> {
  const { width, height, channels } = decoded.info;
  let image = sharp(decoded.data, { raw: { width, height, channels } });
  if (scale < 1) image = image.resize(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)));
  if (contentType === 'image/png') return image.png().toBuffer();
  if (contentType === 'image/webp') return image.webp({ quality }).toBuffer();
  return image.flatten({ background: '#ffffff' }).jpeg({ quality }).toBuffer();
}

/**
 * Decodes an uploaded photo (a JPEG, PNG or WebP by its magic number) and writes it within the spec's
 * limits: a PNG stays a PNG while it fits in 1 MB and is a JPEG after that; a JPEG or WebP keeps its format
 * with less quality, then fewer pixels, until it fits. Refused when it cannot be decoded or its header
 * declares more than 64 megapixels (checked before any pixel is decoded).
 */
export function storeableImage(bytes: Buffer, contentType: TImageContentType): Promise<StoredImage | ImageRefusal> {
  return oneAtATime(async () => {
    let decoded: Decoded;
    try {
      decoded = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
        .autoOrient()
        .resize(MAX_IMAGE_SIDE, MAX_IMAGE_SIDE, { fit: 'inside', withoutEnlargement: true })
        .toColourspace('srgb')
        .raw({ depth: 'uchar' })
        .toBuffer({ resolveWithObject: true });
    } catch (error) {
      return error instanceof Error && /pixel limit/i.test(error.message) ? 'TOO_MANY_PIXELS' : 'UNREADABLE';
    }
    if (contentType === 'image/png') {
      const png = await encode(decoded, 'image/png', 1, 100);
      if (png.length <= MAX_IMAGE_BYTES) return { bytes: png, contentType };
    }
    // A PNG that does not fit in 1 MB is a photo: it goes on as a JPEG.
    const format = contentType === 'image/png' ? 'image/jpeg' : contentType;
    for (const { scale, quality } of ATTEMPTS) {
      const out = await encode(decoded, format, scale, quality);
      if (out.length <= MAX_IMAGE_BYTES) return { bytes: out, contentType: format };
    }
    return 'UNREADABLE';
  });
}
