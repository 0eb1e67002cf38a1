import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { checkPng, drawSignaturePng, encodePng } from './signature-png';

describe('PNG writer and checker', () => {
  it('writes a 450 x 85 signature that pdf-lib and the checker accept', async () => {
    const png = drawSignaturePng(2);
    expect(checkPng(png)).toEqual({ width: 450, height: 85 });
    const pdf = await PDFDocument.create();
    const image = await pdf.embedPng(png);
    expect([image.width, image.height]).toEqual([450, 85]);
  });

  it('refuses truncated, corrupted, oversized and short-data files before anything decodes them', () => {
    const png = drawSignaturePng(1);
    expect(checkPng(png.subarray(0, 60))).toBeNull();
    expect(checkPng(png.subarray(0, png.length - 12))).toBeNull();
    const flipped = Buffer.from(png);
    flipped[40] = flipped[40]! ^ 0xff;
    expect(checkPng(flipped)).toBeNull();
    expect(checkPng(encodePng(5000, 1, new Uint8Array(5000 * 4)))).toBeNull();

    // Sound chunks whose image data holds fewer pixels than the header promises.
    const good = encodePng(4, 4, new Uint8Array(64));
    expect(checkPng(good)).toEqual({ width: 4, height: 4 });
    const chunk = (type: string, data: Buffer) => {
      const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
      const out = Buffer.alloc(12 + data.length);
      out.writeUInt32BE(data.length, 0);
      typed.copy(out, 4);
      out.writeUInt32BE(crc32(typed), 8 + data.length);
      return out;
    };
    const short = Buffer.concat([good.subarray(0, 33), chunk('IDAT', deflateSync(Buffer.alloc(10))), chunk('IEND', Buffer.alloc(0))]);
    expect(checkPng(short)).toBeNull();
  });
});
