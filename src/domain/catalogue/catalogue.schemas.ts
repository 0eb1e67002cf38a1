import { z } from 'zod';
import { ZOrderItem } from '../orders/order.schemas';

/** Car makes and models (document 1 section 3); years encoded year*100+month, 0 'to' = current year. */
export const ZManufacturer = z.object({ manuId: z.number().int(), manuName: z.string() });
export type TManufacturer = z.infer<typeof ZManufacturer>;

export const ZCarModel = z.object({
  modelId: z.number().int(),
  modelName: z.string(),
  yearOfConstrFrom: z.number().int(),
  yearOfConstrTo: z.number().int(),
});
export type TCarModel = z.infer<typeof ZCarModel>;

/** The years a model can be chosen in: from its start year to its end year or the current year. */
export function modelYears(model: Pick<TCarModel, 'yearOfConstrFrom' | 'yearOfConstrTo'>, currentYear: number): number[] {
  const from = Math.floor(model.yearOfConstrFrom / 100);
  const to = model.yearOfConstrTo === 0 ? currentYear : Math.floor(model.yearOfConstrTo / 100);
  const years: number[] = [];
  for (let y = from; y <= to; y++) years.push(y);
  return years;
}

/** The ten number kinds the product search offers (document 1 section 2, Products). */
export const PRODUCT_SEARCH_KINDS = ['No', 'Description', 'OES', 'EuroCode', 'SameAs', 'AGC', 'OEM', 'AUTOVERSAPCode', 'Nags', 'AW'] as const;
export type TProductSearchKind = (typeof PRODUCT_SEARCH_KINDS)[number];

export const PRODUCT_SEARCH_KIND_LABELS: Record<TProductSearchKind, string> = {
  No: 'Produkt nummer',
  Description: 'Description',
  OES: 'OES',
  EuroCode: 'EuroCode',
  SameAs: 'SameAs',
  AGC: 'AGC',
  OEM: 'OEM',
  AUTOVERSAPCode: 'AUTOVERSAPCode',
  Nags: 'Nags',
  AW: 'AW',
};

/** A catalogue product as the product table shows it: an order item with stock, tips and sub-items filled. */
export const ZProduct = ZOrderItem;
export type TProduct = z.infer<typeof ZProduct>;

/** Product group with its products (document 1 section 3: id, name, checked, items). */
export const ZProductGroup = z.object({
  id: z.string(),
  name: z.string(),
  checked: z.boolean(),
  items: z.array(ZProduct),
});
export type TProductGroup = z.infer<typeof ZProductGroup>;

/** Auto Valid VIN look-up: a ticket, polled until the answer is ready. */
export const AUTO_VALID_STATES = ['STARTED', 'NOTREADY', 'ENDED'] as const;
export const ZAutoValidTicket = z.object({ ticketId: z.string(), productGroups: z.array(ZProductGroup) });
export const ZAutoValidUpdate = z.union([z.string(), z.object({ vin: z.string(), products: z.array(ZProduct) })]);
