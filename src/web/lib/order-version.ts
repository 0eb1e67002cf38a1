import type { TOrder } from '@/domain/orders/order.schemas';
import { api, ApiError, isAbortError } from './api-client';

export interface TOrderVersion {
  order: TOrder;
  /** The order's version (the ETag header, '"12"'); null from a server that sends none. */
  etag: string | null;
}

/**
 * GET /api/order/order/{id} with the order's version (issue 38: the device sends it back as If-Match). Null for no
 * such order (404, or 400 for an id the server cannot read); a lost connection rejects as the api client's status 0.
 * Shared by the worksheet's query and the device's copy of the fitter's jobs.
 */
export async function fetchOrderVersion(orderId: string, signal?: AbortSignal): Promise<TOrderVersion | null> {
  const path = `/api/order/order/${encodeURIComponent(orderId)}`;
  let response: Response;
  try {
    response = await fetch(path, { headers: { Accept: 'application/json' }, credentials: 'same-origin', redirect: 'manual', signal });
  } catch (error) {
    if (isAbortError(error) || signal?.aborted) throw error;
    throw new ApiError({ status: 0, type: 'GENERIC_ERROR', message: `GET ${path} Ingen forbindelse til serveren`, url: path });
  }
  if (response.status === 200) return { order: (await response.json()) as TOrder, etag: response.headers.get('ETag') };
  if (response.status === 404 || response.status === 400) return null;
  // Any other answer is read as the api client reads it (its error shape, the session's 401).
  const order = await api.get<TOrder>(path, signal);
  return { order, etag: null };
}
