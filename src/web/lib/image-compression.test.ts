import { describe, expect, it, vi } from 'vitest';
import { compressImage, encodeWithinLimit, fitsAsIs, QUALITY_STEPS, targetSize } from './image-compression';

describe('targetSize', () => {
  it('brings the longest side down to 1920 px and keeps the aspect', () => {
    expect(targetSize({ width: 4032, height: 3024 })).toEqual({ width: 1920, height: 1440 });
    expect(targetSize({ width: 3024, height: 4032 })).toEqual({ width: 1440, height: 1920 });
    expect(targetSize({ width: 4000, height: 1000 })).toEqual({ width: 1920, height: 480 });
  });

  it('never enlarges a small picture', () => {
    expect(targetSize({ width: 800, height: 600 })).toEqual({ width: 800, height: 600 });
    expect(targetSize({ width: 1920, height: 1080 })).toEqual({ width: 1920, height: 1080 });
  });
});

describe('fitsAsIs', () => {
  it('sends a small JPEG, PNG or WebP photo within 1920 px untouched', () => {
    expect(fitsAsIs({ size: 400_000, type: 'image/jpeg' }, { width: 1600, height: 1200 })).toBe(true);
    expect(fitsAsIs({ size: 1_000_001, type: 'image/jpeg' }, { width: 1600, height: 1200 })).toBe(false);
    expect(fitsAsIs({ size: 400_000, type: 'image/jpeg' }, { width: 2000, height: 1200 })).toBe(false);
    expect(fitsAsIs({ size: 400_000, type: 'image/heic' }, { width: 1600, height: 1200 })).toBe(false);
  });
});

describe('encodeWithinLimit', () => {
  /** A fake encoder: bytes grow with the pixels and the quality, like a JPEG's. */
  const encoder = (bytesPerPixelAtFull: number) =>
    vi.fn(
      async (size: { width: number; height: number }, quality: number) =>
        ({ size: Math.round(size.width * size.height * bytesPerPixelAtFull * quality) }) as Blob,
    );

  it('lowers the quality step by step until the photo is at most 1 MB', async () => {
    const encode = encoder(0.5);
    const blob = await encodeWithinLimit({ width: 4032, height: 3024 }, encode);
    expect(blob!.size).toBeLessThanOrEqual(1_000_000);
    const qualities = encode.mock.calls.map(([, q]) => q);
    expect(qualities).toEqual(QUALITY_STEPS.slice(0, qualities.length));
    expect(encode.mock.calls.every(([size]) => size.width === 1920 && size.height === 1440)).toBe(true);
  });

  it('makes the picture smaller when even the lowest quality is too big, and gives up at last', async () => {
    const big = encoder(2);
    const blob = await encodeWithinLimit({ width: 1920, height: 1440 }, big);
    expect(blob!.size).toBeLessThanOrEqual(1_000_000);
    expect(big.mock.calls.at(-1)![0].width).toBeLessThan(1920);
    expect(await encodeWithinLimit({ width: 1920, height: 1440 }, encoder(1000))).toBeNull();
  });
});

describe('compressImage', () => {
  it('returns the original file when the browser cannot compress it', async () => {
    const file = new File([new Uint8Array(2_000_000)], 'foto.jpg', { type: 'image/jpeg' });
    // jsdom has no createImageBitmap.
    expect(await compressImage(file)).toBe(file);
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => Promise.reject(new Error('cannot decode'))),
    );
    try {
      expect(await compressImage(file)).toBe(file);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('keeps a photo that already fits', async () => {
    const file = new File([new Uint8Array(300_000)], 'lille.jpg', { type: 'image/jpeg' });
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => ({ width: 1200, height: 900, close: vi.fn() })),
    );
    try {
      expect(await compressImage(file)).toBe(file);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
