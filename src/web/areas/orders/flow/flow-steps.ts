/**
 * The wizard's steps in breadcrumb order (document 1 section 1): Forside, Produkter,
 * Kontaktinformation, Tid og sted, Bekræftelse. A step is done when its domain rules pass;
 * a step can be opened when every step before it is done.
 */
import { SCREENS } from '@/domain/access/screens';
import type { TOrder } from '@/domain/orders/order.schemas';
import {
  canContinueFromDashboard,
  customerStepErrors,
  hasErrors,
  validateItems,
  validateTimeAndPlace,
} from '@/domain/orders/order-validation';

export type TFlowStep = 'DASHBOARD' | 'PRODUCTS' | 'CUSTOMER' | 'BOOKING' | 'CONFIRM';

export interface FlowStep {
  step: TFlowStep;
  label: string;
  path: string;
  /** Whether the step's own rules pass, so Continue may leave it. */
  isDone: (order: TOrder) => boolean;
}

export const FLOW_STEPS: readonly FlowStep[] = [
  { step: 'DASHBOARD', label: 'Forside', path: SCREENS.DASHBOARD.path, isDone: (o) => canContinueFromDashboard(o) },
  { step: 'PRODUCTS', label: 'Produkter', path: SCREENS.PRODUCTS.path, isDone: (o) => !hasErrors(validateItems(o.items)) },
  { step: 'CUSTOMER', label: 'Kontaktinformation', path: SCREENS.CUSTOMER.path, isDone: (o) => !hasErrors(customerStepErrors(o)) },
  { step: 'BOOKING', label: 'Tid og sted', path: SCREENS.BOOKING.path, isDone: (o) => !hasErrors(validateTimeAndPlace(o.timeAndPlace)) },
  { step: 'CONFIRM', label: 'Bekræftelse', path: SCREENS.CONFIRM.path, isDone: () => false },
];

/** Paths inside the flow: moving between them is not leaving. */
const FLOW_PATHS: ReadonlySet<string> = new Set([...FLOW_STEPS.map((s) => s.path), SCREENS.RECEIPT.path]);

export function isFlowPath(pathname: string): boolean {
  return FLOW_PATHS.has(pathname);
}

export function stepIndex(step: TFlowStep): number {
  return FLOW_STEPS.findIndex((s) => s.step === step);
}

/** A step can be opened when every step before it is done. */
export function canOpenStep(order: TOrder, step: TFlowStep): boolean {
  return FLOW_STEPS.slice(0, stepIndex(step)).every((s) => s.isDone(order));
}

/** The step after `step`, or null after the last. */
export function nextStep(step: TFlowStep): FlowStep | null {
  return FLOW_STEPS[stepIndex(step) + 1] ?? null;
}
