import type { TScreenName } from '../access';
import { copenhagenParts, daysInMonth, todayInCopenhagen } from '../lib/dates';
import { isSetGuid } from '../lib/guid';
import { orderOpenPath, type TOrder, type TOrderStatus } from '../orders';
import type { TOrderListRequest } from './order-lists.schemas';

/** The list screens that share one screen, with their title and default status (documents 1–3). */
export const ORDER_LIST_VIEWS = {
  ASSIGNMENTS: { title: 'Opgaver', status: 'PROCESSING' },
  SEARCH_PHONE_OR_MAIL: { title: 'Opgaver', status: 'PROCESSING' },
  OFFERS: { title: 'Tilbud', status: 'OFFER_REQUEST' },
  WEB_ORDERS: { title: 'Webordrer', status: 'WEB_REVIEW' },
  PENDING: { title: 'Gennemsyn', status: 'PENDING_REVIEW' },
} as const satisfies Partial<Record<TScreenName, { title: string; status: TOrderStatus }>>;
export type TOrderListView = keyof typeof ORDER_LIST_VIEWS;

const pad = (n: number) => String(n).padStart(2, '0');

/** Today (Copenhagen) and the same day one month ahead (the last day of a shorter month), as 'YYYY-MM-DD'. */
export function monthAhead(now: Date): { from: string; to: string } {
  const p = copenhagenParts(now);
  const year = p.month === 12 ? p.year + 1 : p.year;
  const month = p.month === 12 ? 1 : p.month + 1;
  const day = Math.min(p.day, daysInMonth(year, month));
  return { from: todayInCopenhagen(now), to: `${year}-${pad(month)}-${pad(day)}` };
}

/** One month back to today, as 'YYYY-MM-DD' (the report dialogs' default range). */
export function monthBack(now: Date): { from: string; to: string } {
  const p = copenhagenParts(now);
  const year = p.month === 1 ? p.year - 1 : p.year;
  const month = p.month === 1 ? 12 : p.month - 1;
  const day = Math.min(p.day, daysInMonth(year, month));
  return { from: `${year}-${pad(month)}-${pad(day)}`, to: todayInCopenhagen(now) };
}

/**
 * The filter a list screen opens with: page 0, sort DATE, today to one month ahead (Gennemsyn: from a month
 * back), the user's department,
 * the view's status; with a phone or e-mail only that search (it ignores status and dates on the server).
 */
export function defaultOrderListFilter(
  view: TOrderListView,
  departmentGuid: string | null | undefined,
  now: Date,
  phoneOrMail = '',
): TOrderListRequest {
  const range = monthAhead(now);
  // Jobs reach Gennemsyn when they are done, so its range also reaches a month back (docs/decisions.md).
  const from = view === 'PENDING' ? monthBack(now).from : range.from;
  return {
    page: 0,
    orderSortType: phoneOrMail ? 'DATE_DESC' : 'DATE',
    fromDate: `${from}T00:00:00`,
    toDate: `${range.to}T23:59:59`,
    department: phoneOrMail ? undefined : isSetGuid(departmentGuid) ? departmentGuid : undefined,
    type: undefined,
    status: ORDER_LIST_VIEWS[view].status,
    freeText: '',
    phoneOrMail,
  };
}

/** Up to five page numbers (0-based) around the current page, within 0..pageCount-1. */
export function pageWindow(page: number, pageCount: number, size = 5): number[] {
  if (pageCount <= 0) return [];
  const count = Math.min(size, pageCount);
  const start = Math.max(0, Math.min(page - Math.floor(size / 2), pageCount - count));
  return Array.from({ length: count }, (_, i) => start + i);
}

/** A horizontal swipe longer than this (px) changes page (document 2 section 9). */
export const SWIPE_PAGE_PX = 200;

/** The page a swipe leads to: left = next, right = previous; null for a short swipe or past the ends. */
export function pageAfterSwipe(page: number, pageCount: number, deltaX: number): number | null {
  if (Math.abs(deltaX) <= SWIPE_PAGE_PX) return null;
  const next = deltaX < 0 ? page + 1 : page - 1;
  return next >= 0 && next < pageCount ? next : null;
}

/** Offers open in the booking step of the order flow, everything else on its worksheet. */
export function orderListTarget(order: Pick<TOrder, 'additionalData'>): string {
  return orderOpenPath(order.additionalData.orderId, order.additionalData.orderStatus);
}
