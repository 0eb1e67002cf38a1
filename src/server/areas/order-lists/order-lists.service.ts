import { ZOrderListRequest, type TOrderList, type TOrderListRequest, type TReviewOrderListRequest } from '@/domain/order-lists';
import { orderSearchHit, searchesNames } from '@/domain/orders';
import { ORDER_SEARCH_HITS, type TOrderSearchResult } from '@/domain/orders';
import type { Db } from '@/server/db/client';
import * as repo from './order-lists.repo';

export function listOrders(db: Db, filter: TOrderListRequest): Promise<TOrderList> {
  return repo.listOrders(db, filter);
}

export function listReviewOrders(db: Db, filter: TReviewOrderListRequest): Promise<TOrderList> {
  return repo.listReviewOrders(db, filter);
}

/**
 * The header's search: the order list's own free-text search (every status, date and department, newest first),
 * and for a text that could be a name the newest orders whose customer has it (the list has no name search).
 */
export async function searchOrders(db: Db, text: string): Promise<TOrderSearchResult> {
  const [listed, namedIds] = await Promise.all([
    repo.listOrders(db, ZOrderListRequest.parse({ freeText: text, orderSortType: 'DATE_DESC' })),
    searchesNames(text) ? repo.findByCustomerName(db, text, ORDER_SEARCH_HITS + 1) : Promise.resolve([]),
  ]);
  const listedIds = new Set(listed.orders.map((o) => o.additionalData.orderId));
  const named = await repo.findListOrders(
    db,
    namedIds.filter((id) => !listedIds.has(id)),
  );
  const all = [...listed.orders, ...named];
  return {
    hits: all.slice(0, ORDER_SEARCH_HITS).map(orderSearchHit),
    more: all.length > ORDER_SEARCH_HITS || listed.pageCount > 1 || listed.more === true,
    listed: listed.orders.length > 0,
  };
}
