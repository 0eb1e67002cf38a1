import { describe, expect, it } from 'vitest';
import { PRODUCT_IMAGE_KINDS, productImageKind, productImageSvg, productImageUrl } from './product-image';

describe('product images', () => {
  it('draws each product group as its own kind', () => {
    expect(productImageKind('Forrude', 'F10001')).toBe('windscreen');
    expect(productImageKind('Siderude', 'S20001')).toBe('side');
    expect(productImageKind('Bagrude', 'B30001')).toBe('rear');
    expect(productImageKind('Tagrude', 'T40001')).toBe('roof');
    expect(productImageKind('Stenslag', 'REP1')).toBe('repair');
    expect(productImageKind('Kalibrering', 'PK3')).toBe('calibration');
    expect(productImageKind('Service', 'UD')).toBe('service');
    expect(productImageKind('Lånebil', 'BIL001')).toBe('loancar');
    expect(productImageKind('Limpuder', '337')).toBe('pad');
    expect(productImageKind('Tilbehør', 'VISK-600450')).toBe('wiper');
    expect(productImageKind('Tilbehør', 'LIM-SIKA')).toBe('adhesive');
    expect(productImageKind('Tilbehør', 'CLIPS-10')).toBe('accessory');
    expect(productImageKind(null, 'X')).toBe('accessory');
  });

  it('gives every kind a 64x64 SVG and a versioned, encoded URL', () => {
    for (const kind of PRODUCT_IMAGE_KINDS) {
      const svg = productImageSvg(kind);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="64" height="64"/);
      expect(svg).not.toContain('<script');
    }
    expect(productImageUrl('VISK 600/450')).toBe('/api/product/image/VISK%20600%2F450?v=1');
  });
});
