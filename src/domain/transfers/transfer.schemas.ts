import { z } from 'zod';
import { isIsoDay } from '../lib/dates';

/**
 * Transfer orders (Vareflyt, document 2): goods from one stock location to another, shipped from a bin into
 * transit and received from transit into a bin. The wire keeps the spec's field names (order_No, line_No, …).
 */

export const TRANSFER_MESSAGES = {
  notFound: 'Overflytningslinjen findes ikke',
  notHere: 'Linjen hverken afsendes fra eller modtages på den valgte lokation',
  alreadyShipped: 'Linjen er allerede afsendt: der kan ikke afsendes mere, end der skal overflyttes',
  alreadyReceived: 'Linjen er allerede modtaget: der kan ikke modtages mere, end der er afsendt',
  notEnoughInBin: (bin: string) => `Der er ikke nok på lager på placering ${bin}`,
  unknownBin: 'Placeringskoden findes ikke på lokationen',
  unknownLocation: 'Lokationen findes ikke',
  samePlace: 'Fra og Til skal være to forskellige lokationer',
  unknownItem: (no: string) => `Ukendt varenummer: ${no}`,
  oneOrderAtATime: 'Alle linjer i en overflytning skal have samme Fra og Til',
  noLines: 'Vælg mindst én vare',
  registered: 'Overflytnings ordre er registreret',
  zeroCorrection: 'En lagerrettelse skal ændre antallet: skriv et antal forskelligt fra 0',
} as const;

/** A line as the list shows it, from one location's side (is_Receipt: it is received there, else sent from there). */
export const ZTransferLine = z.object({
  order_No: z.string(),
  line_No: z.number().int(),
  transfer_from_Code: z.string(),
  transfer_To_Code: z.string(),
  item_No: z.string(),
  description: z.string(),
  measure_Unit: z.string(),
  /** The line's quantity to move. */
  qty_in_Transit: z.number().int(),
  qty_Shipped: z.number().int(),
  qty_Received: z.number().int(),
  /** A confirmation of the line still waits to reach the ERP. */
  nav_Need_Update: z.boolean(),
  is_Receipt: z.boolean(),
  /** This side's confirmation is registered in the app's database. */
  in_DB: z.boolean(),
  /** When the line was received (or, on the sending side, shipped); null before. */
  receipt_Date: z.string().nullable(),
  /** When the transfer order was made. */
  created: z.string(),
});
export type TTransferLine = z.infer<typeof ZTransferLine>;

/** The spec's month-day-year dates of the list filter ('MM-DD-YYYY'); ISO 'YYYY-MM-DD' is taken too. */
const ZFilterDate = z
  .string()
  .trim()
  .refine((v) => /^(\d{2})-(\d{2})-(\d{4})$/.test(v) || /^\d{4}-\d{2}-\d{2}/.test(v), { error: 'Field must be a date dd/MM-YYYY' })
  .transform((v) => {
    const us = /^(\d{2})-(\d{2})-(\d{4})$/.exec(v);
    return us ? `${us[3]}-${us[1]}-${us[2]}` : v.slice(0, 10);
  })
  .refine(isIsoDay, { error: 'Field must be a date dd/MM-YYYY' });

/** GET /api/transfer/transfers: the lines at a location (a department, or a warehouse by its code). */
export const ZTransferQuery = z.object({
  departmentGuid: z.string().max(36).default(''),
  location: z.string().trim().max(20).default(''),
  from_date: ZFilterDate.optional(),
  to_date: ZFilterDate.optional(),
  order_nr: z.string().trim().max(20).default(''),
});
export type TTransferQuery = z.infer<typeof ZTransferQuery>;

/** A new line of POST /api/transfer/transfer; every line of one call makes one transfer order. */
export const ZNewTransferLine = z.object({
  transfer_from_Code: z.string().trim().min(1).max(20),
  transfer_To_Code: z.string().trim().min(1).max(20),
  item_No: z.string().trim().min(1).max(50),
  description: z.string().trim().max(255).default(''),
  measure_Unit: z.string().trim().max(10).default('STK'),
  qty_in_Transit: z.number().int().min(1).max(10_000),
});
export const ZNewTransfer = z.array(ZNewTransferLine).min(1, { error: TRANSFER_MESSAGES.noLines }).max(200);
export type TNewTransferLine = z.infer<typeof ZNewTransferLine>;

/** POST /api/transfer/transfer/{orderNo}/{lineNo}/{quantity}/{bin}?departmentGuid: a shipment or a receipt. */
export const ZTransferConfirmParams = z.object({
  orderNo: z.string().trim().min(1).max(20),
  lineNo: z.coerce.number().int().min(0).max(1_000_000),
  quantity: z.coerce.number().int().min(0).max(10_000),
  bin: z.string().trim().min(1).max(20),
});

/**
 * POST /api/transfer/correction: a stock count's difference in a bin (Placeringskode) of a shop or a warehouse,
 * positive when more was counted than the app holds, negative when less. A CORRECTION movement of the ledger.
 */
export const ZStockCorrection = z.object({
  location: z.string().trim().min(1).max(20),
  bin: z.string().trim().min(1).max(20),
  item_No: z.string().trim().min(1).max(50),
  quantity: z
    .number()
    .int()
    .min(-10_000)
    .max(10_000)
    .refine((n) => n !== 0, { error: TRANSFER_MESSAGES.zeroCorrection }),
});
export type TStockCorrection = z.infer<typeof ZStockCorrection>;

/** The bin's amount after a correction. */
export const ZStockCorrectionResult = z.object({ location: z.string(), bin: z.string(), item_No: z.string(), amount: z.number().int() });
export type TStockCorrectionResult = z.infer<typeof ZStockCorrectionResult>;

/** A workshop's shelves: A for windscreens, B for other glass, C for small parts (the demo's and a new shop's). */
export const SHOP_BINS = { windscreen: ['A-01', 'A-02'], glass: ['B-11', 'B-12'], shelf: ['C-01'] } as const;

/** A bin (Placeringskode); `Amount` of the item asked about, when one was. */
export const ZBin = z.object({ Code: z.string(), Amount: z.number().int().optional() });
export type TBin = z.infer<typeof ZBin>;
export const ZStockLocation = z.object({ code: z.string(), name: z.string(), departmentId: z.string().nullable(), kind: z.string() });

/** The side of a line a location handles: it ships it (from) or receives it (to). */
export function sideOf(line: { fromCode: string; toCode: string }, locationCode: string): 'SHIP' | 'RECEIVE' | null {
  if (line.fromCode === locationCode) return 'SHIP';
  if (line.toCode === locationCode) return 'RECEIVE';
  return null;
}

/** The handle button is done when the side's quantity (shipped, or received) equals the line's quantity. */
export function lineDone(line: Pick<TTransferLine, 'is_Receipt' | 'qty_in_Transit' | 'qty_Shipped' | 'qty_Received'>): boolean {
  return (line.is_Receipt ? line.qty_Received : line.qty_Shipped) >= line.qty_in_Transit;
}

/** How much a side may still confirm: shipping up to the quantity, receiving up to what was shipped. */
export function openQuantity(line: Pick<TTransferLine, 'is_Receipt' | 'qty_in_Transit' | 'qty_Shipped' | 'qty_Received'>): number {
  return line.is_Receipt ? line.qty_Shipped - line.qty_Received : line.qty_in_Transit - line.qty_Shipped;
}
