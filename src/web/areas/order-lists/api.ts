import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { changesConcernList, type LiveChange } from '@/domain/calendar/live-changes';
import type { TOrderList, TOrderListRequest, TReviewOrderListRequestInput } from '@/domain/order-lists';
import type { TInsurer } from '@/domain/parties/party.schemas';
import type { TRoleMember } from '@/domain/users/user.schemas';
import { api } from '../../lib/api-client';
import { olderThanPrefetch } from '../../lib/prefetched';
import { useLiveChanges } from '../../lib/use-live-changes';

/**
 * A page of a list screen: POST /api/order/orders, or /api/revieworder/orders for Gennemsyn. The query
 * passes its AbortSignal, so a newer filter cancels the request of the older one (TanStack Query aborts a
 * query nobody watches any more); an aborted request never toasts. The previous page stays on screen while
 * the next loads.
 */
export function orderListPageQuery(filter: TOrderListRequest | TReviewOrderListRequestInput, review: boolean) {
  const url = review ? '/api/revieworder/orders' : '/api/order/orders';
  return queryOptions({
    queryKey: ['order', 'list', url, filter],
    queryFn: ({ signal }) => api.post<TOrderList>(url, filter, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
    // The first page the router asked for while the screen loaded (prefetchOpeningList) is not asked for again.
    refetchOnMount: olderThanPrefetch,
    meta: { errorMessage: 'Api: "getOrders" failed' },
  });
}

export function useOrderListPage(filter: TOrderListRequest | TReviewOrderListRequestInput, review: boolean) {
  return useQuery(orderListPageQuery(filter, review));
}

/**
 * Webordrer live (issue 41): a booking made, moved, cancelled or sent on in the list's department and days (a web
 * booking at 22:00, another user's 'Send til Ordrer') reloads the list's pages at once, through the calendar's event
 * stream (GET /api/live). Returns whether the stream is open, for the screen to say the list updates by itself.
 */
export function useLiveOrderList(filter: Pick<TOrderListRequest, 'department' | 'fromDate' | 'toDate'>, enabled: boolean): boolean {
  const client = useQueryClient();
  const { department, fromDate, toDate } = filter;
  const onChange = useCallback(
    (changes: LiveChange[]) => {
      if (changesConcernList(changes, { department, from: fromDate, to: toDate }))
        void client.invalidateQueries({ queryKey: ['order', 'list'] });
    },
    [client, department, fromDate, toDate],
  );
  return useLiveChanges(onChange, enabled);
}

/** The Gennemsyn insurer choice (GET /api/insurers/Review). */
export function useReviewInsurers(enabled: boolean) {
  return useQuery({
    queryKey: ['insurers', 'review'],
    queryFn: ({ signal }) => api.get<TInsurer[]>('/api/insurers/Review', signal),
    enabled,
    staleTime: 60 * 60_000,
    meta: { errorMessage: 'Api: "getInsurers" failed' },
  });
}

/** The Gennemsyn reviewer choice: users in role ReviewManager. */
export function useReviewers(enabled: boolean) {
  return useQuery({
    queryKey: ['user', 'usersinrole', 'ReviewManager'],
    queryFn: ({ signal }) => api.get<TRoleMember[]>('/api/user/usersinrole/ReviewManager', signal),
    enabled,
    staleTime: 5 * 60_000,
    meta: { errorMessage: 'Gennemserne kunne ikke hentes' },
  });
}
