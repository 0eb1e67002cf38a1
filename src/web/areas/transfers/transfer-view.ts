/**
 * What Vareflyt and the dashboard block show of transfer lines, and how the screen's filter goes on the wire and in
 * the address bar. Pure functions, tested beside this file; the line rules themselves (which side, done, open) are
 * the domain's (`src/domain/transfers/transfer.schemas.ts`).
 */
import { daysInMonth, isIsoDay, todayInCopenhagen } from '@/domain/lib/dates';
import { isSetGuid } from '@/domain/lib/guid';
import { lineDone, openQuantity, type TTransferLine } from '@/domain/transfers/transfer.schemas';

/** A place goods are sent from or received at: a department's shop (it has a department id) or a warehouse. */
export interface TransferPlace {
  /** The stock location's code ('ARH', 'NØR-LAGER'). */
  code: string;
  name: string;
  /** The department's id for a shop; null for a warehouse. */
  departmentId: string | null;
}

const q = encodeURIComponent;
const pad = (n: number) => String(n).padStart(2, '0');

/** The place's part of a transfer call: `departmentGuid=` for a shop (the spec's), `location=` for a warehouse. */
export function placeParam(place: TransferPlace): string {
  return isSetGuid(place.departmentId) ? `departmentGuid=${q(place.departmentId)}` : `location=${q(place.code)}`;
}

/** The id the bin list is asked for: the department's id, or a warehouse's code. */
export function binListId(place: TransferPlace): string {
  return isSetGuid(place.departmentId) ? place.departmentId : place.code;
}

/** A place one can ask about: a zero-GUID department without a code means none chosen (no look-ups). */
export function isKnownPlace(place: TransferPlace | null | undefined): place is TransferPlace {
  return place != null && (isSetGuid(place.departmentId) || (place.departmentId === null && place.code !== ''));
}

const DANISH = new Intl.Collator('da');

/** The location dropdowns' options: warehouses first, then the departments' shops, each as 'Navn (KODE)'. */
export function locationOptions(locations: ReadonlyArray<{ code: string; name: string; departmentId: string | null }>) {
  const option = (l: { code: string; name: string }) => ({ value: l.code, label: l.name === l.code ? l.code : `${l.name} (${l.code})` });
  // Danish order: 'Aa' sorts as 'Å', so Aarhus comes last.
  const sorted = [...locations].sort((a, b) => DANISH.compare(a.name, b.name));
  const warehouses = sorted.filter((l) => l.departmentId === null).map(option);
  const shops = sorted.filter((l) => l.departmentId !== null).map(option);
  return [
    ...(warehouses.length ? [{ group: 'Lagre', items: warehouses }] : []),
    ...(shops.length ? [{ group: 'Afdelinger', items: shops }] : []),
  ];
}

// ---- The filter -------------------------------------------------------------------------------------

/** The list's filter; days are ISO 'YYYY-MM-DD', '' for none. */
export interface TransferFilter {
  /** The chosen location's code; '' for none. */
  location: string;
  fromDate: string;
  toDate: string;
  orderNr: string;
}

/** The same day a month earlier; the month's last day when it is shorter (31/03 → 28/02). */
export function monthBefore(isoDay: string): string {
  const [year, month, day] = isoDay.split('-').map(Number) as [number, number, number];
  const y = month === 1 ? year - 1 : year;
  const m = month === 1 ? 12 : month - 1;
  return `${y}-${pad(m)}-${pad(Math.min(day, daysInMonth(y, m)))}`;
}

/** The spec's default: from one month ago to today. */
export function defaultFilter(location: string, now = new Date()): TransferFilter {
  const today = todayInCopenhagen(now);
  return { location, fromDate: monthBefore(today), toDate: today, orderNr: '' };
}

/** 'YYYY-MM-DD' → the call's month-day-year 'MM-DD-YYYY'. */
export function toMonthDayYear(isoDay: string): string {
  return `${isoDay.slice(5, 7)}-${isoDay.slice(8, 10)}-${isoDay.slice(0, 4)}`;
}

/** The query of GET /api/transfer/transfers for a place and a filter. */
export function transfersQuery(place: TransferPlace, filter: Pick<TransferFilter, 'fromDate' | 'toDate' | 'orderNr'>): string {
  const parts = [placeParam(place)];
  if (filter.fromDate) parts.push(`from_date=${toMonthDayYear(filter.fromDate)}`);
  if (filter.toDate) parts.push(`to_date=${toMonthDayYear(filter.toDate)}`);
  if (filter.orderNr.trim()) parts.push(`order_nr=${q(filter.orderNr.trim())}`);
  return parts.join('&');
}

/** The Danish message of a filter that cannot be asked for, or null. */
export function filterProblem(filter: Pick<TransferFilter, 'fromDate' | 'toDate'>): string | null {
  if (filter.fromDate && filter.toDate && filter.fromDate > filter.toDate) return 'Fra dato skal være før eller lig med Til dato';
  return null;
}

/** Address-bar names of the filter (so a reload, a link or Back shows the same list). */
const PARAMS = { location: 'lokation', fromDate: 'fra', toDate: 'til', orderNr: 'ordre' } as const;

/** The filter in the address bar, over the defaults; a day that is no real day keeps the default. */
export function readFilter(params: URLSearchParams, fallback: TransferFilter): TransferFilter {
  const day = (name: string, otherwise: string) => {
    const value = params.get(name);
    if (value === null) return otherwise;
    return value === '' || isIsoDay(value) ? value : otherwise;
  };
  return {
    location: (params.get(PARAMS.location) ?? fallback.location).slice(0, 20),
    fromDate: day(PARAMS.fromDate, fallback.fromDate),
    toDate: day(PARAMS.toDate, fallback.toDate),
    orderNr: (params.get(PARAMS.orderNr) ?? fallback.orderNr).slice(0, 20),
  };
}

export function writeFilter(filter: TransferFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.location) params.set(PARAMS.location, filter.location);
  params.set(PARAMS.fromDate, filter.fromDate);
  params.set(PARAMS.toDate, filter.toDate);
  if (filter.orderNr) params.set(PARAMS.orderNr, filter.orderNr);
  return params;
}

// ---- Lines ------------------------------------------------------------------------------------------

type LineCounts = Pick<TTransferLine, 'is_Receipt' | 'qty_in_Transit' | 'qty_Shipped' | 'qty_Received'>;

/**
 * What the handle button can do: 'open' (something to send or receive), 'done' (received, or shipped, equals the
 * quantity), 'waiting' (to be received, but nothing more is shipped yet).
 */
export type LineState = 'open' | 'done' | 'waiting';

export function lineState(line: LineCounts): LineState {
  if (lineDone(line)) return 'done';
  return openQuantity(line) > 0 ? 'open' : 'waiting';
}

/** What this side has handled: received at the destination, shipped at the source. */
export function handledQuantity(line: LineCounts): number {
  return line.is_Receipt ? line.qty_Received : line.qty_Shipped;
}

/** The lines a place still has work with, split by side; lines to receive that are not shipped yet come last. */
export function waitingLines<T extends LineCounts>(lines: readonly T[]): { toShip: T[]; toReceive: T[] } {
  const pending = lines.filter((line) => lineState(line) !== 'done');
  const rank = (line: T) => (lineState(line) === 'open' ? 0 : 1);
  return {
    toShip: pending.filter((line) => !line.is_Receipt),
    toReceive: pending.filter((line) => line.is_Receipt).sort((a, b) => rank(a) - rank(b)),
  };
}

/** '3 stk.' for the usual unit, else the unit as the ERP writes it ('2 L'). */
export function formatQuantity(amount: number, unit: string): string {
  const u = unit.trim();
  return !u || u.toUpperCase() === 'STK' ? `${amount} stk.` : `${amount} ${u}`;
}

/** A bin (Placeringskode), with `Amount` of one item on it when the bin list was asked for that item. */
interface BinWithAmount {
  Code: string;
  Amount?: number;
}

/** The bin list's options: 'A-01 · 3 stk.' when the amount of the item is known, else the code. */
export function binOptions(bins: readonly BinWithAmount[], unit: string): Array<{ value: string; label: string }> {
  return bins.map((b) => ({ value: b.Code, label: b.Amount === undefined ? b.Code : `${b.Code} · ${formatQuantity(b.Amount, unit)}` }));
}

/**
 * The bin a confirmation starts on (issue 39): the one holding the most of the item, the first in the list's order
 * on a tie; none when no bin holds any (the user chooses).
 */
export function binHoldingMost(bins: readonly BinWithAmount[]): string | null {
  let best: BinWithAmount | null = null;
  for (const bin of bins) if ((bin.Amount ?? 0) > 0 && (best === null || (bin.Amount ?? 0) > (best.Amount ?? 0))) best = bin;
  return best?.Code ?? null;
}

/** The side's verb and the other end: 'Afsend' to the destination, 'Modtag' from the source. */
export function sideLabel(line: Pick<TTransferLine, 'is_Receipt'>): 'Afsend' | 'Modtag' {
  return line.is_Receipt ? 'Modtag' : 'Afsend';
}

export function counterpartCode(line: Pick<TTransferLine, 'is_Receipt' | 'transfer_from_Code' | 'transfer_To_Code'>): string {
  return line.is_Receipt ? line.transfer_from_Code : line.transfer_To_Code;
}

/** A line's name for buttons and dialogs: 'OF100001 linje 10000'. */
export function lineName(line: Pick<TTransferLine, 'order_No' | 'line_No'>): string {
  return `${line.order_No} linje ${line.line_No}`;
}

/** Lines of the list are keyed by order and line number. */
export function lineKey(line: Pick<TTransferLine, 'order_No' | 'line_No'>): string {
  return `${line.order_No}/${line.line_No}`;
}
