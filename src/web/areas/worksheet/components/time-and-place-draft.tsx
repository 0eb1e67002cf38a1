import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { ZERO_GUID } from '@/domain/lib/guid';
import type { TOrderType } from '@/domain/orders/order-enums';
import type { TOrder } from '@/domain/orders/order.schemas';
import type { OrderFlowStore } from '../../orders';
import { createOrderFlowStore, OrderFlowProvider } from '../../orders';

/**
 * A scratch copy of an order for choosing a new time and place (copy order, complaint with a slot):
 * the booking calendar works on it through its own OrderFlowProvider; only its timeAndPlace is used.
 * The day and slot start empty; `orderType` decides which slots are offered.
 */
export function useTimeAndPlaceDraft(order: TOrder, orderType: TOrderType, resetKey: unknown): OrderFlowStore {
  return useMemo(() => {
    const store = createOrderFlowStore(null);
    store.set({
      ...order,
      additionalData: { ...order.additionalData, orderType },
      timeAndPlace: { ...order.timeAndPlace, date: null, from: null, to: null, timeSlotId: ZERO_GUID, waitingList: false },
    });
    return store;
    // A new draft each time the dialog opens or the slot kind changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resetKey, orderType]);
}

export function DraftProvider({ store, children }: { store: OrderFlowStore; children: ReactNode }) {
  return <OrderFlowProvider store={store}>{children}</OrderFlowProvider>;
}
