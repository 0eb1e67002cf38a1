/** The orders area's public face for other areas and tools. */
export {
  ORDER_MESSAGES,
  bookOrder,
  createOrder,
  getOrder,
  getOrderByRef,
  liveChangesOf,
  orderLineFromProduct,
  prepare,
  type CreateOptions,
} from './orders.service';
export {
  bookingStatementText,
  findOrder,
  findOrderFacts,
  insertOrder,
  lockOrder,
  orderToRow,
  rowToOrder,
  setOrderStatus,
  updateOrder,
  type ItemRow,
  type OrderRow,
} from './orders.repo';
export { assertOrderVersion, orderVersionAfter } from './order-version';
