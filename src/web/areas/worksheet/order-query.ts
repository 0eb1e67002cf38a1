import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { isSetGuid } from '@/domain/lib/guid';
import type { TOrder } from '@/domain/orders/order.schemas';
import type { TRoleMember } from '@/domain/users/user.schemas';
import { api } from '../../lib/api-client';
import { fittersQuery } from '../../lib/fitters-query';
import { fetchOrderVersion } from '../../lib/order-version';
import { olderThanPrefetch } from '../../lib/prefetched';
import { fetchOrderImages } from '../media';
import { isNoAnswer, loadDevice } from '../offline';

/*
 * The worksheet's order query, apart from api.ts: the router asks for it (prefetchWorksheetOrder) and is part of the
 * app's first file, which must not bring the worksheet's other calls along.
 *
 * A fitter's device (issue 38) keeps what these read: without an answer from the server they answer from the
 * device's copy (loadDevice; null for other users), and a job with changes not sent yet shows them.
 */

type TDevice = NonNullable<Awaited<ReturnType<typeof loadDevice>>>;

/**
 * The server's answer (`fresh`), or for a fitter without a network the device's copy (`kept`); without one the
 * failure stands.
 */
async function orDevice<T, K = T>(
  client: QueryClient,
  read: () => Promise<T>,
  fromDevice: (device: TDevice) => Promise<K | null | undefined>,
): Promise<{ fresh: T } | { kept: K }> {
  try {
    return { fresh: await read() };
  } catch (error) {
    if (!isNoAnswer(error)) throw error;
    const device = await loadDevice(client).catch(() => null);
    const kept = device ? await fromDevice(device).catch(() => null) : null;
    if (kept === null || kept === undefined) throw error;
    return { kept };
  }
}

const answerOf = <T>(read: { fresh: T } | { kept: T }): T => ('fresh' in read ? read.fresh : read.kept);

export const orderQueryKey = (orderId: string) => ['order', 'worksheet', orderId] as const;

/**
 * The worksheet's order; null when there is no such order: an unknown id (404) or one the server cannot read
 * as an order id (400, e.g. a GUID of no UUID version). That is an answer, shown as 'Unauthorized Worksheet',
 * not a failure: no toast and no exception dialog.
 */
export function worksheetOrderQuery(orderId: string) {
  return queryOptions({
    queryKey: orderQueryKey(orderId),
    queryFn: async ({ signal, client }): Promise<TOrder | null> => {
      const read = await orDevice(
        client,
        () => fetchOrderVersion(orderId, signal),
        (device) => device.deviceOrder(orderId),
      );
      if ('kept' in read) return read.kept;
      const fresh = read.fresh;
      if (!fresh) return null;
      const device = await loadDevice(client).catch(() => null);
      return device ? device.keepFetchedOrder(fresh.order, fresh.etag).catch(() => fresh.order) : fresh.order;
    },
    // Asked also without a network: a fitter's device answers then.
    networkMode: 'always',
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
    queryFn: async ({ signal, client }) => {
      const read = await orDevice(
        client,
        () => fetchOrderImages(orderId, debitorNo, signal),
        (device) => device.deviceImages(orderId),
      );
      if ('kept' in read) return read.kept;
      const images = read.fresh;
      const device = await loadDevice(client).catch(() => null);
      return device ? device.keepFetchedImages(orderId, images).catch(() => images) : images;
    },
    networkMode: 'always',
    refetchOnMount: olderThanPrefetch,
  });
}

/** The fitters for worker and helper; a fitter's device keeps them for use without a network. */
export function worksheetFittersQuery() {
  return queryOptions({
    ...fittersQuery(),
    queryFn: async ({ signal, client }) =>
      answerOf(
        await orDevice(
          client,
          () => api.get<TRoleMember[]>('/api/user/usersinrole/Operation', signal),
          (device) => device.deviceList<TRoleMember[]>('fitters'),
        ),
      ),
    networkMode: 'always',
  });
}

/** A list the worksheet reads (`read`), with the device's copy (`deviceKey`) when there is no network. */
export async function deviceBackedGet<T>(client: QueryClient, read: () => Promise<T>, deviceKey: string): Promise<T> {
  return answerOf(await orDevice(client, read, (device) => device.deviceList<T>(deviceKey)));
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
  void client.prefetchQuery(worksheetFittersQuery());
  client
    .fetchQuery(worksheetOrderQuery(orderId))
    .then((order) => (order ? client.prefetchQuery(orderImagesQuery(orderId, order.debitor.no)) : undefined))
    // A failure is the order query's own to show.
    .catch(() => undefined);
}
