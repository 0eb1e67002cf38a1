import { MAX_IMAGE_BYTES, MAX_IMAGE_SIDE } from '@/domain/media/media.schemas';

/**
 * Photos are compressed in the browser before upload (document 2 sections 5 and 9): at most 1 MB and
 * 1920 px on the longest side, as JPEG with the quality lowered step by step. If the browser cannot
 * decode or encode the photo, the original is uploaded (the server takes up to 15 MB).
 */
export const QUALITY_STEPS = [0.9, 0.82, 0.74, 0.66, 0.58, 0.5, 0.42] as const;
/** When even the lowest quality is too big, the picture is made this much smaller and tried again. */
export const SHRINK_FACTOR = 0.75;
const MAX_SHRINKS = 4;

export interface Size {
  width: number;
  height: number;
}

/** The size to draw at: the longest side at most `maxSide`, the aspect kept, never enlarged, whole pixels. */
export function targetSize(source: Size, maxSide: number = MAX_IMAGE_SIDE): Size {
  const longest = Math.max(source.width, source.height);
  if (longest <= maxSide || longest === 0) return { width: Math.round(source.width), height: Math.round(source.height) };
  const scale = maxSide / longest;
  return { width: Math.max(1, Math.round(source.width * scale)), height: Math.max(1, Math.round(source.height * scale)) };
}

/** Whether a file can be sent as it is: a photo type the server takes, small enough and not too large in pixels. */
export function fitsAsIs(file: { size: number; type: string }, source: Size): boolean {
  return (
    file.size <= MAX_IMAGE_BYTES &&
    ['image/jpeg', 'image/png', 'image/webp'].includes(file.type) &&
    Math.max(source.width, source.height) <= MAX_IMAGE_SIDE
  );
}

/** Draws the picture at a size and encodes it as JPEG at a quality. */
export type Encode = (size: Size, quality: number) => Promise<Blob>;

/**
 * The first encoding at most `maxBytes`: each quality step at the target size, then again smaller.
 * Null when nothing fits (the caller then sends the original).
 */
export async function encodeWithinLimit(source: Size, encode: Encode, maxBytes: number = MAX_IMAGE_BYTES): Promise<Blob | null> {
  let size = targetSize(source);
  for (let shrink = 0; shrink <= MAX_SHRINKS; shrink++) {
    for (const quality of QUALITY_STEPS) {
      const blob = await encode(size, quality);
      if (blob.size <= maxBytes) return blob;
    }
    size = { width: Math.max(1, Math.round(size.width * SHRINK_FACTOR)), height: Math.max(1, Math.round(size.height * SHRINK_FACTOR)) };
  }
  return null;
}

function jpegName(name: string): string {
  const base = name.replace(/\.[^.]*$/, '') || 'billede';
  return `${base}.jpg`;
}

function canvasEncoder(bitmap: ImageBitmap): Encode {
  return async (size, quality) => {
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    // JPEG has no transparency: a PNG's transparent parts become white, not black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size.width, size.height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    return new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('toBlob failed'))), 'image/jpeg', quality),
    );
  };
}

/**
 * The photo to upload: compressed to the limits, or the original when it already fits or when
 * compression fails (no createImageBitmap, an unreadable file, a canvas error).
 */
export async function compressImage(file: File): Promise<File> {
  try {
    if (typeof createImageBitmap !== 'function') return file;
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    try {
      const source = { width: bitmap.width, height: bitmap.height };
      if (fitsAsIs(file, source)) return file;
      const blob = await encodeWithinLimit(source, canvasEncoder(bitmap));
      return blob ? new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified }) : file;
    } finally {
      bitmap.close();
    }
  } catch {
    return file;
  }
}
