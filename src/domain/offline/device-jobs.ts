import { copenhagenDay, todayInCopenhagen } from '../lib/dates';
import { isSetGuid } from '../lib/guid';
import type { TOrderListRequestInput } from '../order-lists';
import type { TOrder } from '../orders';

/**
 * The jobs a fitter's device keeps (issue 38): today's and tomorrow's booked work of his department (as 'Dagens
 * opgaver' lists it: status Afventer, and jobs on hold he may take up again), or of every department without one.
 */
export function deviceJobFilters(departmentGuid: string | null | undefined, now = new Date()): TOrderListRequestInput[] {
  const from = `${todayInCopenhagen(now)}T00:00:00`;
  const to = `${copenhagenDay(new Date(now.getTime() + 24 * 3_600_000))}T23:59:59`;
  const department = isSetGuid(departmentGuid) ? departmentGuid : '';
  return (['PROCESSING', 'ON_HOLD'] as const).map((status) => ({
    page: 0,
    orderSortType: 'DATE',
    fromDate: from,
    toDate: to,
    department,
    status,
  }));
}

/** Whether an order list's filter (as the lists send it) takes the order: its day, department, status and type. */
export function listFilterTakes(filter: Partial<Record<string, unknown>>, order: TOrder): boolean {
  const day = (order.timeAndPlace.from || order.timeAndPlace.date || '').slice(0, 19);
  const text = (key: string) => (typeof filter[key] === 'string' ? (filter[key] as string) : '');
  if (text('freeText') || text('phoneOrMail')) return false;
  if (text('fromDate') && (!day || day < text('fromDate').slice(0, 19))) return false;
  if (text('toDate') && (!day || day > text('toDate').slice(0, 19))) return false;
  if (isSetGuid(text('department')) && order.timeAndPlace.department.id !== text('department')) return false;
  if (text('status') && order.additionalData.orderStatus !== text('status')) return false;
  if (text('type') && order.additionalData.orderType !== text('type')) return false;
  return true;
}
