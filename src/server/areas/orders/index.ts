/** The orders area's public face for other areas and tools. */
export { createOrder, getOrder, getOrderByRef, type CreateOptions } from './orders.service';
