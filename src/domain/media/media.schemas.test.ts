import { describe, expect, it } from 'vitest';
import {
  IMAGE_TYPE_LABELS,
  IMAGE_QUOTA,
  IMAGE_TYPES,
  storedImageName,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_SIDE,
  MEDIA_MESSAGES,
  allowsSeveral,
  imageQuotaExceeded,
  sniffImageType,
  ZImageUploadFields,
} from './media.schemas';

describe('image types', () => {
  it('has Danish labels for every type and only Andet takes several images', () => {
    expect(IMAGE_TYPES.map((t) => IMAGE_TYPE_LABELS[t])).toEqual(['Før', 'Efter', 'Skade', 'Kilometertæller', 'Stelnummer', 'Andet']);
    expect(IMAGE_TYPES.filter(allowsSeveral)).toEqual(['CUSTOM']);
  });

  it('keeps the spec limits for compression', () => {
    expect(MAX_IMAGE_BYTES).toBe(1_000_000);
    expect(MAX_IMAGE_SIDE).toBe(1920);
  });

  it('refuses an unknown type with a Danish message', () => {
    const result = ZImageUploadFields.safeParse({ orderId: '7f1c0d4e-3a0c-4d55-9a53-0d6c7b0c1a11', imageType: 'SELFIE' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Ukendt billedtype');
  });
});

describe('the upload fields', () => {
  it("take a type in any letter case, so document 2's 'Custom' is Andet", () => {
    const parse = (imageType: string) =>
      ZImageUploadFields.safeParse({ orderId: '7f1c0d4e-3a0c-4d55-9a53-0d6c7b0c1a11', imageType }).data?.imageType;
    expect(parse('Custom')).toBe('CUSTOM');
    expect(parse('CUSTOM')).toBe('CUSTOM');
    expect(parse('before')).toBe('BEFORE');
    expect(parse('Selfie')).toBeUndefined();
  });
});

describe('imageQuotaExceeded', () => {
  it("bounds an order's images by count and bytes, and a user's by bytes per day", () => {
    expect(imageQuotaExceeded({ count: 59, bytes: 0 }, 0, 1_000_000)).toBeNull();
    expect(imageQuotaExceeded({ count: 60, bytes: 0 }, 0, 1)).toBe('ORDER');
    expect(imageQuotaExceeded({ count: 1, bytes: IMAGE_QUOTA.orderBytes - 10 }, 0, 10)).toBeNull();
    expect(imageQuotaExceeded({ count: 1, bytes: IMAGE_QUOTA.orderBytes - 10 }, 0, 11)).toBe('ORDER');
    expect(imageQuotaExceeded({ count: 0, bytes: 0 }, IMAGE_QUOTA.userBytesPerDay - 10, 11)).toBe('USER');
  });

  it('says the bounds in its messages', () => {
    expect(MEDIA_MESSAGES.orderFull).toContain(`${IMAGE_QUOTA.orderImages} billeder og ${IMAGE_QUOTA.orderBytes / 1_000_000} MB`);
    expect(MEDIA_MESSAGES.userFull).toContain(`${IMAGE_QUOTA.userBytesPerDay / 1_000_000} MB`);
  });
});

describe('sniffImageType', () => {
  const bytes = (...values: number[]) => Uint8Array.from(values);
  const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

  it('knows JPEG, PNG and WebP by their first bytes', () => {
    expect(sniffImageType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('image/jpeg');
    expect(sniffImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(sniffImageType(bytes(...ascii('RIFF'), 1, 2, 3, 4, ...ascii('WEBPVP8 ')))).toBe('image/webp');
  });

  it('refuses anything else, whatever it is called', () => {
    expect(sniffImageType(bytes(...ascii('<svg xmlns=')))).toBeNull();
    expect(sniffImageType(bytes(...ascii('%PDF-1.7')))).toBeNull();
    expect(sniffImageType(bytes(...ascii('GIF89a')))).toBeNull();
    expect(sniffImageType(bytes(0xff, 0xd8))).toBeNull();
    expect(sniffImageType(bytes(...ascii('RIFF'), 1, 2, 3, 4, ...ascii('WAVE')))).toBeNull();
  });
});

describe('storedImageName', () => {
  it('renames a PNG kept as a JPEG, keeps every other name, and bounds its length', () => {
    expect(storedImageName('rude.PNG', 'image/png', 'image/jpeg')).toBe('rude.jpg');
    expect(storedImageName('rude.png', 'image/png', 'image/png')).toBe('rude.png');
    expect(storedImageName('rude.jpg', 'image/jpeg', 'image/jpeg')).toBe('rude.jpg');
    expect(storedImageName(`${'a'.repeat(300)}.jpg`, 'image/jpeg', 'image/jpeg')).toHaveLength(255);
  });
});
