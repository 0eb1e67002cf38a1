import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, MIN_TEXT_CONTRAST, readableColors, readablePalette } from './palette';
import { READABLE_COLORS } from './readable-colors';
import { theme } from './theme';

const WHITE = '#ffffff';
const BLACK = '#000000';
const colors = theme.colors!;
const names = Object.keys(colors);
const shade = (name: string, index: number) => colors[name]![index]!;
const page = shade('gray', 0);

describe('contrastRatio', () => {
  it('answers the WCAG ratios', () => {
    expect(contrastRatio(WHITE, BLACK)).toBeCloseTo(21, 5);
    expect(contrastRatio(WHITE, WHITE)).toBe(1);
    // Mantine's own dimmed grey and blue button, as the issue measured them.
    expect(contrastRatio('#868e96', WHITE)).toBeCloseTo(3.32, 2);
    expect(contrastRatio('#1c7ed6', WHITE)).toBeCloseTo(4.2, 2);
  });
});

describe('the theme reads at WCAG 2.1 AA', () => {
  it('keeps Mantine’s light tints and changes only shades that fail', () => {
    for (const name of names) {
      const mantine = DEFAULT_THEME.colors[name]!;
      expect(colors[name]!.slice(0, 6), name).toEqual(mantine.slice(0, 6));
    }
    // Violet's shades 6–8 already read: untouched.
    expect(colors.violet!.slice(6, 9)).toEqual(DEFAULT_THEME.colors.violet!.slice(6, 9));
    expect(shade('blue', 8)).not.toBe(DEFAULT_THEME.colors.blue![8]);
  });

  it.each(names)('%s: shade 6 on white, 7 and 8 on the page and rows, 8 and 9 on its own light tints', (name) => {
    expect(contrastRatio(shade(name, 6), WHITE)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    for (const background of [WHITE, page, shade('gray', 1), shade(name, 1)]) {
      expect(contrastRatio(shade(name, 8), background)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
    expect(contrastRatio(shade(name, 7), page)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(shade(name, 9), shade(name, 1))).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(contrastRatio(shade(name, 9), shade(name, 2))).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it('puts white text on the primary buttons (shade 8) and lets Mantine pick black or white on other fills', () => {
    expect(theme.primaryColor).toBe('blue');
    expect(theme.primaryShade).toEqual({ light: 8, dark: 8 });
    expect(contrastRatio(shade('blue', 8), WHITE)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    expect(theme.autoContrast).toBe(true);
    // At this luminance black and white text read equally well (4.58:1), so the one picked always reaches 4.5:1.
    expect(theme.luminanceThreshold).toBe(0.179);
  });

  it('makes dimmed text (gray 6) readable on white, the page, hovered rows and the primary tint, still lighter than gray 7', () => {
    const dimmed = shade('gray', 6);
    expect(dimmed).not.toBe('#868e96');
    for (const background of [WHITE, page, shade('gray', 1), shade('blue', 0), shade('blue', 1)]) {
      expect(contrastRatio(dimmed, background), background).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
    expect(contrastRatio(dimmed, WHITE)).toBeLessThan(contrastRatio(shade('gray', 7), WHITE));
  });

  it('makes the light yellow alert’s title readable (it was 2.7:1)', () => {
    expect(contrastRatio(DEFAULT_THEME.colors.yellow![9]!, DEFAULT_THEME.colors.yellow![1]!)).toBeLessThan(3);
    expect(contrastRatio(shade('yellow', 9), shade('yellow', 1))).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it('darkens a palette no more than needed', () => {
    const readable = readablePalette(DEFAULT_THEME.colors.blue!);
    // Blue 8 (5.0:1 on white, 4.1:1 on its own tint) is darkened by a few per cent and stays a clear blue.
    expect(contrastRatio(readable[8], readable[1])).toBeLessThan(MIN_TEXT_CONTRAST + 0.3);
    expect(contrastRatio(readable[8], WHITE)).toBeLessThan(6);
    expect(contrastRatio(readable[6], WHITE)).toBeLessThan(MIN_TEXT_CONTRAST + 0.3);
  });
});

describe('the written-out colours', () => {
  it('are what palette.ts computes (after a rule change, paste what this prints into readable-colors.ts)', () => {
    expect(READABLE_COLORS).toEqual(readableColors());
    expect(theme.colors).toEqual(readableColors());
  });
});
