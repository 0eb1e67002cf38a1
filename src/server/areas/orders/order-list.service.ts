import type { TOrderList, TOrderListRequest, TReviewOrderListRequest } from '@/domain/orders/order-list.schemas';
import type { Db } from '@/server/db/client';
import * as repo from './order-list.repo';

export function listOrders(db: Db, filter: TOrderListRequest): Promise<TOrderList> {
  return repo.listOrders(db, filter);
}

export function listReviewOrders(db: Db, filter: TReviewOrderListRequest): Promise<TOrderList> {
  return repo.listReviewOrders(db, filter);
}
