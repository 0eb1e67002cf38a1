import { formatDecimal } from './format';

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

/** 123450 øre → "1.234,50 kr." */
export function formatDkk(ore: Ore): string {
  return `${formatDecimal(oreToKroner(ore), 2)} kr.`;
}

/** 1234.5 kroner → "1.234,50" (no currency suffix, for table cells and inputs). */
export function formatKroner(kroner: number): string {
  return formatDecimal(kroner, 2);
}

/**
 * Reads a Danish amount as typed by a user ("1.234,50", "1234.5", "12") into kroner.
 * Anything unreadable gives 0, as the spec asks of amount and price inputs.
 */
export function parseKroner(text: string): number {
  const trimmed = text.trim().replace(/\s|kr\.?/gi, '');
  if (trimmed === '') return 0;
  // "1.234,50": dots group thousands, comma is the decimal mark.
  const normalised = trimmed.includes(',') ? trimmed.replace(/\./g, '').replace(',', '.') : trimmed;
  const value = Number(normalised);
  return Number.isFinite(value) ? value : 0;
}
