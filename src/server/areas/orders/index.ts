/** The orders area's public face for other areas and tools. */
export { bookOrder, createOrder, getOrder, getOrderByRef, type CreateOptions } from './orders.service';
export { bookingStatementText, findOrder } from './orders.repo';
export { insuredBy } from './order-list.repo';
export { cancelOrder, changeStatus, createComplaint, createMoreSale, saveOrder, type Actor as LifecycleActor } from './order-lifecycle.service';
export { assertOrderVersion, orderVersionAfter } from './order-version';
