/**
 * The parties' calls (src/server/areas/parties): insurers, leasers, the debitor search and a debitor's prices, with
 * the spec's failure toasts (document 1 section 8).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TDebitor, TDebitorItemPrice, TDebitorSearchField } from '@/domain/parties/party.schemas';
import { api } from '../../lib/api-client';
import { insurersQuery, leasersQuery } from '../../lib/car-lists';

const q = encodeURIComponent;

export function useInsurers() {
  return useQuery({ ...insurersQuery(), meta: { errorMessage: 'Api: "getInsurers" failed' } });
}

export function useLeasers() {
  return useQuery({ ...leasersQuery(), meta: { errorMessage: 'Api: "getLeasers" failed' } });
}

export function searchDebitors(field: TDebitorSearchField, query: string, signal?: AbortSignal): Promise<TDebitor[]> {
  return api.get<TDebitor[]>(`/api/debitor/search/${field}?query=${q(query)}`, signal);
}

/** The customer/company search of the dashboard (from four characters); failures toast with the term. */
export function useDebitorSearch(field: TDebitorSearchField, term: string, enabled: boolean) {
  return useQuery({
    queryKey: ['debitor', 'search', field, term],
    queryFn: ({ signal }) => searchDebitors(field, term, signal),
    enabled,
    placeholderData: keepPreviousData,
    meta: { errorMessage: `Api: "getCustomer" failed with input ${term}` },
  });
}

/** The registered debitor with this customer number (a debtor rule names its debitor by number); null when none. */
export function useDebitorByNo(no: string | null) {
  return useQuery({
    queryKey: ['debitor', 'no', no],
    queryFn: async ({ signal }) => (await searchDebitors('NAV', no ?? '', signal)).find((d) => d.no.trim() === no?.trim()) ?? null,
    enabled: Boolean(no?.trim()),
    staleTime: 5 * 60_000,
  });
}

/** A debitor's prices (kroner excl. VAT) for item numbers; never called without items. */
export function fetchDebitorPrices(debitorNo: string, itemNos: string[]): Promise<TDebitorItemPrice[]> {
  if (!debitorNo || itemNos.length === 0) return Promise.resolve([]);
  return api.post<TDebitorItemPrice[]>('/api/debitor/prices', { DebitorNo: debitorNo, Items: itemNos });
}
