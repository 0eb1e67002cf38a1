import type { MantineColorsTuple } from '@mantine/core';
import { DEFAULT_THEME, luminance } from '@mantine/core';
import { PRIMARY } from './readable-colors';

/**
 * How the theme's readable colours are made (WCAG 2.1 AA). Computing them is 15 ms of a phone's first page, so the
 * result is written out in readable-colors.ts, and theme.test.ts checks the two agree: change a rule here, then
 * paste the colours the failing test prints.
 */

/** WCAG 2.1 AA for normal text (1.4.3); every text colour of the theme reaches it with a small margin. */
export const MIN_TEXT_CONTRAST = 4.5;
const TARGET = MIN_TEXT_CONTRAST + 0.1;

/** The WCAG contrast ratio of two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

function darken(hex: string, amount: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `#${[n >> 16, (n >> 8) & 255, n & 255]
    .map((c) =>
      Math.round(c * (1 - amount))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** The colour itself when it reads on every background, else the least darkened version of it that does. */
function readableOn(color: string, backgrounds: readonly string[], darkerThan?: string): string {
  const ok = (c: string) =>
    backgrounds.every((b) => contrastRatio(c, b) >= TARGET) && (!darkerThan || luminance(c) <= luminance(darkerThan));
  for (let step = 0; step <= 100; step++) {
    const candidate = darken(color, step / 100);
    if (ok(candidate)) return candidate;
  }
  return '#000000';
}

const WHITE = '#ffffff';
const GRAY = DEFAULT_THEME.colors.gray;
/** The page background (global.css) and the striped or hovered table row. */
const PAGE = GRAY[0];
const ROW_HOVER = GRAY[1];

/**
 * Mantine's palette with the shades that carry text made readable, keeping the light tints (0–5) as they are:
 * 6 is text on white (error messages, weekend days), 7 and 8 text on the grey page and under white text
 * (8 is the filled button, the link and the outline colour, also read on its own light tint: a link in a light
 * alert), 9 the text of the light variants on their own tint (1–2).
 */
export function readablePalette(shades: MantineColorsTuple): MantineColorsTuple {
  const s = [...shades];
  s[6] = readableOn(s[6]!, [WHITE]);
  s[7] = readableOn(s[7]!, [WHITE, PAGE], s[6]);
  s[8] = readableOn(s[8]!, [WHITE, PAGE, ROW_HOVER, s[1]!], s[7]);
  s[9] = readableOn(s[9]!, [WHITE, s[1]!, s[2]!], s[8]);
  return s as unknown as MantineColorsTuple;
}

/** Every palette but dark made readable, and the dimmed grey darkened for where it sits. */
export function readableColors(): Record<string, MantineColorsTuple> {
  const colors = Object.fromEntries(
    Object.entries(DEFAULT_THEME.colors)
      .filter(([name]) => name !== 'dark')
      .map(([name, shades]) => [name, readablePalette(shades)]),
  ) as Record<string, MantineColorsTuple>;

  /*
   * Dimmed text (--mantine-color-dimmed is gray 6) also sits on hovered rows and on the primary light tint
   * (selected menu item, light alerts and badges), so it is darkened for those too; it stays lighter than gray 7.
   */
  colors.gray = [...colors.gray!] as unknown as MantineColorsTuple;
  (colors.gray as unknown as string[])[6] = readableOn(GRAY[6], [WHITE, PAGE, ROW_HOVER, colors[PRIMARY]![0], colors[PRIMARY]![1]]);
  return colors;
}
