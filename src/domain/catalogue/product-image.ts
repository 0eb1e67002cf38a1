/**
 * Product pictures: the catalogue has no photos, so every product shows a drawing of its kind
 * (windscreen, side, rear or roof window, stone-chip repair, calibration, service, loan car, wiper
 * blades, adhesive, pads, accessory), served as SVG from `GET /api/product/image/{no}`.
 */
export const PRODUCT_IMAGE_KINDS = [
  'windscreen',
  'side',
  'rear',
  'roof',
  'repair',
  'calibration',
  'service',
  'loancar',
  'wiper',
  'adhesive',
  'pad',
  'accessory',
] as const;
export type TProductImageKind = (typeof PRODUCT_IMAGE_KINDS)[number];

/** Bump when the drawings change, so browsers fetch them again. */
export const PRODUCT_IMAGE_VERSION = 1;

export function productImageUrl(no: string): string {
  return `/api/product/image/${encodeURIComponent(no)}?v=${PRODUCT_IMAGE_VERSION}`;
}

/** The drawing for a product, from its group (and, among accessories, its number). */
export function productImageKind(groupName: string | null, no: string): TProductImageKind {
  switch (groupName) {
    case 'Forrude':
      return 'windscreen';
    case 'Siderude':
      return 'side';
    case 'Bagrude':
      return 'rear';
    case 'Tagrude':
      return 'roof';
    case 'Stenslag':
      return 'repair';
    case 'Kalibrering':
      return 'calibration';
    case 'Service':
      return 'service';
    case 'Lånebil':
      return 'loancar';
    case 'Limpuder':
      return 'pad';
    default:
      if (/^VISK/i.test(no)) return 'wiper';
      if (/^(LIM|PRIM|AKT)/i.test(no)) return 'adhesive';
      return 'accessory';
  }
}

const GLASS = '#7fb3dc';
const GLASS_EDGE = '#2f6690';
const BODY = '#c9d3dc';
const INK = '#33414e';

const DRAWINGS: Record<TProductImageKind, { bg: string; art: string }> = {
  windscreen: {
    bg: '#e6f0f8',
    art: `<path d="M10 44 Q32 36 54 44 L48 18 Q32 13 16 18 Z" fill="${GLASS}" stroke="${GLASS_EDGE}" stroke-width="2.5" stroke-linejoin="round"/><path d="M22 22 L27 22 L20 38 L15 38 Z" fill="#fff" opacity=".6"/><rect x="29" y="17" width="6" height="5" rx="1" fill="${INK}"/>`,
  },
  side: {
    bg: '#e8f1ef',
    art: `<path d="M12 46 L12 28 Q14 18 28 16 L52 16 L52 46 Z" fill="${BODY}" stroke="${INK}" stroke-width="2"/><path d="M17 30 Q19 22 29 21 L47 21 L47 31 Z" fill="${GLASS}" stroke="${GLASS_EDGE}" stroke-width="2"/><rect x="40" y="36" width="7" height="2.5" rx="1" fill="${INK}"/>`,
  },
  rear: {
    bg: '#eeeaf6',
    art: `<path d="M10 50 L10 30 Q12 14 32 14 Q52 14 54 30 L54 50 Z" fill="${BODY}" stroke="${INK}" stroke-width="2"/><path d="M16 32 Q18 20 32 20 Q46 20 48 32 Z" fill="${GLASS}" stroke="${GLASS_EDGE}" stroke-width="2"/><path d="M20 29 h24 M20 26 h24" stroke="#d9534f" stroke-width="1" opacity=".7"/><rect x="12" y="38" width="9" height="4" rx="1.5" fill="#d9534f"/><rect x="43" y="38" width="9" height="4" rx="1.5" fill="#d9534f"/>`,
  },
  roof: {
    bg: '#e9eef6',
    art: `<rect x="16" y="8" width="32" height="48" rx="12" fill="${BODY}" stroke="${INK}" stroke-width="2"/><rect x="21" y="20" width="22" height="22" rx="4" fill="${GLASS}" stroke="${GLASS_EDGE}" stroke-width="2"/><path d="M24 24 L30 24 L25 36 Z" fill="#fff" opacity=".6"/>`,
  },
  repair: {
    bg: '#fdf1e3',
    art: `<path d="M8 46 Q32 38 56 46 L50 18 Q32 13 14 18 Z" fill="${GLASS}" stroke="${GLASS_EDGE}" stroke-width="2"/><circle cx="34" cy="30" r="4" fill="#fff" stroke="#e07a1f" stroke-width="2"/><path d="M34 30 l7 -5 M34 30 l-6 6 M34 30 l2 8" stroke="#e07a1f" stroke-width="1.6"/><rect x="40" y="36" width="14" height="6" rx="2" transform="rotate(-30 47 39)" fill="${INK}"/>`,
  },
  calibration: {
    bg: '#f1ecf8',
    art: `<rect x="10" y="18" width="26" height="20" rx="4" fill="${INK}"/><circle cx="23" cy="28" r="6" fill="${GLASS}" stroke="#fff" stroke-width="2"/><path d="M40 16 L54 12 M40 28 L56 28 M40 40 L54 44" stroke="#7a4fbf" stroke-width="2.5" stroke-linecap="round"/><path d="M14 46 h18 v6 h-18 z" fill="#7a4fbf"/>`,
  },
  service: {
    bg: '#eaf4ea',
    art: `<path d="M40 12 a10 10 0 0 0 -9 14 L13 44 a4 4 0 0 0 6 6 L37 32 a10 10 0 0 0 14 -9 l-6 5 l-6 -2 l-2 -6 z" fill="${INK}"/><circle cx="16" cy="47" r="1.6" fill="#fff"/>`,
  },
  loancar: {
    bg: '#e7f3ee',
    art: `<path d="M8 40 L10 30 Q12 24 18 23 L24 16 Q27 13 32 13 L42 13 Q47 13 50 18 L54 24 Q58 26 58 32 L58 40 Z" fill="#3f8f6b"/><path d="M26 18 L31 17 L31 23 L22 23 Z M34 17 L42 17 Q45 17 47 21 L48 23 L34 23 Z" fill="${GLASS}"/><circle cx="20" cy="42" r="6" fill="${INK}" stroke="#fff" stroke-width="2"/><circle cx="46" cy="42" r="6" fill="${INK}" stroke="#fff" stroke-width="2"/><path d="M31 27 l-3 6 h4 l-2 6 l6 -8 h-4 l2 -4 z" fill="#ffd43b"/>`,
  },
  wiper: {
    bg: '#eef0f3',
    art: `<path d="M10 50 L50 12" stroke="${INK}" stroke-width="4" stroke-linecap="round"/><path d="M14 54 L54 16" stroke="#111" stroke-width="3" stroke-linecap="round"/><circle cx="12" cy="52" r="5" fill="${INK}"/>`,
  },
  adhesive: {
    bg: '#f6efe4',
    art: `<rect x="14" y="20" width="26" height="32" rx="4" fill="#d9822b"/><rect x="14" y="26" width="26" height="8" fill="#fff" opacity=".7"/><path d="M40 30 L54 24 L54 30 L40 36 Z" fill="${INK}"/><rect x="20" y="12" width="14" height="8" rx="2" fill="${INK}"/>`,
  },
  pad: {
    bg: '#f3eef6',
    art: `<rect x="14" y="14" width="36" height="36" rx="8" fill="#b9a4d6" stroke="#7a4fbf" stroke-width="2"/><circle cx="32" cy="32" r="8" fill="#fff" opacity=".7"/><path d="M20 20 h10" stroke="#fff" stroke-width="2" stroke-linecap="round" opacity=".8"/>`,
  },
  accessory: {
    bg: '#edf0f4',
    art: `<rect x="14" y="20" width="36" height="28" rx="4" fill="#a9b6c3" stroke="${INK}" stroke-width="2"/><path d="M14 28 h36" stroke="${INK}" stroke-width="2"/><rect x="26" y="14" width="12" height="8" rx="2" fill="none" stroke="${INK}" stroke-width="2"/>`,
  },
};

/** A 64x64 drawing of the kind, on its tinted tile. */
export function productImageSvg(kind: TProductImageKind): string {
  const { bg, art } = DRAWINGS[kind];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="10" fill="${bg}"/>${art}</svg>`;
}
