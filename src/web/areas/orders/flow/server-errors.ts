/**
 * What the server refused when the order in progress was booked or saved, by field ('timeAndPlace.department',
 * 'timeAndPlace.zipCode', 'debitor.no', …), so the step that holds the field shows the server's message at it after
 * the user has gone back there. A message stays while the part of the order it is about is as it was when refused;
 * the user's change there takes it away (the server is asked again at the next save).
 */
import { useSyncExternalStore } from 'react';
import type { FieldErrors } from '@/domain/lib/validation';
import { carJobOf } from '@/domain/orders/order-booking-place';
import type { TOrder } from '@/domain/orders/order.schemas';
import type { TFlowStep } from './flow-steps';

export interface TRecordedError {
  field: string;
  messages: string[];
  /** The part of the order the field belongs to, as it was refused. */
  basis: string;
}

/** The part of the order a field's refusal is about: a change there answers it. */
export function refusalBasis(order: TOrder, field: string): string {
  const section = field.split('.')[0];
  const car = order.car;
  switch (section) {
    case 'timeAndPlace':
      return JSON.stringify([order.timeAndPlace, carJobOf(order), order.customer.zipCode]);
    case 'debitor':
      return JSON.stringify([order.debitor.no, order.additionalData.whoIsPaying, car.user, car.owner, car.leaser, car.insurance]);
    case 'customer':
      return JSON.stringify(order.customer);
    case 'car':
      return JSON.stringify(order.car);
    case 'items':
      return JSON.stringify(order.items);
    default:
      return JSON.stringify(order.additionalData);
  }
}

/** The step whose screen holds a field. */
export function stepOfField(field: string): Exclude<TFlowStep, 'DASHBOARD'> | 'DASHBOARD' {
  const section = field.split('.')[0];
  if (section === 'timeAndPlace') return 'BOOKING';
  if (section === 'customer' || section === 'debitor' || field === 'additionalData.whoIsPaying') return 'CUSTOMER';
  if (section === 'car' || field === 'additionalData.orderType') return 'DASHBOARD';
  return 'CONFIRM';
}

/** Records the server's field errors for the order as it was sent. */
export function recordRefusal(order: TOrder, errors: FieldErrors): TRecordedError[] {
  return Object.entries(errors)
    .filter(([, messages]) => messages.length > 0)
    .map(([field, messages]) => ({ field, messages, basis: refusalBasis(order, field) }));
}

/** The recorded errors that still apply to the order as it is now. */
export function standingErrors(order: TOrder, recorded: readonly TRecordedError[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const r of recorded) if (refusalBasis(order, r.field) === r.basis) errors[r.field] = r.messages;
  return errors;
}

// ---- The tab's refusals -------------------------------------------------------------------

let recorded: readonly TRecordedError[] = [];
const listeners = new Set<() => void>();

function publish(next: readonly TRecordedError[]) {
  recorded = next;
  for (const listener of listeners) listener();
}

/** The server refused the order as sent: its field errors are kept for the steps. */
export function keepServerRefusal(order: TOrder, errors: FieldErrors): void {
  publish(recordRefusal(order, errors));
}

/** A save went through (or the order was left): nothing refused stands. */
export function forgetServerRefusal(): void {
  if (recorded.length > 0) publish([]);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The server's refusals that still apply to `order`, by field. */
export function useServerRefusal(order: TOrder): FieldErrors {
  const all = useSyncExternalStore(
    subscribe,
    () => recorded,
    () => recorded,
  );
  return standingErrors(order, all);
}
