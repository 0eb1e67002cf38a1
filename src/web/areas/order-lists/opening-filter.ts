import type { QueryClient } from '@tanstack/react-query';
import { defaultOrderListFilter, type TOrderListView } from '@/domain/orders/order-list';
import { sessionUser } from '../../lib/query-client';
import { orderListPageQuery } from './api';
import type { TListFilter } from './components/list-filters';

/** The filter a list screen opens with: the route's defaults from the user's department (Gennemsyn: any insurer and reviewer). */
export function openingListFilter(view: TOrderListView, departmentGuid: string | null | undefined, now: Date, phoneOrMail: string): TListFilter {
  return {
    ...defaultOrderListFilter(view, departmentGuid, now, view === 'SEARCH_PHONE_OR_MAIL' ? phoneOrMail : ''),
    ...(view === 'PENDING' ? { insurer: '', reviewer: undefined } : {}),
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
