import { IMAGE_TYPE_LABELS, type TImageType } from '@/domain/media';

/**
 * The demo orders' photos: small SVG illustrations drawn from the stored key ('demo/<type>/<n>'),
 * so every copy of the demo database shows them without files in the storage.
 */
const DEMO_KEY_PREFIX = 'demo/';

export function demoImageKey(type: TImageType, n: number): string {
  return `${DEMO_KEY_PREFIX}${type.toLowerCase()}/${n}`;
}

export function isDemoKey(key: string): boolean {
  return key.startsWith(DEMO_KEY_PREFIX);
}

const SKIES = ['#9cc4e4', '#b7d3ea', '#c9d6df', '#a7c7dc'];
const CARS = ['#3b5b7a', '#8a1c1c', '#2f4f4f', '#5c5c5c', '#1f3a5f', '#6b6b6b'];

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A windscreen seen from the front, in a car of the seed's colour. */
function windscreen(seed: number, cracked: boolean, fresh: boolean): string {
  const car = CARS[seed % CARS.length]!;
  const crack = cracked
    ? `<g stroke="#fff" stroke-width="2" fill="none" opacity="0.9"><circle cx="${230 + (seed % 5) * 20}" cy="140" r="6"/>` +
      `<path d="M${230 + (seed % 5) * 20} 140 l40 -22 l30 8 M${230 + (seed % 5) * 20} 140 l-34 30 l-20 -4 M${230 + (seed % 5) * 20} 140 l12 38"/></g>`
    : '';
  const shine = fresh ? '<path d="M170 110 L200 110 L160 190 L130 190 Z" fill="#fff" opacity="0.35"/>' : '';
  return (
    `<rect x="40" y="60" width="400" height="230" rx="40" fill="${car}"/>` +
    `<path d="M90 200 Q240 170 390 200 L360 95 Q240 75 120 95 Z" fill="#203040" opacity="0.85"/>` +
    `<path d="M96 196 Q240 166 384 196 L356 100 Q240 80 124 100 Z" fill="#6fa3c8"/>${shine}${crack}` +
    `<rect x="70" y="225" width="70" height="26" rx="8" fill="#f4e9b8"/><rect x="340" y="225" width="70" height="26" rx="8" fill="#f4e9b8"/>` +
    `<rect x="190" y="250" width="100" height="22" fill="#fff" stroke="#222"/><text x="240" y="266" font-size="14" text-anchor="middle" font-family="sans-serif">DK</text>`
  );
}

function odometer(seed: number): string {
  const km = 20_000 + ((seed * 7_919) % 180_000);
  const digits = String(km).padStart(6, '0');
  return (
    `<rect x="60" y="70" width="360" height="200" rx="100" fill="#1b1b1b"/>` +
    `<rect x="140" y="170" width="200" height="50" rx="6" fill="#0c2a12"/>` +
    `<text x="240" y="206" font-size="34" text-anchor="middle" font-family="monospace" fill="#7dff9a">${digits}</text>` +
    `<text x="240" y="150" font-size="18" text-anchor="middle" font-family="sans-serif" fill="#ddd">km</text>`
  );
}

function vinPlate(seed: number): string {
  const vin = `WVWZZZ1KZ${String(seed).padStart(2, '0')}W${String(100000 + ((seed * 4931) % 899999))}`;
  return (
    `<rect x="40" y="110" width="400" height="110" rx="10" fill="#d9d9d9" stroke="#888"/>` +
    `<text x="240" y="150" font-size="16" text-anchor="middle" font-family="sans-serif" fill="#333">Stelnummer</text>` +
    `<text x="240" y="190" font-size="24" text-anchor="middle" font-family="monospace" fill="#111">${escape(vin.slice(0, 17))}</text>`
  );
}

/** The SVG for a demo key; null for a key that is not one. */
export function demoImageSvg(key: string): string | null {
  const match = /^demo\/([a-z]+)\/(\d+)$/.exec(key);
  if (!match) return null;
  const type = match[1]!.toUpperCase() as TImageType;
  if (!(type in IMAGE_TYPE_LABELS)) return null;
  const seed = Number(match[2]);
  const sky = SKIES[seed % SKIES.length]!;
  const scene =
    type === 'MILEAGE'
      ? odometer(seed)
      : type === 'VIN'
        ? vinPlate(seed)
        : windscreen(seed, type === 'BEFORE' || type === 'DAMAGE', type === 'AFTER');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360" viewBox="0 0 480 360">` +
    `<rect width="480" height="360" fill="${sky}"/><rect y="290" width="480" height="70" fill="#8d8d86"/>${scene}` +
    `<rect x="0" y="322" width="480" height="38" fill="#000" opacity="0.55"/>` +
    `<text x="14" y="347" font-size="18" font-family="sans-serif" fill="#fff">${escape(IMAGE_TYPE_LABELS[type])} – demobillede</text></svg>`
  );
}
