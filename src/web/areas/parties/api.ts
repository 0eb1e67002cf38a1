/**
 * The parties' calls (src/server/areas/parties): insurers, leasers, the debitor search and a debitor's prices, with
 * the spec's failure toasts (document 1 section 8).
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AUTOCOMPLETE_MIN_LENGTH, type TDebitor, type TDebitorItemPrice, type TDebitorSearchField } from '@/domain/parties/party.schemas';
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

/**
 * The picker's search of a debitor: by name and by customer number at once (from four characters, as everywhere),
 * the exact number first.
 */
export function useDebitorChoices(text: string) {
  const term = text.trim();
  return useQuery({
    queryKey: ['debitor', 'choices', term],
    queryFn: async ({ signal }) => {
      const [byName, byNo] = await Promise.all((['NAME', 'NAV'] as const).map((field) => searchDebitors(field, term, signal)));
      const seen = new Set<string>();
      return [...byNo!.filter((d) => d.no.toLowerCase() === term.toLowerCase()), ...byName!, ...byNo!].filter(
        (d) => !seen.has(d.no) && Boolean(seen.add(d.no)),
      );
    },
    enabled: term.length >= AUTOCOMPLETE_MIN_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    meta: { errorMessage: `Api: "getCustomer" failed with input ${term}` },
  });
}

/**
 * The registered debitor with this customer number (a debtor rule names its debitor by number); null when none. One
 * query for the order's debtor rule and the debtor rule list's names.
 */
export const debitorByNoQuery = (no: string) =>
  queryOptions({
    queryKey: ['debitor', 'no', no.trim()] as const,
    queryFn: async ({ signal }) => (await searchDebitors('NAV', no.trim(), signal)).find((d) => d.no.trim() === no.trim()) ?? null,
    staleTime: 5 * 60_000,
  });

export function useDebitorByNo(no: string | null) {
  return useQuery({ ...debitorByNoQuery(no ?? ''), enabled: Boolean(no?.trim()) });
}

/** A debitor's prices (kroner excl. VAT) for item numbers; never called without items. */
export function fetchDebitorPrices(debitorNo: string, itemNos: string[]): Promise<TDebitorItemPrice[]> {
  if (!debitorNo || itemNos.length === 0) return Promise.resolve([]);
  return api.post<TDebitorItemPrice[]>('/api/debitor/prices', { DebitorNo: debitorNo, Items: itemNos });
}
