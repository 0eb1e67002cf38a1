import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TOldPriceResult } from '@/domain/old-prices/old-price.schemas';
import { api } from '../../lib/api-client';

/** The search (2 characters or more), or the most recently expired prices before one. */
export function oldPricesPath(term: string): string {
  const trimmed = term.trim();
  return trimmed.length >= 2 ? `/api/oldpricelist/search/${encodeURIComponent(trimmed)}` : '/api/oldpricelist/latest';
}

export function useOldPrices(term: string) {
  const path = oldPricesPath(term);
  return useQuery({
    queryKey: ['old-prices', path],
    queryFn: ({ signal }) => api.get<TOldPriceResult>(path, signal),
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'Den gamle prisliste kunne ikke hentes' },
  });
}
