import { hasAnyRole, type TRole } from '../users/roles';
import { ORDER_STATUS_LABELS, isReplaceType, type TOrderStatus, type TOrderType } from './order-enums';
import type { TOrder } from './order.schemas';

/**
 * Order-status outcomes and who may act on an order in a status (document 2 sections 4 and 6).
 * The worksheet shows and hides by these; the server enforces the same functions.
 */

/** Orders in these statuses cannot be changed any more. */
export const LOCKED_STATUSES: readonly TOrderStatus[] = ['FINISHED', 'CANCELLED'];

export function isLocked(status: TOrderStatus): boolean {
  return LOCKED_STATUSES.includes(status);
}

/** In these statuses the order lines and 'add product' are read-only. */
export function linesReadOnly(status: TOrderStatus): boolean {
  return status === 'SERVICE_CALL' || status === 'FINISHED';
}

export function finishButtonLabel(status: TOrderStatus): string {
  return status === 'PENDING_REVIEW' ? 'Afslut gennemsyn' : 'Afslut/Fakturer';
}

/** COMPLAINT and INTERNAL_COMPLAINT: the orders with a complaint panel. */
export function isComplaintType(type: TOrderType): boolean {
  return type === 'COMPLAINT' || type === 'INTERNAL_COMPLAINT';
}

/**
 * The status finishing leads to. A customer complaint (COMPLAINT) not yet in SERVICE_CALL becomes a
 * service call; an insurance-paid replacement (type REPLACE*) in PROCESSING or ON_HOLD goes to review
 * (PENDING_REVIEW); everything else, including a reviewed order and a closed service call, is FINISHED.
 * Internal complaints are the company's own matter: they finish without a service call.
 */
export function finishOutcome(order: Pick<TOrder, 'additionalData'>): TOrderStatus {
  const { orderType, orderStatus, whoIsPaying } = order.additionalData;
  if (orderType === 'COMPLAINT' && orderStatus !== 'SERVICE_CALL') return 'SERVICE_CALL';
  if (isReplaceType(orderType) && (orderStatus === 'PROCESSING' || orderStatus === 'ON_HOLD') && whoIsPaying === 'INSURANCE') return 'PENDING_REVIEW';
  return 'FINISHED';
}

// ---------------------------------------------------------------------------
// Who may act

const REVIEWERS: readonly TRole[] = ['ReviewManager'];
const STATUS_CHANGERS: readonly TRole[] = ['CustomerService', 'Adminstrator'];
const SERVICE_CALL_CLOSERS: readonly TRole[] = ['Complaint'];

export const STATUS_MESSAGES = {
  finishedLocked: 'Ordren er udført og kan ikke længere ændres',
  cancelledLocked: 'Ordren er annulleret og kan ikke længere ændres',
  reviewOnly: 'Kun rollen Ordregennemsyn kan behandle en ordre, der afventer gennemsyn',
  closeServiceCallOnly: 'Kun rollen Reklamation kan lukke et servicekald',
  manualStatusOnly: 'Kun Kundeservice og Administrator kan vælge en ny ordrestatus',
  notAllowed: (from: TOrderStatus, to: TOrderStatus) => `Ordren kan ikke skifte fra ${ORDER_STATUS_LABELS[from]} til ${ORDER_STATUS_LABELS[to]}`,
} as const;

/** A PENDING_REVIEW order may only be acted on by a ReviewManager. */
export function mayActOn(status: TOrderStatus, roles: readonly string[]): boolean {
  return status !== 'PENDING_REVIEW' || hasAnyRole(roles, REVIEWERS);
}

/** The manual status change ('Vælg ny order status'). */
export function mayChangeStatusManually(roles: readonly string[]): boolean {
  return hasAnyRole(roles, STATUS_CHANGERS);
}

/** Closing a service call ('Lukket'). */
export function mayCloseServiceCall(roles: readonly string[]): boolean {
  return hasAnyRole(roles, SERVICE_CALL_CLOSERS);
}

/** Why a locked order refuses changes, or null when it is not locked. */
export function lockedMessage(status: TOrderStatus): string | null {
  if (status === 'FINISHED') return STATUS_MESSAGES.finishedLocked;
  if (status === 'CANCELLED') return STATUS_MESSAGES.cancelledLocked;
  return null;
}

/** What a save (PUT /order/order) does, from the status the order has and the one the user asks for. */
export type TSaveAction = 'SAVE' | 'FINISH' | 'HOLD' | 'RELEASE' | 'SEND_TO_ORDERS';

export type TSaveDecision =
  | { ok: true; action: TSaveAction; status: TOrderStatus }
  | { ok: false; httpStatus: 403 | 409; message: string };

/** Statuses a job can be finished from. */
const FINISHABLE: readonly TOrderStatus[] = ['PROCESSING', 'PROCESSING_MORESALE', 'ON_HOLD', 'SERVICE_CALL', 'PENDING_REVIEW'];
/** Statuses a job can be put on hold from. */
const HOLDABLE: readonly TOrderStatus[] = ['PROCESSING', 'PROCESSING_MORESALE', 'SERVICE_CALL'];
/** Asking for one of these means 'finish': the server decides which one the order gets. */
const FINISH_REQUESTS: readonly TOrderStatus[] = ['FINISHED', 'PENDING_REVIEW', 'SERVICE_CALL'];

/**
 * The status a save leads to. The same status is a plain save. Asking to finish (FINISHED, or the
 * outcome the client computed) gives finishOutcome; ON_HOLD holds a job; PROCESSING sends a web order
 * to the orders ('Send til Ordrer') or takes a job off hold. FINISHED and CANCELLED orders refuse every
 * change (409), a PENDING_REVIEW order is the ReviewManager's alone (403), and only Complaint closes a
 * service call (403). Other changes go through the manual status change.
 */
export function decideSave(order: Pick<TOrder, 'additionalData'>, current: TOrderStatus, roles: readonly string[]): TSaveDecision {
  const requested = order.additionalData.orderStatus;
  const locked = lockedMessage(current);
  if (locked) return { ok: false, httpStatus: 409, message: locked };
  if (!mayActOn(current, roles)) return { ok: false, httpStatus: 403, message: STATUS_MESSAGES.reviewOnly };
  if (requested === current) return { ok: true, action: 'SAVE', status: current };
  if (FINISH_REQUESTS.includes(requested) && FINISHABLE.includes(current)) {
    if (current === 'SERVICE_CALL' && !mayCloseServiceCall(roles)) return { ok: false, httpStatus: 403, message: STATUS_MESSAGES.closeServiceCallOnly };
    const status = finishOutcome({ additionalData: { ...order.additionalData, orderStatus: current } });
    return { ok: true, action: 'FINISH', status };
  }
  if (requested === 'ON_HOLD' && HOLDABLE.includes(current)) return { ok: true, action: 'HOLD', status: 'ON_HOLD' };
  if (requested === 'PROCESSING' && current === 'WEB_REVIEW') return { ok: true, action: 'SEND_TO_ORDERS', status: 'PROCESSING' };
  if (requested === 'PROCESSING' && current === 'ON_HOLD') return { ok: true, action: 'RELEASE', status: 'PROCESSING' };
  return { ok: false, httpStatus: 409, message: STATUS_MESSAGES.notAllowed(current, requested) };
}
