import { canOpen, SCREENS } from '../access';
import { orderOpenPath } from './order-opening';
import type { TOrderSearchHit, TOrderSearchResult } from './order-search.schemas';
import type { TOrder } from './order.schemas';

/**
 * The header's order search (issue 39): an order number, a plate, a phone number, an e-mail or a customer name.
 * Who may search: who may open what it opens, a worksheet. No runtime import of zod: the shell reads this file.
 */
export const ORDER_SEARCH_ACCESS = SCREENS.WORKSHEET.access;

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
