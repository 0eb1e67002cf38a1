/**
 * The one order in progress (document 1 section 2): kept in a React context, persisted in
 * sessionStorage so the flow survives a page reload, cleared when it is finished (receipt) or
 * abandoned (leaving the flow). `null` means no order is in progress; screens then show an
 * empty order, and the first change starts one.
 */
import type { ReactNode } from 'react';
import { createContext, useCallback, useContext, useMemo, useSyncExternalStore } from 'react';
import type { TOrder } from '@/domain/orders/order.schemas';
import { emptyOrder, ZOrder } from '@/domain/orders/order.schemas';

export const ORDER_FLOW_STORAGE_KEY = 'rudeplan.order-in-progress';

export interface OrderFlowStore {
  get(): TOrder | null;
  set(order: TOrder | null): void;
  subscribe(listener: () => void): () => void;
}

/** A store over a Storage (sessionStorage in the app, any Storage in tests). */
export function createOrderFlowStore(storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null): OrderFlowStore {
  const listeners = new Set<() => void>();
  let loaded = false;
  let current: TOrder | null = null;

  function read(): TOrder | null {
    if (!storage) return null;
    try {
      const raw = storage.getItem(ORDER_FLOW_STORAGE_KEY);
      if (!raw) return null;
      // An order saved by an older build that no longer fits the contract is dropped, not half-used.
      const parsed = ZOrder.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  return {
    get() {
      if (!loaded) {
        current = read();
        loaded = true;
      }
      return current;
    },
    set(order) {
      current = order;
      loaded = true;
      try {
        if (order === null) storage?.removeItem(ORDER_FLOW_STORAGE_KEY);
        else storage?.setItem(ORDER_FLOW_STORAGE_KEY, JSON.stringify(order));
      } catch {
        // A full or blocked storage only costs the reload safety; the flow goes on in memory.
      }
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function browserStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

let appStore: OrderFlowStore | undefined;

/** The browser tab's store; tests give their own through OrderFlowProvider. */
export function getAppOrderFlowStore(): OrderFlowStore {
  appStore ??= createOrderFlowStore(browserStorage());
  return appStore;
}

const OrderFlowContext = createContext<OrderFlowStore | null>(null);

export function OrderFlowProvider({ store, children }: { store: OrderFlowStore; children: ReactNode }) {
  return <OrderFlowContext.Provider value={store}>{children}</OrderFlowContext.Provider>;
}

const EMPTY_ORDER = emptyOrder();

export interface OrderFlow {
  /** The order in progress, or an empty order when none is. */
  order: TOrder;
  /** Whether an order is in progress (something was entered and not yet finished or abandoned). */
  inProgress: boolean;
  /** Changes the order; starts one from an empty order when none is in progress. */
  update: (change: (order: TOrder) => TOrder) => void;
  /** Replaces the whole order (e.g. with the server's answer). */
  replace: (order: TOrder) => void;
  /** Ends the flow: the order is forgotten. */
  clear: () => void;
  /** The order as stored right now (for work that finishes after a render), null when none. */
  current: () => TOrder | null;
}

/** The store of the surrounding OrderFlowProvider, else the browser tab's. */
export function useOrderFlowStore(): OrderFlowStore {
  return useContext(OrderFlowContext) ?? getAppOrderFlowStore();
}

export function useOrderFlow(): OrderFlow {
  const store = useOrderFlowStore();
  const stored = useSyncExternalStore(store.subscribe, store.get, store.get);
  const update = useCallback((change: (order: TOrder) => TOrder) => store.set(change(store.get() ?? emptyOrder())), [store]);
  const replace = useCallback((order: TOrder) => store.set(order), [store]);
  const clear = useCallback(() => store.set(null), [store]);
  const current = useCallback(() => store.get(), [store]);
  return useMemo(
    () => ({ order: stored ?? EMPTY_ORDER, inProgress: stored !== null, update, replace, clear, current }),
    [stored, update, replace, clear, current],
  );
}
