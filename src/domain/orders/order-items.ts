import { inclVatPriceToExcl } from './order-pricing';
import { ITEM_NUMBERS, ITEM_TYPES, isReplaceType, type TOrderType } from './order-enums';
import type { TOrderItem } from './order.schemas';

/**
 * The order lines and the rules that add or remove lines by themselves
 * (document 1 section 4 'Product lines', document 2 sections 4 and 9).
 * Every function returns a new array; the input is never changed.
 */

type Items<T> = readonly T[];

const CALIBRATION: readonly string[] = ITEM_NUMBERS.CALIBRATION;
const MOBILE_SERVICE: readonly string[] = ITEM_NUMBERS.MOBILE_SERVICE;
const LIMPUDER: readonly string[] = ITEM_NUMBERS.LIMPUDER;
/** Lines the system adds or that are not glass: never a main item. */
const FIXED_NUMBERS: ReadonlySet<string> = new Set([
  ITEM_NUMBERS.SERVICE_LINE,
  ITEM_NUMBERS.FREE_LOAN_CAR,
  ...CALIBRATION,
  ...MOBILE_SERVICE,
  ...LIMPUDER,
]);

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Number.isFinite(value) ? value : 0));

/** A line that is never a main item: the service line, the loan car, calibration, mobile-service zones and limpuder. */
export function isFixedLine(item: Pick<TOrderItem, 'itemNo'>): boolean {
  return FIXED_NUMBERS.has(item.itemNo);
}

/** A window pane product: a plain product (type none) that is no service and no fixed line. */
export function isReplacementGlass(item: Pick<TOrderItem, 'itemNo' | 'type' | 'isService'>): boolean {
  return item.type === ITEM_TYPES.NONE && !item.isService && !FIXED_NUMBERS.has(item.itemNo);
}

/** Lines the rules add by themselves (UD, BIL001) and the mobile-service zone lines: not a product the user chose. */
export function isAutomaticLine(item: Pick<TOrderItem, 'itemNo'>): boolean {
  return item.itemNo === ITEM_NUMBERS.SERVICE_LINE || item.itemNo === ITEM_NUMBERS.FREE_LOAN_CAR || MOBILE_SERVICE.includes(item.itemNo);
}

export type TAddMode = 'bulk' | 'single';

/**
 * Adds `amount` of a product. A product already on the order (same itemNo) gets its amount
 * raised by `amount` in bulk add and set to `amount` in single add; otherwise it is appended.
 * On a replace order (REPLACE*) without a main item, the first replacement-glass product
 * added becomes the main item. A non-positive amount changes nothing.
 */
export function addProduct<T extends TOrderItem>(items: Items<T>, product: T, mode: TAddMode, amount: number, orderType: TOrderType): T[] {
  if (!(amount > 0) || !Number.isFinite(amount)) return [...items];
  const existing = items.findIndex((item) => item.itemNo === product.itemNo);
  const makesMain = isReplaceType(orderType) && isReplacementGlass(product) && !items.some((item) => item.isMainItem);
  if (existing >= 0) {
    return items.map((item, index) =>
      index === existing
        ? { ...item, amount: mode === 'bulk' ? item.amount + amount : amount, isMainItem: item.isMainItem || makesMain }
        : item,
    );
  }
  return [...items, { ...product, amount, isMainItem: makesMain }];
}

/** Removes the line of an item number. */
export function removeItem<T extends TOrderItem>(items: Items<T>, itemNo: string): T[] {
  return items.filter((item) => item.itemNo !== itemNo);
}

/** Sets a line's amount (never below 0; use parseAmountInput for the typed text). */
export function setAmount<T extends TOrderItem>(items: Items<T>, itemNo: string, amount: number): T[] {
  return items.map((item) => (item.itemNo === itemNo ? { ...item, amount: clamp(amount, 0, Number.MAX_SAFE_INTEGER) } : item));
}

/** Sets a line's unit price excl. VAT in kroner (the ReviewManager's direct edit). */
export function setUnitPriceExcl<T extends TOrderItem>(items: Items<T>, itemNo: string, priceExclKroner: number): T[] {
  return items.map((item) => (item.itemNo === itemNo ? { ...item, itemPrice: clamp(priceExclKroner, 0, Number.MAX_SAFE_INTEGER) } : item));
}

/** Sets a line's unit price from the incl.-VAT value the confirm table shows: stored ×0.8. */
export function setUnitPriceIncl<T extends TOrderItem>(items: Items<T>, itemNo: string, priceInclKroner: number): T[] {
  return setUnitPriceExcl(items, itemNo, inclVatPriceToExcl(clamp(priceInclKroner, 0, Number.MAX_SAFE_INTEGER)));
}

/** Sets a line's own discount in percent (0-100). */
export function setLineDiscountPercent<T extends TOrderItem>(items: Items<T>, itemNo: string, percent: number): T[] {
  return items.map((item) => (item.itemNo === itemNo ? { ...item, discountPercent: clamp(percent, 0, 100) } : item));
}

/**
 * Whether an order's job is a fitting (document 2 section 9: UD only where the order type calls for fitting):
 * a window replacement, and a complaint that books a window-replacement slot (REPLACE_SLOT). A stone-chip
 * repair, an extra sale and a complaint without fitting are not.
 */
export function callsForFitting(order: {
  additionalData: { orderType: TOrderType };
  complaint?: { complaintType: string } | null;
}): boolean {
  const type = order.additionalData.orderType;
  if (type === 'COMPLAINT' || type === 'INTERNAL_COMPLAINT') return order.complaint?.complaintType === 'REPLACE_SLOT';
  return isReplaceType(type);
}

/**
 * The fixed service line UD: on an order whose job is a fitting (callsForFitting), removed from every other.
 * An existing UD line is kept as it is (amount, price); a missing one is added once.
 */
export function withServiceLine<T extends TOrderItem>(items: Items<T>, fitting: boolean, serviceProduct: T): T[] {
  const no = ITEM_NUMBERS.SERVICE_LINE;
  if (!fitting) return items.filter((item) => item.itemNo !== no);
  if (items.some((item) => item.itemNo === no)) return [...items];
  return [...items, { ...serviceProduct, itemNo: no, no, amount: 1, isMainItem: false }];
}

/**
 * The free loan car line BIL001 (type 2, price 0) follows the chosen slot's hasFreeCar: present
 * when the slot has a free car, removed when it has not. Never on an extra sale (SALE).
 */
export function withFreeLoanCar<T extends TOrderItem>(
  items: Items<T>,
  slotHasFreeCar: boolean,
  orderType: TOrderType,
  loanCarProduct: T,
): T[] {
  const no = ITEM_NUMBERS.FREE_LOAN_CAR;
  const others = items.filter((item) => item.itemNo !== no);
  if (!slotHasFreeCar || orderType === 'SALE') return others;
  const free = { type: ITEM_TYPES.ACCESSORY, itemPrice: 0, discountPercent: 0, isMainItem: false };
  const index = items.findIndex((item) => item.itemNo === no);
  if (index >= 0) return items.map((item, i) => (i === index ? { ...item, ...free } : item));
  return [...items, { ...loanCarProduct, itemNo: no, no, amount: 1, ...free }];
}

/**
 * The mobile-service location product (the zone surcharge REP6, REP7 or REP8):
 * - at a mobile-service department exactly the lines already there are kept: if any of
 *   REP6/REP7/REP8 is on the order nothing changes (so a zone chosen by hand stays);
 *   otherwise `zoneProduct` (REP6, zone 1, by default) is added once;
 * - at a workshop all REP6/REP7/REP8 lines are removed.
 */
export function withMobileServiceProduct<T extends TOrderItem>(items: Items<T>, isMobileDepartment: boolean, zoneProduct: T): T[] {
  if (!isMobileDepartment) return items.filter((item) => !MOBILE_SERVICE.includes(item.itemNo));
  if (items.some((item) => MOBILE_SERVICE.includes(item.itemNo))) return [...items];
  return [...items, { ...zoneProduct, amount: 1, isMainItem: false }];
}

/** The order has the free loan car (BIL001): it enables the loan agreement. */
export function hasFreeLoanCar(items: Items<Pick<TOrderItem, 'itemNo'>>): boolean {
  return items.some((item) => item.itemNo === ITEM_NUMBERS.FREE_LOAN_CAR);
}

/** twoManJob: true when any line is a two-person job. */
export function isTwoManJob(items: Items<Pick<TOrderItem, 'twoPersonJob'>>): boolean {
  return items.some((item) => item.twoPersonJob);
}

/** Calibration lines (PK3, PK5, PK6): they exclude mobile-service departments. */
export function hasCalibration(items: Items<Pick<TOrderItem, 'itemNo'>>): boolean {
  return items.some((item) => CALIBRATION.includes(item.itemNo));
}

/** The 'limpuder' item numbers offered as a quick add: those not yet on the order. */
export function limpuderQuickAdd(items: Items<Pick<TOrderItem, 'itemNo'>>): string[] {
  const present = new Set(items.map((item) => item.itemNo));
  return LIMPUDER.filter((no) => !present.has(no));
}

/** The main item (the replaced pane) of the order, if any. */
export function mainItem<T extends TOrderItem>(items: Items<T>): T | undefined {
  return items.find((item) => item.isMainItem);
}

/**
 * 'På lager' (true) or 'Ikke på lager' (false) for the order's pane — its main item, else its first glass line — at
 * any of the stock locations (a workshop's own; a van's workshop's), read from the stock per location the line
 * carries (the same ledger as Lageroversigt and the calendar); null when the order has no pane or the line carries
 * no stock (a saved order's lines do not: the calendar shows it there).
 */
export function paneInStock(
  items: Items<Pick<TOrderItem, 'itemNo' | 'type' | 'isService' | 'isMainItem' | 'status'>>,
  locationCodes: readonly string[],
): boolean | null {
  const pane = items.find((item) => item.isMainItem) ?? items.find(isReplacementGlass);
  if (!pane || pane.status.length === 0) return null;
  return pane.status.some((s) => locationCodes.includes(s.code) && s.amount > 0);
}

export type TSavedItem = Pick<
  TOrderItem,
  'no' | 'amount' | 'description' | 'discountPercent' | 'itemNo' | 'itemPrice' | 'type' | 'name' | 'twoPersonJob' | 'isMainItem'
>;

/** The saved item payload (document 1 section 7): the line reduced to what the server keeps. */
export function toSavedItem(item: TSavedItem): TSavedItem {
  return {
    no: item.no,
    amount: item.amount,
    description: item.description,
    discountPercent: item.discountPercent,
    itemNo: item.itemNo,
    itemPrice: item.itemPrice,
    type: item.type,
    name: item.name,
    twoPersonJob: item.twoPersonJob,
    isMainItem: item.isMainItem,
  };
}
