import { deflateSync } from 'node:zlib';
import { pngChunk } from '@/server/areas/documents/signature-png';

/**
 * Files a hostile client sends to the upload calls (issue 37), shared by the upload tests and the
 * responsiveness test. Each is built once per test file and kept.
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let oversized: Buffer | null = null;

/**
 * The signature of the issue: a sound 124 KB PNG of 4000 x 4000 pixels, 16-bit RGBA, all zeros (128 MB
 * once inflated), where the signature canvas is 450 x 85.
 */
export function oversizedSignaturePng(): Buffer {
  if (oversized) return oversized;
  const width = 4000;
  const height = 4000;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 16; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc(height * (1 + width * 8));
  oversized = Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  return oversized;
}

let fake: Buffer | null = null;

/** A PNG's eight magic bytes followed by zeros, 14 MB in all: passes a magic-number check, is no image. */
export function fakePng(): Buffer {
  if (fake) return fake;
  fake = Buffer.alloc(14 * 1024 * 1024);
  PNG_SIGNATURE.copy(fake);
  return fake;
}
