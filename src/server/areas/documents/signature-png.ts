import { deflateSync, inflateSync } from 'node:zlib';
import { SIGNATURE_SIZE } from '@/domain/documents/document-texts';

/**
 * A small PNG writer (RGBA, no filtering) for signatures the server draws itself: the demo data's
 * signed disclaimer. Uploaded signatures come from the browser's canvas as PNG already.
 */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
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
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', new Uint8Array()),
  ]);
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * Checks a PNG completely before anything decodes it: the chunks and their CRCs, a sane size, no
 * interlacing, and image data that inflates to exactly the pixels the header promises. A truncated or
 * forged file is refused here (pdf-lib's own decoder can spin forever on one). Null when not sound.
 */
export function checkPng(bytes: Uint8Array, limits = { maxWidth: 4000, maxHeight: 4000 }): { width: number; height: number } | null {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length < 8 + 25 + 12 || !PNG_SIGNATURE.every((b, i) => buffer[i] === b)) return null;
  let offset = 8;
  let header: { width: number; height: number; depth: number; colour: number; interlace: number } | null = null;
  const data: Buffer[] = [];
  let ended = false;
  while (offset + 12 <= buffer.length) {
    const length = buffer.readUInt32BE(offset);
    const type = buffer.toString('ascii', offset + 4, offset + 8);
    if (offset + 12 + length > buffer.length) return null;
    const body = buffer.subarray(offset + 8, offset + 8 + length);
    if (crc32(buffer.subarray(offset + 4, offset + 8 + length)) !== buffer.readUInt32BE(offset + 8 + length)) return null;
    if (header === null) {
      if (type !== 'IHDR' || length !== 13) return null;
      header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), depth: body[8]!, colour: body[9]!, interlace: body[12]! };
    } else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') {
      ended = true;
      break;
    }
    offset += 12 + length;
  }
  if (!header || !ended || data.length === 0) return null;
  const channels = CHANNELS[header.colour];
  if (channels === undefined || ![1, 2, 4, 8, 16].includes(header.depth) || header.interlace !== 0) return null;
  if (header.width < 1 || header.height < 1 || header.width > limits.maxWidth || header.height > limits.maxHeight) return null;
  const expected = header.height * (1 + Math.ceil((header.width * channels * header.depth) / 8));
  try {
    const raw = inflateSync(Buffer.concat(data), { maxOutputLength: expected + 1 });
    if (raw.length !== expected) return null;
  } catch {
    return null;
  }
  return { width: header.width, height: header.height };
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
