/**
 * The calls of the order itself (document 1 section 7) with the spec's failure toasts (section 8): save, load,
 * receipt and the order list. Every path is under /api. The flow's other calls are their areas': catalogue, parties
 * and booking.
 */
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { TOrderList, TOrderListRequestInput } from '@/domain/order-lists';
import { receiptPayload } from '@/domain/orders/order-payloads';
import type { TOrder, TOrderInput } from '@/domain/orders/order.schemas';
import { api } from '../../lib/api-client';
import { olderThanPrefetch } from '../../lib/prefetched';

const q = encodeURIComponent;

/** Danish names of the order's field paths, for the exception dialog of a refused order. */
export const ORDER_FIELD_LABELS: Record<string, string> = {
  'customer.name': 'Kundens navn',
  'customer.address': 'Kundens adresse',
  'customer.city': 'Kundens by',
  'customer.zipCode': 'Kundens postnummer',
  'customer.phone': 'Kundens telefon',
  'customer.phonePrefix': 'Landekode',
  'customer.email': 'Kundens e-mail',
  'debitor.no': 'Debitornummer',
  'debitor.debitorName': 'Debitors navn',
  'debitor.address': 'Debitors adresse',
  'debitor.zipCode': 'Debitors postnummer',
  'debitor.city': 'Debitors by',
  'debitor.phone': 'Debitors telefon',
  'debitor.email': 'Debitors e-mail',
  'debitor.cvr': 'CVR',
  'car.make': 'Bilmærke',
  'car.model': 'Model',
  'car.modelYear': 'Årgang',
  'car.registrationNumber': 'Registreringsnummer',
  'timeAndPlace.department': 'Afdeling',
  'timeAndPlace.department.id': 'Afdeling',
  'timeAndPlace.date': 'Dato',
  'timeAndPlace.from': 'Fra',
  'timeAndPlace.to': 'Til',
  'timeAndPlace.timeSlotId': 'Tidsrum',
  'timeAndPlace.mobileServiceLocation.address': 'Adresse for mobilservice',
  'additionalData.orderStatus': 'Status',
  'additionalData.discountPercent': 'Rabat %',
  'additionalData.discountAmount': 'Rabat kr.',
  'additionalData.rekvNr': 'Rekv. nr',
  items: 'Varelinjer',
  _: 'Ordren',
};

// ---- Orders -----------------------------------------------------------------------------

export function usePostOrder() {
  return useMutation({
    mutationFn: (order: TOrderInput) => api.post<TOrder>('/api/order/order', order),
    meta: { errorMessage: 'Api: "postOrder" failed', fieldLabels: ORDER_FIELD_LABELS },
  });
}

export function useSaveOrder() {
  return useMutation({
    mutationFn: (order: TOrderInput) => api.put<TOrder>('/api/order/order', order),
    meta: { errorMessage: 'Api: "saveOrder" failed', fieldLabels: ORDER_FIELD_LABELS },
  });
}

export function fetchOrder(orderId: string): Promise<TOrder> {
  return api.get<TOrder>(`/api/order/order/${q(orderId)}`);
}

export interface TReceipt {
  orderId: string;
  orderNr: string;
  orderStatus: string;
  /** The ERP export's outbox state; null when the order is not handed to the ERP. */
  erp: string | null;
  calendar: boolean;
  sms: boolean;
  email: boolean;
}

export function useReceipt(orderId: string | null) {
  return useQuery({
    queryKey: ['order', 'receipt', orderId],
    queryFn: ({ signal }) => api.get<TReceipt>(`/api/order/receipt/${q(orderId ?? '')}`, signal),
    enabled: Boolean(orderId),
    meta: { errorMessage: 'Loading order failed' },
  });
}

export function useSendReceiptEmail() {
  return useMutation({
    mutationFn: (order: TOrder) => api.post<unknown>('/api/email/sendreceipt', receiptPayload(order)),
    meta: { errorMessage: 'Failed to send email' },
  });
}

/**
 * The order list (POST /api/order/orders); aborted requests never toast. A screen's first list may have been asked
 * for by the router while the screen loaded (the dashboard's 'Dagens opgaver'): that answer is not asked for again.
 */
export function orderListQuery(filter: TOrderListRequestInput) {
  return queryOptions({
    queryKey: ['order', 'list', filter],
    queryFn: ({ signal }) => api.post<TOrderList>('/api/order/orders', filter, signal),
    refetchOnMount: olderThanPrefetch,
    meta: { errorMessage: 'Api: "getOrders" failed' },
  });
}

export function useOrderList(filter: TOrderListRequestInput) {
  return useQuery(orderListQuery(filter));
}
