/**
 * Draws the app's icons (the web app manifest's and the apple-touch-icon) as PNGs from their SVGs in scripts/icons
 * into src/web/public/icons, which the build copies: run once after changing a drawing
 * (`node --import tsx scripts/make-icons.ts`); the PNGs are committed, so a build needs no image tools.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const DRAWINGS = fileURLToPath(new URL('./icons', import.meta.url));
const ICONS = fileURLToPath(new URL('../src/web/public/icons', import.meta.url));

/** Each PNG: its drawing and its size in pixels. */
const PNGS = [
  { file: 'icon-192.png', svg: 'icon.svg', size: 192 },
  { file: 'icon-512.png', svg: 'icon.svg', size: 512 },
  { file: 'icon-maskable-512.png', svg: 'icon-maskable.svg', size: 512 },
  // iOS draws its own rounded corners over a square picture: the full-bleed drawing.
  { file: 'apple-touch-icon-180.png', svg: 'icon-maskable.svg', size: 180 },
];

for (const png of PNGS) {
  await sharp(path.join(DRAWINGS, png.svg), { density: 300 })
    .resize(png.size, png.size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(ICONS, png.file));
  console.log(`${png.file} (${png.size} px)`);
}
