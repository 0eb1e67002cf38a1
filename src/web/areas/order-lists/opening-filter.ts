import type { QueryClient } from '@tanstack/react-query';
import { defaultOrderListFilter, type TOrderListView } from '@/domain/order-lists';
import { sessionUser } from '../../lib/query-client';
import { orderListPageQuery } from './api';
import type { TListFilter } from './components/list-filters';

/**
 * The filter a list screen opens with: the route's defaults from the user's department (Gennemsyn: any insurer and
 * reviewer). Opened from the header's search with a free text (Opgaver's ?fritekst=): that text in every status,
 * date and department, newest first, as the search found it.
 */
export function openingListFilter(
  view: TOrderListView,
  departmentGuid: string | null | undefined,
  now: Date,
  phoneOrMail: string,
  freeText = '',
): TListFilter {
  const filter: TListFilter = {
    ...defaultOrderListFilter(view, departmentGuid, now, view === 'SEARCH_PHONE_OR_MAIL' ? phoneOrMail : ''),
    ...(view === 'PENDING' ? { insurer: '', reviewer: undefined } : {}),
  };
  if (view !== 'ASSIGNMENTS' || !freeText) return filter;
  return {
    ...filter,
    freeText,
    status: undefined,
    fromDate: undefined,
    toDate: undefined,
    department: undefined,
    orderSortType: 'DATE_DESC',
  };
}

/**
 * Asks for a list screen's first page while its files load (the router loads this file then), so the screen is drawn
 * once with its orders: their arrival after the first draw redrew the whole table in one task (issue 17).
 */
export function prefetchOpeningList(client: QueryClient, view: TOrderListView, params: Readonly<Record<string, string | undefined>>): void {
  const user = sessionUser(client);
  if (!user) return;
  const filter = openingListFilter(view, user.departmentGuid, new Date(), params.phoneOrMail ?? '');
  void client.prefetchQuery(orderListPageQuery(filter, view === 'PENDING'));
}
