import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { isSetGuid } from '@/domain/lib/guid';
import type { TOrderImage } from '@/domain/media/media.schemas';
import type { TOrder } from '@/domain/orders/order.schemas';
import { api, ApiError } from '../../lib/api-client';
import { fittersQuery } from '../../lib/fitters-query';
import { olderThanPrefetch } from '../../lib/prefetched';

/*
 * The worksheet's order query, apart from api.ts: the router asks for it (prefetchWorksheetOrder) and is part of the
 * app's first file, which must not bring the worksheet's other calls along.
 */

export const orderQueryKey = (orderId: string) => ['order', 'worksheet', orderId] as const;

/**
 * The worksheet's order; null when there is no such order: an unknown id (404) or one the server cannot read
 * as an order id (400, e.g. a GUID of no UUID version). That is an answer, shown as 'Unauthorized Worksheet',
 * not a failure: no toast and no exception dialog.
 */
export function worksheetOrderQuery(orderId: string) {
  return queryOptions({
    queryKey: orderQueryKey(orderId),
    queryFn: async ({ signal }): Promise<TOrder | null> => {
      try {
        return await api.get<TOrder>(`/api/order/order/${encodeURIComponent(orderId)}`, signal);
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
        throw error;
      }
    },
    staleTime: 0,
    // Fetched anew whenever a worksheet opens, but for an answer of the last few seconds: the one the router asked
    // for while the screen's files were loading (prefetchWorksheetOrder).
    refetchOnMount: olderThanPrefetch,
    meta: { errorMessage: 'Loading order failed' },
  });
}

/** The order's photos and signed documents (GET /api/media/{orderId}/{debitorNo}). */
export function orderImagesQuery(orderId: string, debitorNo: string) {
  return queryOptions({
    queryKey: ['media', orderId],
    queryFn: ({ signal }) => api.get<TOrderImage[]>(`/api/media/${encodeURIComponent(orderId)}/${encodeURIComponent(debitorNo || '0')}`, signal),
    refetchOnMount: olderThanPrefetch,
  });
}

/**
 * Asks for a worksheet's order while its screen loads (the router, for a signed-in user who may open it), and with
 * it the worksheet's other first answers: the fitters, and the order's photos once the order names its debitor. The
 * worksheet is then drawn once with all of them (issue 17: their arrival after it had been drawn redrew all of it in
 * one task, 200 ms on a phone's CPU).
 */
export function prefetchWorksheetOrder(client: QueryClient, params: Readonly<Record<string, string | undefined>>): void {
  const orderId = params.orderId;
  if (!orderId || !isSetGuid(orderId)) return;
  void client.prefetchQuery(fittersQuery());
  client
    .fetchQuery(worksheetOrderQuery(orderId))
    .then((order) => (order ? client.prefetchQuery(orderImagesQuery(orderId, order.debitor.no)) : undefined))
    // A failure is the order query's own to show.
    .catch(() => undefined);
}
