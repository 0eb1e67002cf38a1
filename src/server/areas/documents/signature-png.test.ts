import { deflateSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { checkPng, decodeSignature, drawSignaturePng, encodePng, pngChunk } from './signature-png';

describe('PNG writer and checker', () => {
  it('writes a 450 x 85 signature that the checker and the decoder accept', async () => {
    const png = drawSignaturePng(2);
    expect(await checkPng(png)).toEqual({ width: 450, height: 85 });
    const image = await decodeSignature(png);
    expect([image.width, image.height]).toEqual([450, 85]);
    // The streams the PDF holds: 8-bit RGB and the alpha, ink where the stroke is, clear elsewhere.
    const rgb = inflateSync(image.rgb);
    const alpha = inflateSync(image.alpha!);
    expect([rgb.length, alpha.length]).toEqual([450 * 85 * 3, 450 * 85]);
    const inked = alpha.findIndex((a) => a === 255);
    expect(inked).toBeGreaterThan(0);
    expect([...rgb.subarray(inked * 3, inked * 3 + 3)]).toEqual([20, 30, 90]);
    expect(alpha.filter((a) => a === 0).length).toBeGreaterThan(450 * 85 * 0.8);
  });

  it('refuses truncated, corrupted and short-data files before anything decodes them', async () => {
    const png = drawSignaturePng(1);
    expect(await checkPng(png.subarray(0, 60))).toBeNull();
    expect(await checkPng(png.subarray(0, png.length - 12))).toBeNull();
    const flipped = Buffer.from(png);
    flipped[40] = flipped[40]! ^ 0xff;
    expect(await checkPng(flipped)).toBeNull();

    // Sound chunks whose image data holds fewer pixels than the header promises.
    const good = encodePng(4, 4, new Uint8Array(64));
    expect(await checkPng(good)).toEqual({ width: 4, height: 4 });
    const short = Buffer.concat([good.subarray(0, 33), pngChunk('IDAT', deflateSync(Buffer.alloc(10))), pngChunk('IEND', Buffer.alloc(0))]);
    expect(await checkPng(short)).toBeNull();
  });

  it('refuses a header larger than the canvas on the header alone, before any data is inflated', async () => {
    expect(await checkPng(encodePng(451, 85, new Uint8Array(451 * 85 * 4)))).toBe('OVERSIZED');
    expect(await checkPng(encodePng(450, 86, new Uint8Array(450 * 86 * 4)))).toBe('OVERSIZED');
    // A 60000 x 60000 header followed by data that is no deflate stream at all: the header decides.
    const header = encodePng(1, 1, new Uint8Array(4)).subarray(0, 33);
    const huge = Buffer.from(header);
    huge.writeUInt32BE(60_000, 16);
    huge.writeUInt32BE(60_000, 20);
    const forged = Buffer.concat([
      huge.subarray(0, 8),
      pngChunk('IHDR', huge.subarray(16, 29)),
      pngChunk('IDAT', Buffer.from('not zlib')),
      pngChunk('IEND', Buffer.alloc(0)),
    ]);
    expect(await checkPng(forged)).toBe('OVERSIZED');
    expect(await checkPng(forged, { width: 60_000, height: 60_000 })).toBeNull();
  });
});
