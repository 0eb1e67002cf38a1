import { z } from 'zod';
import { canOpen, SCREENS } from '../access/screens';
import { MESSAGES } from '../lib/validation';
import { ORDER_STATUSES, ORDER_TYPES } from './order-enums';
import { orderOpenPath } from './order-opening';
import type { TOrder } from './order.schemas';

/**
 * The header's order search (issue 39): an order number, a plate, a phone number, an e-mail or a customer name.
 * Who may search: who may open what it opens, a worksheet.
 */
export const ORDER_SEARCH_ACCESS = SCREENS.WORKSHEET.access;

/** The dropdown shows this many hits. */
export const ORDER_SEARCH_HITS = 8;
export const ORDER_SEARCH_MAX_LENGTH = 100;

/** GET /api/order/search?q=: the text as typed, trimmed. */
export const ZOrderSearchQuery = z.object({
  q: z.string().trim().min(1, MESSAGES.required).max(ORDER_SEARCH_MAX_LENGTH, MESSAGES.maxLength(ORDER_SEARCH_MAX_LENGTH)),
});
export type TOrderSearchQuery = z.infer<typeof ZOrderSearchQuery>;

/** One hit: only what the dropdown shows, and what opening it needs. */
export const ZOrderSearchHit = z.object({
  orderId: z.uuid(),
  orderNr: z.string(),
  orderStatus: z.enum(ORDER_STATUSES),
  orderType: z.enum(ORDER_TYPES),
  plate: z.string(),
  customerName: z.string(),
  customerPhone: z.string(),
  /** The booking's start (wire date-time), else its day; null when not booked. */
  bookedAt: z.string().nullable(),
  departmentName: z.string(),
});
export type TOrderSearchHit = z.infer<typeof ZOrderSearchHit>;

/**
 * `more`: there are more hits than shown. `listed`: the order list's free text (Opgaver) finds the hits, so the
 * list can show them all; a name's hits it does not find (the list has no name search).
 */
export const ZOrderSearchResult = z.object({ hits: z.array(ZOrderSearchHit), more: z.boolean(), listed: z.boolean() });
export type TOrderSearchResult = z.infer<typeof ZOrderSearchResult>;

/** A list order as a hit. */
export function orderSearchHit(order: TOrder): TOrderSearchHit {
  const { additionalData: a, timeAndPlace: t } = order;
  return {
    orderId: a.orderId,
    orderNr: a.orderNr,
    orderStatus: a.orderStatus,
    orderType: a.orderType,
    plate: order.car.registrationNumber,
    customerName: order.customer.name,
    customerPhone: order.customer.phone,
    bookedAt: t.from ?? t.date ?? null,
    departmentName: t.department.name,
  };
}

/**
 * A text is looked for among the customers' names when it could be part of a name: three characters or more, a
 * letter, no digit and no '@'.
 */
export function searchesNames(text: string): boolean {
  const t = text.trim();
  return t.length >= 3 && /\p{L}/u.test(t) && !/[\d@]/.test(t);
}

/** Where a hit opens, as from the order list. */
export function orderSearchTarget(hit: Pick<TOrderSearchHit, 'orderId' | 'orderStatus'>): string {
  return orderOpenPath(hit.orderId, hit.orderStatus);
}

/** The order list (Opgaver) with the free text filled in, every status, date and department. */
export const ORDER_LIST_FREE_TEXT_PARAM = 'fritekst';
export function orderListWithFreeText(text: string): string {
  return `${SCREENS.ASSIGNMENTS.path}?${ORDER_LIST_FREE_TEXT_PARAM}=${encodeURIComponent(text.trim())}`;
}

/**
 * What Enter does with no hit picked: one hit opens it, several open the list when it can show them (and the user
 * may open it), else nothing (the user picks from the dropdown).
 */
export function orderSearchEnterTarget(result: TOrderSearchResult, text: string, roles: readonly string[]): string | null {
  if (result.hits.length === 1 && !result.more) return orderSearchTarget(result.hits[0]!);
  if (result.hits.length > 1 && result.listed && canOpen(SCREENS.ASSIGNMENTS.access, roles)) return orderListWithFreeText(text);
  return null;
}
