// The flow's screens are loaded by the router straight from their files, each as a chunk of its own (issue 11),
// so a user of one of the pieces below (the dashboard, the worksheet) does not load every screen with it.
export { OrderBlock } from './components/order-block';
export { PriceEnquiryBlock } from './components/price-enquiry-block';
export { useFlowLeaveConfirmation } from './flow/flow-leave-guard';
export { useOrderList } from './api';
export { OrderFlowProvider, createOrderFlowStore, useOrderFlow } from './flow/order-flow-store';
export type { OrderFlowStore } from './flow/order-flow-store';
// Pieces the worksheet shares with the flow (they work on the order of the surrounding OrderFlowProvider).
export { useOrderActions } from './flow/use-order-actions';
export { AddProductDialog } from './components/add-product-dialog';
export { CarFields } from './components/car-fields';
export { OrderComments } from './components/comment-box';
export { DiscountInputs } from './components/discount-inputs';
export { OrderLines } from './components/order-lines';
export { PaymentFields } from './components/payment-fields';
export { TimeAndPlaceFields } from './components/time-and-place-fields';
export { fetchCatalogueItem, fetchOrder, ORDER_FIELD_LABELS, useSendReceiptEmail, useInsurers } from './api';
export { StatusDialog, statusChoiceLabel, useChangeOrderStatus } from './components/status-dialog';
