import { copenhagenDay, copenhagenParts, fromCopenhagen, todayInCopenhagen } from '../lib/dates';
import type { TOrderStatus } from './order-enums';
import type { TOrder } from './order.schemas';

/**
 * A fitter's jobs (issue 38, the landing screen): the booked orders the user works on as fitter or helper, today
 * and tomorrow. Offers, drafts and cancelled orders are no job; a finished job stays on the day's list, marked.
 */
export const FITTER_JOB_STATUSES = [
  'PROCESSING',
  'PROCESSING_MORESALE',
  'ON_HOLD',
  'SERVICE_CALL',
  'PENDING_REVIEW',
  'FINISHED',
] as const satisfies readonly TOrderStatus[];

/** The jobs still to be done: the next job is the first of these (a job on hold waits for something else). */
const TO_DO: readonly string[] = ['PROCESSING', 'PROCESSING_MORESALE', 'SERVICE_CALL'] satisfies TOrderStatus[];

export function isJobToDo(order: TOrder): boolean {
  return TO_DO.includes(order.additionalData.orderStatus);
}

/** Today and tomorrow in Copenhagen, as 'YYYY-MM-DD'. */
export function fitterDays(now: Date): { today: string; tomorrow: string } {
  const p = copenhagenParts(now);
  return { today: todayInCopenhagen(now), tomorrow: copenhagenDay(fromCopenhagen(p.year, p.month, p.day + 1, 12)) };
}

/** The next job of a day's list (in time order): the first still to be done, or none. */
export function nextJob<T extends { order: TOrder }>(jobs: readonly T[]): T | null {
  return jobs.find((job) => isJobToDo(job.order)) ?? null;
}

/** Where the job is done: the customer's address for a mobile-service job, else the workshop's. */
export function jobAddress(order: TOrder): string {
  const t = order.timeAndPlace;
  const mobile = t.mobileServiceLocation.address.trim();
  if (t.department.mobileService && mobile) return mobile;
  return t.department.address.trim();
}

/** A tel: link to the customer's phone (+45 when no other prefix is stored), or null without a number. */
export function customerTelHref(order: TOrder): string | null {
  const digits = order.customer.phone.replace(/[^\d]/g, '');
  if (!digits) return null;
  const prefix = (order.customer.phonePrefix || '+45').replace(/[^\d+]/g, '');
  return `tel:${prefix.startsWith('+') ? prefix : `+${prefix}`}${digits}`;
}
