import { promisify } from 'node:util';
import { crc32, deflate, deflateSync, inflate } from 'node:zlib';
import sharp from 'sharp';
import { SIGNATURE_SIZE } from '@/domain/documents';

const inflateAsync = promisify(inflate);
const deflateAsync = promisify(deflate);

/**
 * A small PNG writer (RGBA, no filtering) for signatures the server draws itself: the demo data's
 * signed disclaimer. Uploaded signatures come from the browser's canvas as PNG already.
 */
/** One PNG chunk: its length, type, data and CRC. */
export function pngChunk(type: string, data: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0;
    Buffer.from(rgba.buffer, rgba.byteOffset + y * width * 4, width * 4).copy(raw, y * (width * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', new Uint8Array()),
  ]);
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

export interface PngHeader {
  width: number;
  height: number;
  depth: number;
  colour: number;
  interlace: number;
}

/** A PNG's header from its first 33 bytes (the signature, then IHDR with a sound CRC); null when it is not one. */
function readPngHeader(bytes: Uint8Array): PngHeader | null {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length < 33 || !PNG_SIGNATURE.every((b, i) => buffer[i] === b)) return null;
  if (buffer.readUInt32BE(8) !== 13 || buffer.toString('ascii', 12, 16) !== 'IHDR') return null;
  if (crc32(buffer.subarray(12, 29)) !== buffer.readUInt32BE(29)) return null;
  return {
    width: buffer.readUInt32BE(16),
    height: buffer.readUInt32BE(20),
    depth: buffer[24]!,
    colour: buffer[25]!,
    interlace: buffer[28]!,
  };
}

/**
 * Checks a PNG completely before anything decodes it. First its header alone: a size over `limits` (the
 * signature canvas) is 'OVERSIZED' before a byte is inflated. Then the chunks and their CRCs, no
 * interlacing, and image data that inflates (on the thread pool, never more than the header promises) to
 * exactly those pixels. A truncated or forged file is refused here. Null when not sound.
 */
export async function checkPng(
  bytes: Uint8Array,
  limits: { width: number; height: number } = SIGNATURE_SIZE,
): Promise<{ width: number; height: number } | 'OVERSIZED' | null> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header = readPngHeader(buffer);
  if (!header || header.width < 1 || header.height < 1) return null;
  if (header.width > limits.width || header.height > limits.height) return 'OVERSIZED';
  const channels = CHANNELS[header.colour];
  if (channels === undefined || ![1, 2, 4, 8, 16].includes(header.depth) || header.interlace !== 0) return null;
  let offset = 33;
  const data: Buffer[] = [];
  let ended = false;
  while (offset + 12 <= buffer.length) {
    const length = buffer.readUInt32BE(offset);
    const type = buffer.toString('ascii', offset + 4, offset + 8);
    if (offset + 12 + length > buffer.length) return null;
    if (crc32(buffer.subarray(offset + 4, offset + 8 + length)) !== buffer.readUInt32BE(offset + 8 + length)) return null;
    if (type === 'IHDR') return null;
    if (type === 'IDAT') data.push(buffer.subarray(offset + 8, offset + 8 + length));
    else if (type === 'IEND') {
      ended = true;
      break;
    }
    offset += 12 + length;
  }
  if (!ended || data.length === 0) return null;
  const expected = header.height * (1 + Math.ceil((header.width * channels * header.depth) / 8));
  try {
    const raw = await inflateAsync(Buffer.concat(data), { maxOutputLength: expected + 1 });
    if (raw.length !== expected) return null;
  } catch {
    return null;
  }
  return { width: header.width, height: header.height };
}

/** A signature ready for the PDF: 8-bit RGB and its alpha, each deflated, as PDF image streams hold them. */
export interface SignatureImage {
  width: number;
  height: number;
  rgb: Buffer;
  alpha: Buffer | null;
}

/**
 * Decodes a checked signature PNG with sharp (libvips, on the thread pool) and deflates its channels with
 * zlib's asynchronous calls, so nothing of the image is decoded or compressed on the event loop (pdf-lib's
 * own `embedPng` does both there). sharp refuses more pixels than the canvas has, whatever the header said.
 */
export async function decodeSignature(png: Uint8Array): Promise<SignatureImage> {
  const { data, info } = await sharp(png, { limitInputPixels: SIGNATURE_SIZE.width * SIGNATURE_SIZE.height })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const raw = { raw: { width, height, channels } };
  if (channels !== 4) return { width, height, rgb: await deflateAsync(data), alpha: null };
  const [rgb, alpha] = await Promise.all([
    sharp(data, raw).removeAlpha().raw().toBuffer(),
    sharp(data, raw).extractChannel(3).raw().toBuffer(),
  ]);
  return { width, height, rgb: await deflateAsync(rgb), alpha: await deflateAsync(alpha) };
}

/** A hand-writing-like stroke on a transparent 450x85 canvas, as the signature pad gives it. */
export function drawSignaturePng(seed = 1): Buffer {
  const { width, height } = SIGNATURE_SIZE;
  const rgba = new Uint8Array(width * height * 4);
  const dot = (x: number, y: number) => {
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const px = Math.round(x + dx);
        const py = Math.round(y + dy);
        if (px < 0 || py < 0 || px >= width || py >= height) continue;
        const i = (py * width + px) * 4;
        rgba[i] = 20;
        rgba[i + 1] = 30;
        rgba[i + 2] = 90;
        rgba[i + 3] = 255;
      }
    }
  };
  // Loops drifting right, like a quick signature, then an underline.
  for (let t = 0; t <= 1; t += 0.0004) {
    const x = 30 + t * 330;
    const y = 42 + Math.sin(t * Math.PI * (10 + (seed % 4))) * 22 * (1 - t * 0.4) + Math.cos(t * 47 + seed) * 4;
    dot(x, y);
  }
  for (let x = 40; x < 400; x += 0.5) dot(x, 72 + Math.sin(x / 40) * 2);
  return encodePng(width, height, rgba);
}
