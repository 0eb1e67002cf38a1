import { addVat, kronerToOre, oreToKroner, parseKroner, removeVat, type Ore } from '../lib/money';
import type { TDebitorItemPrice } from '../parties';
import { ITEM_NUMBERS } from './order-enums';
import type { TAdditionalData, TOrder, TOrderItem } from './order.schemas';

/**
 * Prices of an order (document 1 sections 4, 5 and 9). Everything on the wire is kroner
 * excl. VAT; sums are done in whole øre (lib/money.ts) so they never drift. Screens show
 * and take unit prices and the kr discount incl. VAT and store them ×0.8.
 */

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const finiteOr0 = (value: number) => (Number.isFinite(value) ? value : 0);

export type TPricedLine = Pick<TOrderItem, 'itemPrice' | 'amount' | 'discountPercent'>;

/** A line's total excl. VAT: unit price × amount × (1 − line discount %), rounded to whole øre; never negative. */
export function lineTotalOre(item: TPricedLine): Ore {
  const unitOre = kronerToOre(finiteOr0(item.itemPrice));
  const amount = Math.max(0, finiteOr0(item.amount));
  const percent = clamp(finiteOr0(item.discountPercent), 0, 100);
  return Math.max(0, Math.round((unitOre * amount * (100 - percent)) / 100));
}

export interface TOrderTotals {
  /** The sum of the lines excl. VAT, before the order discount. */
  linesExclOre: Ore;
  /** The order discount excl. VAT. */
  discountOre: Ore;
  totalExclOre: Ore;
  vatOre: Ore;
  totalInclOre: Ore;
}

export type TOrderDiscount = Pick<TAdditionalData, 'discountPercent' | 'discountAmount'>;

export type TDiscountMode = 'percent' | 'amount' | 'none';

/**
 * Which order discount is in use: only one at a time. A percent above 0 wins over a kr
 * amount when (against the rules of the screen) both are set.
 */
export function discountMode(discount: TOrderDiscount): TDiscountMode {
  if (finiteOr0(discount.discountPercent) > 0) return 'percent';
  if (finiteOr0(discount.discountAmount) > 0) return 'amount';
  return 'none';
}

/** The percent box is disabled while kr is used, and vice versa. */
export function discountInputsDisabled(discount: TOrderDiscount): { percent: boolean; amount: boolean } {
  const mode = discountMode(discount);
  return { percent: mode === 'amount', amount: mode === 'percent' };
}

/**
 * The order's totals. The order discount is `discountPercent` of the lines' sum, or
 * `discountAmount` (kroner excl. VAT) capped at that sum; VAT is 25 % of what remains.
 */
export function orderTotals(order: { items: readonly TPricedLine[]; additionalData: TOrderDiscount }): TOrderTotals {
  const linesExclOre = order.items.reduce((sum, item) => sum + lineTotalOre(item), 0);
  const discount = order.additionalData;
  let discountOre = 0;
  switch (discountMode(discount)) {
    case 'percent':
      discountOre = Math.round((linesExclOre * clamp(discount.discountPercent, 0, 100)) / 100);
      break;
    case 'amount':
      discountOre = Math.min(kronerToOre(discount.discountAmount), linesExclOre);
      break;
    case 'none':
      break;
  }
  const totalExclOre = Math.max(0, linesExclOre - discountOre);
  const totalInclOre = addVat(totalExclOre);
  return { linesExclOre, discountOre, totalExclOre, vatOre: totalInclOre - totalExclOre, totalInclOre };
}

/** What one line costs after the order discount: its total excl. VAT and the whole discount off its list total, in percent. */
export interface TLinePayment {
  paymentOre: Ore;
  /** Line and order discount together, off unit price × amount, two decimals. */
  discountPercent: number;
}

/**
 * The order discount spread over the lines, for the ERP (which takes a payment and a discount per line, no
 * order discount): each line bears the discount in proportion to its total, in whole øre, the rounding rest
 * on the largest lines, so the payments add up to the order's total excl. VAT exactly.
 */
export function linePayments(order: { items: readonly TPricedLine[]; additionalData: TOrderDiscount }): TLinePayment[] {
  const totals = orderTotals(order);
  const lineOre = order.items.map(lineTotalOre);
  const shares = lineOre.map((ore) => (totals.linesExclOre > 0 ? Math.floor((ore * totals.discountOre) / totals.linesExclOre) : 0));
  let rest = totals.discountOre - shares.reduce((sum, share) => sum + share, 0);
  const largestFirst = lineOre.map((ore, index) => ({ ore, index })).sort((a, b) => b.ore - a.ore || a.index - b.index);
  for (let i = 0; rest > 0 && largestFirst.length > 0; i = (i + 1) % largestFirst.length) {
    const { index } = largestFirst[i]!;
    if (shares[index]! < lineOre[index]!) {
      shares[index]! += 1;
      rest -= 1;
    }
  }
  return order.items.map((item, index) => {
    const paymentOre = lineOre[index]! - shares[index]!;
    const listOre = Math.round(kronerToOre(finiteOr0(item.itemPrice)) * Math.max(0, finiteOr0(item.amount)));
    const discountPercent = listOre > 0 ? Math.round(((listOre - paymentOre) / listOre) * 10000) / 100 : 0;
    return { paymentOre, discountPercent };
  });
}

/** The order total before the order discount, incl. VAT, in kroner: the cap of the kr discount box. */
export function discountAmountCapInclKroner(order: { items: readonly TPricedLine[] }): number {
  const linesExclOre = order.items.reduce((sum, item) => sum + lineTotalOre(item), 0);
  return oreToKroner(addVat(linesExclOre));
}

/** Sets the percent discount; the kr discount is cleared, as only one is used at a time. */
export function withDiscountPercent<T extends TOrderDiscount>(additionalData: T, percent: number): T {
  return { ...additionalData, discountPercent: clamp(finiteOr0(percent), 0, 100), discountAmount: 0 };
}

/** Sets the kr discount from the incl.-VAT value the screen takes (stored ×0.8); the percent is cleared. */
export function withDiscountAmountIncl<T extends TOrderDiscount>(additionalData: T, inclVatKroner: number): T {
  return { ...additionalData, discountAmount: inclVatPriceToExcl(Math.max(0, finiteOr0(inclVatKroner))), discountPercent: 0 };
}

// ---------------------------------------------------------------------------
// Inputs (document 1 section 5)

export const DISCOUNT_PERCENT_MAX_LENGTH = 4;
export const DISCOUNT_PERCENT_MAX = 100;

/** Up to three digits (so that 100 can be typed), an optional dot or comma and up to two decimals. */
const DISCOUNT_PERCENT_RE = /^\d{1,3}(?:[.,]\d{0,2})?$/;
/** Kroner as typed: digits, an optional dot or comma and up to two decimals (no thousands separators). */
const KRONER_INPUT_RE = /^\d+(?:[.,]\d{0,2})?$/;

/**
 * The discount-percent box. Returns the percent the text means, or null when the keystroke
 * breaks the pattern (max length 4; digits, an optional dot or comma, up to 2 decimals), so
 * the box keeps its previous value. Empty means 0; above 100 means 100 (the box then shows 100).
 * Typing in between ('12,') is accepted as the number so far.
 */
export function parseDiscountPercentInput(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  if (trimmed.length > DISCOUNT_PERCENT_MAX_LENGTH || !DISCOUNT_PERCENT_RE.test(trimmed)) return null;
  return Math.min(DISCOUNT_PERCENT_MAX, parseKroner(trimmed));
}

/**
 * The discount-kr box, incl. VAT as shown. Returns the kroner the text means, capped at the
 * order total before discount (incl. VAT, see `discountAmountCapInclKroner`); empty means 0;
 * null when the keystroke makes the text non-numeric, so the box keeps its previous value.
 * Store the result with `withDiscountAmountIncl` (×0.8).
 */
export function parseDiscountAmountInput(text: string, totalBeforeDiscountInclVatKroner: number): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return 0;
  if (!KRONER_INPUT_RE.test(trimmed)) return null;
  return Math.min(parseKroner(trimmed), Math.max(0, finiteOr0(totalBeforeDiscountInclVatKroner)));
}

/** A line's amount box: anything non-numeric (or negative) becomes 0. */
export function parseAmountInput(text: string): number {
  return Math.max(0, parseKroner(text));
}

/** A line's price box (kroner, Danish or plain notation): anything non-numeric (or negative) becomes 0. */
export function parsePriceInput(text: string): number {
  return Math.max(0, parseKroner(text));
}

/** An entered incl.-VAT price stored excl. VAT: ×0.8, to whole øre. */
export function inclVatPriceToExcl(kronerIncl: number): number {
  return oreToKroner(removeVat(kronerToOre(kronerIncl)));
}

/** An excl.-VAT price shown incl. VAT: ×1.25, to whole øre. */
export function exclVatPriceToIncl(kronerExcl: number): number {
  return oreToKroner(addVat(kronerToOre(kronerExcl)));
}

// ---------------------------------------------------------------------------
// Debitor prices ('Kundepris')

/** One price agreement of a debitor; a general discount has neither product nor group. */
export interface TPriceAgreement {
  productNo: string | null;
  productGroupId: string | null;
  discountPercent: number;
  netPriceOre: number | null;
}

export interface TDebitorPriceResult {
  /** The debitor's unit price excl. VAT. */
  priceOre: Ore;
  /** The discount off the list price, in percent (two decimals) and øre; never negative. */
  discountPercent: number;
  discountAmountOre: Ore;
}

/**
 * The 'Kundepris' rule: a net price agreed for the product wins (the lowest, if several);
 * else the best (largest) discount agreed for the product or its product group; else the
 * debitor's general discount (the largest, if several); else the list price.
 * A net price above the list price is still the price, with no discount shown.
 */
export function debitorPriceFor(
  listPriceOre: Ore,
  productNo: string,
  productGroupId: string | null,
  agreements: readonly TPriceAgreement[],
): TDebitorPriceResult {
  const list = Math.max(0, Math.round(listPriceOre));
  const forProduct = (a: TPriceAgreement) => a.productNo !== null && a.productNo === productNo;
  const forGroup = (a: TPriceAgreement) => a.productNo === null && a.productGroupId !== null && a.productGroupId === productGroupId;
  const isGeneral = (a: TPriceAgreement) => a.productNo === null && a.productGroupId === null;

  const netPrices = agreements.filter((a) => forProduct(a) && a.netPriceOre !== null).map((a) => Math.max(0, Math.round(a.netPriceOre!)));
  if (netPrices.length) {
    const priceOre = Math.min(...netPrices);
    const discountAmountOre = Math.max(0, list - priceOre);
    const discountPercent = list > 0 ? Math.round((discountAmountOre / list) * 10000) / 100 : 0;
    return { priceOre, discountPercent, discountAmountOre };
  }

  const best = (rows: TPriceAgreement[]) =>
    rows.length ? Math.max(...rows.map((a) => clamp(finiteOr0(a.discountPercent), 0, 100))) : null;
  const percent =
    best(agreements.filter((a) => (forProduct(a) || forGroup(a)) && a.netPriceOre === null)) ??
    best(agreements.filter((a) => isGeneral(a) && a.netPriceOre === null)) ??
    0;
  const priceOre = Math.round((list * (100 - percent)) / 100);
  return { priceOre, discountPercent: percent, discountAmountOre: list - priceOre };
}

/**
 * How a debitor's price goes onto an order line, so that every screen shows one discount with one meaning
 * ('Rabat', off the list price): the list price as the unit price and the agreement's discount as the line's
 * discount, when that gives the debitor's price to the øre (a percent agreement always does). A net price that a
 * percent cannot give exactly is the unit price itself, with no discount ('Nettopris').
 */
export function debitorLinePrice(price: Pick<TDebitorItemPrice, 'price' | 'discountPercent' | 'discountAmount'>): {
  itemPrice: number;
  discountPercent: number;
  kind: 'discount' | 'net' | 'list';
} {
  const priceOre = kronerToOre(finiteOr0(price.price));
  const percent = clamp(finiteOr0(price.discountPercent), 0, 100);
  const listOre = priceOre + kronerToOre(Math.max(0, finiteOr0(price.discountAmount)));
  if (percent > 0 && listOre > priceOre && Math.round((listOre * (100 - percent)) / 100) === priceOre) {
    return { itemPrice: oreToKroner(listOre), discountPercent: percent, kind: 'discount' };
  }
  return { itemPrice: oreToKroner(priceOre), discountPercent: 0, kind: listOre > priceOre ? 'net' : 'list' };
}

/**
 * Re-prices the order's lines from a debitor's prices ('Changing debitor re-prices items'): a line whose item
 * has a price gets it as `debitorLinePrice` puts it (the list price and the agreement's discount, or a net
 * price), and the price record as `debitorPrice`. Lines without a price keep theirs, and the free loan car
 * (BIL001) is always free.
 */
export function applyDebitorPrices<T extends TOrderItem>(items: readonly T[], prices: readonly TDebitorItemPrice[]): T[] {
  const byItemNo = new Map(prices.map((p) => [p.itemNo, p]));
  return items.map((item) => {
    const price = byItemNo.get(item.itemNo);
    if (!price || item.itemNo === ITEM_NUMBERS.FREE_LOAN_CAR) return item;
    const line = debitorLinePrice(price);
    return {
      ...item,
      itemPrice: line.itemPrice,
      discountPercent: line.discountPercent,
      debitorPrice: {
        itemNo: price.itemNo,
        price: price.price,
        discountPercent: price.discountPercent,
        discountAmount: price.discountAmount,
      },
    };
  });
}

/** Debitor prices are fetched only when the order has items, and there is a debitor to ask for. */
export function needsDebitorPrices(order: Pick<TOrder, 'items'> & { debitor: Pick<TOrder['debitor'], 'no'> }): boolean {
  return order.items.length > 0 && order.debitor.no.trim() !== '';
}
