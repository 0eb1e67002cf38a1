import { z } from 'zod';

/** 'Gl. Prisliste' (document 3, OLD_PRODUCTS /oldproducts): list prices that no longer apply. */
export const ZOldPrice = z.object({
  id: z.string(),
  /** The product number (Varenummer). */
  productNo: z.string(),
  name: z.string(),
  euroCode: z.string(),
  /** The old list price excl. VAT, kroner. */
  listPrice: z.number(),
  /** First and last day the price applied (YYYY-MM-DD); validFrom null when unknown. */
  validFrom: z.string().nullable(),
  validTo: z.string(),
});
export type TOldPrice = z.infer<typeof ZOldPrice>;

/** At most this many rows answer one search; the screen says when there are more. */
export const OLD_PRICE_SEARCH_LIMIT = 200;

export const OLD_PRICE_MESSAGES = {
  searchTooShort: 'Skriv mindst 2 tegn',
} as const;

export const ZOldPriceSearch = z.object({
  term: z.string().trim().min(2, OLD_PRICE_MESSAGES.searchTooShort).max(100),
});

export const ZOldPriceResult = z.object({
  prices: z.array(ZOldPrice),
  /** More rows matched than were answered. */
  more: z.boolean(),
});
export type TOldPriceResult = z.infer<typeof ZOldPriceResult>;

/** The words of a search: every one must occur in the number, name or EuroCode. */
export function searchWords(term: string): string[] {
  return term
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 6);
}
