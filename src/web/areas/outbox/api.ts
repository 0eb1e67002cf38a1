import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TOutboxChannel, TOutboxMessage, TOutboxPage, TOutboxStatus } from '@/domain/outbox/outbox';
import { api } from '../../lib/api-client';

export const OUTBOX_QUERY_KEY = ['outbox'] as const;

export interface OutboxFilter {
  /** 0-based, as the API counts. */
  page: number;
  status: TOutboxStatus | null;
  channel: TOutboxChannel | null;
}

export function outboxPath(filter: OutboxFilter): string {
  const params = new URLSearchParams({ page: String(filter.page) });
  if (filter.status) params.set('status', filter.status);
  if (filter.channel) params.set('channel', filter.channel);
  return `/api/outbox?${params.toString()}`;
}

/** One page of the outbox; a newer filter or page cancels the request before it. */
export function useOutbox(filter: OutboxFilter) {
  return useQuery({
    queryKey: [...OUTBOX_QUERY_KEY, filter],
    queryFn: ({ signal }) => api.get<TOutboxPage>(outboxPath(filter), signal),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'Udbakken kunne ikke hentes' },
  });
}

export function useRetryOutboxMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<TOutboxMessage>(`/api/outbox/${encodeURIComponent(id)}/retry`),
    meta: { errorMessage: 'Beskeden kunne ikke sendes igen' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OUTBOX_QUERY_KEY }),
  });
}

/** An order's SMS with their delivery reports (the worksheet's notice of a failed one). */
export function useOrderSms(orderId: string) {
  return useQuery({
    queryKey: [...OUTBOX_QUERY_KEY, 'order', orderId],
    queryFn: ({ signal }) => api.get<TOutboxMessage[]>(`/api/outbox/order/${encodeURIComponent(orderId)}/sms`, signal),
    enabled: orderId !== '' && orderId !== '00000000-0000-0000-0000-000000000000',
    staleTime: 30_000,
    // A notice, not the page: no toast when it cannot be fetched (offline).
    retry: false,
  });
}
