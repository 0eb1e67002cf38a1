/**
 * Money is kept as integer øre inside the system so sums never drift;
 * the wire carries kroner with two decimals, prices excluding VAT.
 */
export const VAT_FACTOR = 1.25;
/** Entered incl.-VAT prices are stored excl. VAT by this factor (1 / 1.25). */
export const EXCL_VAT_FACTOR = 0.8;

export type Ore = number;

export function kronerToOre(kroner: number): Ore {
  return Math.round(kroner * 100);
}

export function oreToKroner(ore: Ore): number {
  return Math.round(ore) / 100;
}

export function addVat(exclVat: Ore): Ore {
  return Math.round(exclVat * VAT_FACTOR);
}

export function removeVat(inclVat: Ore): Ore {
  return Math.round(inclVat * EXCL_VAT_FACTOR);
}

/**
 * Two decimals, '.' between thousands and ',' before the decimals, as Intl's da-DK format writes them, worked out here:
 * the first Intl.NumberFormat of a page loads the Danish number data, 15–20 ms of one task on a phone's first
 * worksheet (issue 17: blocking time). Rounded half away from zero from the shortest decimal that names the number
 * (String(1.005) is '1.005': 1,01), as Intl rounds. A unit test holds it to Intl; amounts of 10^15 kroner or more
 * (never an order's) and non-numbers are left to Intl.
 */
let numberFormat: Intl.NumberFormat | undefined;
function danishAmount(value: number): string {
  const magnitude = Math.abs(value);
  const match = magnitude < 1e15 ? /^(\d+)(?:\.(\d+))?$/.exec(String(magnitude)) : null;
  if (!match) {
    numberFormat ??= new Intl.NumberFormat('da-DK', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    return numberFormat.format(value);
  }
  const fraction = match[2] ?? '';
  const cents = Number(match[1]! + fraction.padEnd(2, '0').slice(0, 2)) + (fraction.charAt(2) >= '5' ? 1 : 0);
  const text = String(cents).padStart(3, '0');
  const kroner = text.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, '.');
  return `${value < 0 || Object.is(value, -0) ? '-' : ''}${kroner},${text.slice(-2)}`;
}

/** 123450 øre → "1.234,50 kr." */
export function formatDkk(ore: Ore): string {
  return `${danishAmount(oreToKroner(ore))} kr.`;
}

/** 1234.5 kroner → "1.234,50" (no currency suffix, for table cells and inputs). */
export function formatKroner(kroner: number): string {
  return danishAmount(kroner);
}

/**
 * Reads a Danish amount as typed by a user ("1.234,50", "1234.5", "12") into kroner.
 * Anything unreadable gives 0, as the spec asks of amount and price inputs.
 */
export function parseKroner(text: string): number {
  const trimmed = text.trim().replace(/\s|kr\.?/gi, '');
  if (trimmed === '') return 0;
  // "1.234,50": dots group thousands, comma is the decimal mark.
  const normalised = trimmed.includes(',')
    ? trimmed.replace(/\./g, '').replace(',', '.')
    : trimmed;
  const value = Number(normalised);
  return Number.isFinite(value) ? value : 0;
}
