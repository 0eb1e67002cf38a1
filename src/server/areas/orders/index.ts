/** The orders area's public face for other areas and tools. */
export { bookOrder, createOrder, getOrder, getOrderByRef, type CreateOptions } from './orders.service';
export { bookingStatementText, findOrder, rowToOrder, type ItemRow, type OrderRow } from './orders.repo';
export {
  cancelOrder,
  changeStatus,
  createComplaint,
  createMoreSale,
  saveOrder,
  type Actor as LifecycleActor,
} from './order-lifecycle.service';
export { assertOrderVersion, orderVersionAfter } from './order-version';
