import { z } from 'zod';
import { ZOrderItem } from '../orders';

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

/**
 * The car identity the product look-ups take (`GET /api/car/carid/{manuId}/{modId}/{modelYear}`):
 * one model in one model year. `carId` is opaque to the client; it is passed back as `carId`.
 */
export const ZCarIdentity = z.object({
  carId: z.string(),
  manuId: z.number().int(),
  modId: z.number().int(),
  modelYear: z.number().int(),
});
export type TCarIdentity = z.infer<typeof ZCarIdentity>;

/** `carId` of a model in a model year: '12101-2019'. */
export function carIdOf(modId: number, modelYear: number): string {
  return `${modId}-${modelYear}`;
}

export function parseCarId(carId: string): { modId: number; modelYear: number } | null {
  const match = /^(\d{1,9})-(\d{4})$/.exec(carId.trim());
  return match ? { modId: Number(match[1]), modelYear: Number(match[2]) } : null;
}

/** The ten number kinds the product search offers (document 1 section 2, Products). */
/** The most products one search answers; a longer list helps nobody pick a window (the screen says so). */
export const PRODUCT_RESULT_LIMIT = 200;

export const PRODUCT_SEARCH_KINDS = [
  'No',
  'Description',
  'OES',
  'EuroCode',
  'SameAs',
  'AGC',
  'OEM',
  'AUTOVERSAPCode',
  'Nags',
  'AW',
] as const;
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

/** A vehicle identification number: 17 letters and digits, never I, O or Q. */
export const VIN_RE = /^[A-HJ-NPR-Z0-9]{17}$/;
export const ZVin = z
  .string()
  .trim()
  .toUpperCase()
  .regex(VIN_RE, { error: 'Stelnummeret skal være 17 tegn (bogstaver og tal, ikke I, O eller Q)' });

/** A mounting instruction for a EuroCode (`GET /api/Instruction/{id}`). */
export const ZInstruction = z.object({ url: z.string() });

/** Auto Valid VIN look-up: a ticket, polled until the answer is ready. */
export const AUTO_VALID_STATES = ['STARTED', 'NOTREADY', 'ENDED'] as const;
/** The answer of a ticket whose look-up has not finished yet. */
export const AUTO_VALID_NOT_READY = 'NOTREADY';
/** Auto Valid is offered only for these order types (document 1 section 2, Products). */
export const AUTO_VALID_ORDER_TYPES = ['REPLACE_FRONT', 'REPLACE_REAR', 'REPLACE_ROOF'] as const;
export type TAutoValidOrderType = (typeof AUTO_VALID_ORDER_TYPES)[number];
export const ZAutoValidTicket = z.object({ ticketId: z.string(), productGroups: z.array(ZProductGroup) });
export const ZAutoValidUpdate = z.union([z.string(), z.object({ vin: z.string(), products: z.array(ZProduct) })]);
