import { lazyDialog } from '../../lib/lazy-dialog';

// The flow's screens are loaded by the router straight from their files, each as a chunk of its own (issue 11),
// so a user of one of the pieces below (the dashboard, the worksheet) does not load every screen with it.
export { OrderBlock } from './components/order-block';
export { PriceEnquiryBlock } from './components/price-enquiry-block';
export { useFlowLeaveConfirmation } from './flow/flow-leave-guard';
export { orderListQuery, useOrderList } from './api';
export { OrderFlowProvider, createOrderFlowStore, useOrderFlow } from './flow/order-flow-store';
export type { OrderFlowStore } from './flow/order-flow-store';
// Pieces the worksheet shares with the flow (they work on the order of the surrounding OrderFlowProvider).
export { useOrderActions } from './flow/use-order-actions';
/**
 * The worksheet's product dialog, loaded when the user starts working on the page (lazyDialog): its product search
 * and table (with Mantine's NumberInput) are not part of the worksheet's first load. The flow's confirm step, which
 * opens it at once, imports it from its file.
 */
export const AddProductDialog = lazyDialog(() => import('./components/add-product-dialog').then((m) => m.AddProductDialog));
export { CarFields } from './components/car-fields';
export { OrderComments } from './components/comment-box';
export { DiscountInputs } from './components/discount-inputs';
export { OrderLines } from './components/order-lines';
export { PaymentFields } from './components/payment-fields';
export { TimeAndPlaceFields } from './components/time-and-place-fields';
export { fetchOrder, ORDER_FIELD_LABELS, useSendReceiptEmail } from './api';
export { StatusDialog, statusChoiceLabel, useChangeOrderStatus } from './components/status-dialog';
/**
 * The status dialog's code, for screens that load it when first needed (lazyDialog(loadStatusDialog)): a dynamic
 * `import('../../orders')` made this index a chunk of its own, with the dialogs it names, that every static user of the
 * index (the dashboard) then loaded too (issue 38).
 */
export const loadStatusDialog = () => import('./components/status-dialog').then((m) => m.StatusDialog);
