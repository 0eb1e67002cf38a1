import type { TOrderStatus } from './order-enums';

/**
 * Offers (and offer requests) are worked in the booking step of the order flow, not on a worksheet. Its own module,
 * without runtime imports: the worksheet's route fallback in the app's first file uses it.
 */
export function opensInBookingStep(orderStatus: TOrderStatus): boolean {
  return orderStatus === 'OFFER' || orderStatus === 'OFFER_REQUEST';
}

/** Where an order opens: offers in the order flow's booking step, every other order on its worksheet. */
export function orderOpenPath(orderId: string, orderStatus: TOrderStatus): string {
  return opensInBookingStep(orderStatus) ? `/booking?orderId=${orderId}` : `/worksheet/${orderId}`;
}
