/**
 * Leaving the order flow asks first and then forgets the order (document 1 section 2). The question is armed on the
 * router itself, once, by the first flow page shown (the dashboard counts), and stays armed while the user moves
 * between the steps: every step is a chunk of its own, and a guard that lived in each step would be gone from the
 * moment one step is left until the next step's code has loaded and drawn, so a click on the menu in that moment
 * would leave without asking. It disarms itself when the user is outside the flow, where other screens guard their
 * own changes (a router heeds one guard at a time).
 */
import { useContext, useLayoutEffect } from 'react';
import type { Location } from 'react-router';
import { UNSAFE_DataRouterContext } from 'react-router';
import { askBeforeLeaving } from '../../../lib/use-leave-confirmation';
import { isFlowPath } from './flow-steps';
import type { OrderFlowStore } from './order-flow-store';
import { useOrderFlowStore } from './order-flow-store';

type DataRouter = NonNullable<React.ContextType<typeof UNSAFE_DataRouterContext>>['router'];

/** The router's key of the flow's guard. */
export const FLOW_GUARD_KEY = 'rudeplan-order-flow';

/** Whether a navigation leaves the flow with an order in progress (then it asks first). */
export function leavesFlowWithOrder(
  store: Pick<OrderFlowStore, 'get'>,
  from: Pick<Location, 'pathname'>,
  to: Pick<Location, 'pathname'>,
): boolean {
  return store.get() !== null && from.pathname !== to.pathname && isFlowPath(from.pathname) && !isFlowPath(to.pathname);
}

interface Armed {
  store: OrderFlowStore;
  disarm: () => void;
}

const armedRouters = new WeakMap<DataRouter, Armed>();

/** The browser's own question for a reload or a closed tab, while an order is in progress on a flow page. */
function beforeUnloadFor(store: OrderFlowStore) {
  return (event: BeforeUnloadEvent) => {
    if (store.get() !== null && isFlowPath(window.location.pathname)) event.preventDefault();
  };
}

/** Arms the flow's guard on `router` for the order of `store` (again when the store is another); idempotent. */
export function armFlowGuard(router: DataRouter, store: OrderFlowStore): void {
  const armed = armedRouters.get(router);
  if (armed?.store === store) return;
  armed?.disarm();

  let asking = false;
  const ask = () => {
    asking = true;
    const blocker = () => router.state.blockers.get(FLOW_GUARD_KEY);
    askBeforeLeaving(
      () => {
        asking = false;
        store.set(null);
        blocker()?.proceed?.();
      },
      () => {
        asking = false;
        blocker()?.reset?.();
      },
    );
  };

  router.getBlocker(FLOW_GUARD_KEY, ({ currentLocation, nextLocation }) => leavesFlowWithOrder(store, currentLocation, nextLocation));
  const unload = beforeUnloadFor(store);
  window.addEventListener('beforeunload', unload);
  const unsubscribe = router.subscribe((state) => {
    const blocker = state.blockers.get(FLOW_GUARD_KEY);
    if (blocker?.state === 'blocked') {
      if (!asking) ask();
      return;
    }
    // Outside the flow (left, or never entered by a path the flow knows): the guard steps aside.
    if (state.navigation.state === 'idle' && !isFlowPath(state.location.pathname) && blocker?.state !== 'proceeding') disarm();
  });
  function disarm() {
    if (armedRouters.get(router)?.store !== store) return;
    armedRouters.delete(router);
    unsubscribe();
    window.removeEventListener('beforeunload', unload);
    router.deleteBlocker(FLOW_GUARD_KEY);
  }
  armedRouters.set(router, { store, disarm });
}

/**
 * Arms the flow's leave question from a flow page (every step and the dashboard's order block). It is armed in
 * the same commit that first draws the page, so there is no moment in the flow without it.
 */
export function useFlowLeaveConfirmation(): void {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const store = useOrderFlowStore();
  useLayoutEffect(() => {
    if (router) armFlowGuard(router, store);
  }, [router, store]);
}
