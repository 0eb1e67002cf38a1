import { z } from 'zod';

export const ZInsurer = z.object({ name: z.string(), bilStatistikName: z.string(), cashDebitorId: z.string() });
export type TInsurer = z.infer<typeof ZInsurer>;

export const ZLeaser = z.object({ name: z.string() });
export type TLeaser = z.infer<typeof ZLeaser>;

/** Fields the debitor search can look in: name, phone, customer number (NAV) or CVR. */
export const DEBITOR_SEARCH_FIELDS = ['NAME', 'PHONE', 'NAV', 'CVR'] as const;
export type TDebitorSearchField = (typeof DEBITOR_SEARCH_FIELDS)[number];

/** Autocomplete starts at four typed characters (document 1 section 9). */
export const AUTOCOMPLETE_MIN_LENGTH = 4;

/** The debitor as search and look-ups answer it, in the order's debitor shape. */
export const ZDebitor = z.object({
  no: z.string(),
  debitorName: z.string(),
  address: z.string(),
  zipCode: z.string(),
  city: z.string(),
  phone: z.string(),
  email: z.string(),
  cvr: z.string(),
});
export type TDebitor = z.infer<typeof ZDebitor>;

/** The account name that marks a placeholder to be replaced; shown in red. */
export const DUMMY_DEBITOR_NAME = 'DUMMY - SKIFT KONTO';

export const ZDebitorPricesRequest = z.object({
  DebitorNo: z.string().min(1).max(50),
  Items: z.array(z.string().max(50)).max(500),
});

/** A debitor's price for one item: unit price excl. VAT in kroner, and the discount behind it. */
export const ZDebitorItemPrice = z.object({
  itemNo: z.string(),
  price: z.number(),
  discountPercent: z.number(),
  discountAmount: z.number(),
});
export type TDebitorItemPrice = z.infer<typeof ZDebitorItemPrice>;
