import { hasAnyRole, type TRole } from '../users';
import {
  CREATABLE_ORDER_TYPES,
  ORDER_STATUS_LABELS,
  ORDER_TYPE_LABELS,
  isReplaceType,
  type TOrderStatus,
  type TOrderType,
} from './order-enums';
import type { TOrder } from './order.schemas';

/**
 * Order-status outcomes and who may act on an order in a status (document 2 sections 4 and 6).
 * The worksheet shows and hides by these; the server enforces the same functions.
 */

/** Orders in these statuses ('locked': finished or cancelled) cannot be changed any more and are no open work on a car. */
export const LOCKED_STATUSES: readonly TOrderStatus[] = ['FINISHED', 'CANCELLED'];

/** Whether an order in this status is locked (LOCKED_STATUSES); a status read as text from the database may be passed. */
export function isLocked(status: TOrderStatus | string): boolean {
  return (LOCKED_STATUSES as readonly string[]).includes(status);
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
  if (isReplaceType(orderType) && (orderStatus === 'PROCESSING' || orderStatus === 'ON_HOLD') && whoIsPaying === 'INSURANCE')
    return 'PENDING_REVIEW';
  return 'FINISHED';
}

// ---------------------------------------------------------------------------
// Who may act

const REVIEWERS: readonly TRole[] = ['ReviewManager'];
/** The roles that may choose a new order status by hand ('Vælg ny order status'). */
export const STATUS_CHANGERS: readonly TRole[] = ['CustomerService', 'Adminstrator'];
const SERVICE_CALL_CLOSERS: readonly TRole[] = ['Complaint'];

export const STATUS_MESSAGES = {
  finishedLocked: 'Ordren er udført og kan ikke længere ændres',
  cancelledLocked: 'Ordren er annulleret og kan ikke længere ændres',
  reviewOnly: 'Kun rollen Ordregennemsyn kan behandle en ordre, der afventer gennemsyn',
  closeServiceCallOnly: 'Kun rollen Reklamation kan lukke et servicekald',
  manualStatusOnly: 'Kun Kundeservice og Administrator kan vælge en ny ordrestatus',
  notAllowed: (from: TOrderStatus, to: TOrderStatus) =>
    `Ordren kan ikke skifte fra ${ORDER_STATUS_LABELS[from]} til ${ORDER_STATUS_LABELS[to]}`,
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

export type TSaveDecision = { ok: true; action: TSaveAction; status: TOrderStatus } | { ok: false; httpStatus: 403 | 409; message: string };

/** Statuses a job can be finished from ('Afslut/Fakturer', 'Afslut gennemsyn'; a service call is closed with 'Lukket'). */
const FINISHABLE: readonly TOrderStatus[] = ['PROCESSING', 'PROCESSING_MORESALE', 'ON_HOLD', 'SERVICE_CALL', 'PENDING_REVIEW'];
/** Statuses a job can be put on hold from. */
const HOLDABLE: readonly TOrderStatus[] = ['PROCESSING', 'PROCESSING_MORESALE', 'SERVICE_CALL'];
/** The statuses a complaint can be made on: the work has been done. */
const COMPLAINABLE: readonly TOrderStatus[] = ['FINISHED', 'PENDING_REVIEW'];

/** The finish button ('Afslut/Fakturer', 'Afslut gennemsyn'): a service call is closed with 'Lukket' instead (mayCloseServiceCall). */
export function canFinish(status: TOrderStatus, roles: readonly string[]): boolean {
  return FINISHABLE.includes(status) && status !== 'SERVICE_CALL' && mayActOn(status, roles);
}

/** The work is done when a job is finished from a working status: its goods then leave the department's stock. */
export function finishTakesStock(current: TOrderStatus): boolean {
  return current === 'PROCESSING' || current === 'PROCESSING_MORESALE' || current === 'ON_HOLD';
}

/** 'Lukket': a service call is closed (finished) by the Complaint role. */
export function canCloseServiceCall(status: TOrderStatus, roles: readonly string[]): boolean {
  return status === 'SERVICE_CALL' && mayCloseServiceCall(roles);
}

/** 'Sæt på hold'. */
export function canHold(status: TOrderStatus, roles: readonly string[]): boolean {
  return HOLDABLE.includes(status) && mayActOn(status, roles);
}

/** 'Slet ordre' (cancel): not on a locked order, and a PENDING_REVIEW order only by a ReviewManager. */
export function canCancel(status: TOrderStatus, roles: readonly string[]): boolean {
  return !isLocked(status) && mayActOn(status, roles);
}

export const COMPLAINT_MESSAGES = {
  notDone: 'Der kan kun oprettes en reklamation på en udført ordre',
  onMoreSale: 'Der kan ikke oprettes en reklamation på et mersalg: opret den på den ordre, mersalget hører til',
  onComplaint: 'Der kan ikke oprettes en reklamation på en reklamation: opret den på den oprindelige ordre',
} as const;

/** Why 'Opret reklamation' is refused on the order (null when it is not): a job not done, an extra sale or a complaint. */
export function complaintRefusal(order: Pick<TOrder, 'additionalData'>): string | null {
  const { orderType, orderStatus } = order.additionalData;
  if (orderType === 'SALE') return COMPLAINT_MESSAGES.onMoreSale;
  if (isComplaintType(orderType)) return COMPLAINT_MESSAGES.onComplaint;
  return COMPLAINABLE.includes(orderStatus) ? null : COMPLAINT_MESSAGES.notDone;
}

/** 'Opret reklamation': on a done job of a kind that can be complained about (not an extra sale or a complaint). */
export function canComplain(order: Pick<TOrder, 'additionalData'>): boolean {
  return complaintRefusal(order) === null;
}

/**
 * The order types a save may change between are the ones a new order is created as (CREATABLE_ORDER_TYPES: the
 * replacements and the stone-chip repair). An extra sale is made only by GET /MoreSaleOrder/create/{id}, a
 * complaint only by POST /Complaint/create/{id}; neither changes type, and no order becomes one by a save.
 */
export const ORDER_TYPE_MESSAGES = {
  notCreatable: 'En ny ordre kan kun oprettes som rudeskift eller stenslag; mersalg og reklamationer oprettes fra en eksisterende ordre',
  notChangeable: (from: TOrderType, to: TOrderType) =>
    `Ordretypen kan ikke skifte fra ${ORDER_TYPE_LABELS[from]} til ${ORDER_TYPE_LABELS[to]}`,
} as const;

/** Why a save may not change the order type from `from` to `to`, or null. */
export function orderTypeChangeRefusal(from: TOrderType, to: TOrderType): string | null {
  if (from === to) return null;
  return CREATABLE_ORDER_TYPES.includes(from) && CREATABLE_ORDER_TYPES.includes(to) ? null : ORDER_TYPE_MESSAGES.notChangeable(from, to);
}
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
    if (current === 'SERVICE_CALL' && !mayCloseServiceCall(roles))
      return { ok: false, httpStatus: 403, message: STATUS_MESSAGES.closeServiceCallOnly };
    const status = finishOutcome({ additionalData: { ...order.additionalData, orderStatus: current } });
    return { ok: true, action: 'FINISH', status };
  }
  if (requested === 'ON_HOLD' && HOLDABLE.includes(current)) return { ok: true, action: 'HOLD', status: 'ON_HOLD' };
  if (requested === 'PROCESSING' && current === 'WEB_REVIEW') return { ok: true, action: 'SEND_TO_ORDERS', status: 'PROCESSING' };
  if (requested === 'PROCESSING' && current === 'ON_HOLD') return { ok: true, action: 'RELEASE', status: 'PROCESSING' };
  return { ok: false, httpStatus: 409, message: STATUS_MESSAGES.notAllowed(current, requested) };
}
