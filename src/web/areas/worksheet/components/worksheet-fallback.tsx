import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useParams } from 'react-router';
import { opensInBookingStep } from '@/domain/orders/order-opening';
import type { TOrder } from '@/domain/orders/order.schemas';
import { PageHeader } from '../../../components/page-header';
import { ScreenFallback } from '../../../components/screen-fallback';
import { orderQueryKey } from '../order-query';

/** The worksheet's heading: 'Arbejdskort' and the order's number. */
export const worksheetTitle = (orderNr: string) => `Arbejdskort ${orderNr}`.trim();

/**
 * What the worksheet's route shows while the screen's files load: the order's heading as soon as the order the router
 * asked for is there, above the loader. A phone sees which order is opening before the worksheet is drawn, and the
 * heading stays where the worksheet's own comes (issue 17: the heading was the largest paint, and waited for all of
 * the worksheet). It only reads what is cached: the router's prefetch asks.
 */
export function WorksheetFallback() {
  const { orderId = '' } = useParams();
  const data = useCachedOrder(orderId);
  // An offer opens in the booking step, and no order shows 'Unauthorized Worksheet': neither gets this heading.
  const heading = data && !opensInBookingStep(data.additionalData.orderStatus);
  // Until the order is there the heading's room is kept, hidden, so the loader below does not move when it comes. The
  // heading then is drawn anew (its own key), not made visible: a browser counts a text's first paint as the page's
  // largest, not one that was there hidden.
  return (
    <>
      <div key={heading ? 'heading' : 'room'} style={heading ? undefined : { visibility: 'hidden' }}>
        <PageHeader title={worksheetTitle(heading ? data.additionalData.orderNr : '')} />
      </div>
      <ScreenFallback />
    </>
  );
}

/**
 * The worksheet's order as the cache holds it, read without observing the query: an observer that goes away while the
 * router's fetch is under way (this fallback, replaced by the worksheet) cancels that fetch, and the worksheet then
 * asked for the order a second time.
 */
function useCachedOrder(orderId: string): TOrder | null | undefined {
  const client = useQueryClient();
  const subscribe = useCallback(
    (changed: () => void) => {
      const hash = hashKey(orderQueryKey(orderId));
      return client.getQueryCache().subscribe((event) => {
        if (event.query.queryHash === hash) changed();
      });
    },
    [client, orderId],
  );
  return useSyncExternalStore(subscribe, () => client.getQueryData<TOrder | null>(orderQueryKey(orderId)));
}
