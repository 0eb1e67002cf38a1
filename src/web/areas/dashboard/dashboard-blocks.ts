import type { QueryClient } from '@tanstack/react-query';
import { todayInCopenhagen } from '@/domain/lib/dates';
import { isSetGuid } from '@/domain/lib/guid';
import type { TOrderListRequestInput } from '@/domain/order-lists';
import type { TRole } from '@/domain/users/roles';
import { hasAnyRole } from '@/domain/users/roles';
import { sessionUser } from '../../lib/query-client';
import { orderListQuery } from '../orders';
import { fitterJobsQuery } from './fitter-jobs-query';

/** The order, car and payer block and the price enquiry (document 1 section 2). */
export const ORDER_BLOCK_ROLES: readonly TRole[] = ['Adminstrator', 'CustomerService', 'Operation'];
/** The fitters (glossary: a fitter is a user with role Operation): their own day opens the start area. */
export const FITTER_ROLES: readonly TRole[] = ['Operation'];
/** The worksheet orders list: the department's jobs today, in 'Dagens opgaver'. */
export const WORKSHEET_LIST_ROLES: readonly TRole[] = ['Adminstrator', 'Operation'];
/** The transfer-orders block (document 1 section 2, block 4). */
export const TRANSFER_BLOCK_ROLES: readonly TRole[] = ['Adminstrator', 'Operation', 'Stock'];

/** Today's booked work (status Afventer) of the user's department, or of every department when the user has none. */
export function todaysFilter(departmentGuid: string | undefined, now = new Date()): TOrderListRequestInput {
  const day = todayInCopenhagen(now);
  return {
    page: 0,
    orderSortType: 'DATE',
    fromDate: `${day}T00:00:00`,
    toDate: `${day}T23:59:59`,
    department: isSetGuid(departmentGuid) ? departmentGuid : '',
    status: 'PROCESSING',
  };
}

/**
 * Asks for 'Dagens opgaver' while the dashboard's files load (the router loads this file then), for a user who sees
 * it: the list is then in the dashboard's first draw, which React splits into short tasks, instead of arriving after
 * it and redrawing the block in one task (issue 17).
 */
export function prefetchTodaysTasks(client: QueryClient): void {
  const user = sessionUser(client);
  if (!user) return;
  // Every user's own jobs (a fitter's landing); the department's list for those who see it.
  void client.prefetchQuery(fitterJobsQuery(user.id));
  if (!hasAnyRole(user.roles, WORKSHEET_LIST_ROLES)) return;
  void client.prefetchQuery(orderListQuery(todaysFilter(user.departmentGuid)));
}
