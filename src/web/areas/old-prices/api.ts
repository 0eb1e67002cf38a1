import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  OLD_PRICE_MESSAGES,
  OLD_PRICE_PAGE_SIZE,
  OLD_PRICE_SEARCH_MIN,
  type TOldPriceImportMode,
  type TOldPriceImportReport,
  type TOldProductPage,
} from '@/domain/old-prices/old-price.schemas';
import { api } from '../../lib/api-client';

/** The term the screen searches for: the typed text once it has 2 characters, else '' (the whole list). */
export function searchTermOf(typed: string): string {
  const trimmed = typed.trim();
  return trimmed.length >= OLD_PRICE_SEARCH_MIN ? trimmed : '';
}

/** getOldProducts: GET /api/oldpricelist/search/{term} (document 3), or the whole list before a search. */
export function oldPricesPath(term: string, page: number): string {
  const query = `page=${page}&pageSize=${OLD_PRICE_PAGE_SIZE}`;
  return term ? `/api/oldpricelist/search/${encodeURIComponent(term)}?${query}` : `/api/oldpricelist?${query}`;
}

export function useOldPrices(term: string, page: number) {
  const path = oldPricesPath(term, page);
  return useQuery({
    queryKey: ['old-prices', term, page],
    queryFn: ({ signal }) => api.get<TOldProductPage>(path, signal),
    placeholderData: keepPreviousData,
    // The spec's toast for a failed search (document 3 section 8), with what the user typed.
    meta: { errorMessage: term ? OLD_PRICE_MESSAGES.searchFailed(term) : OLD_PRICE_MESSAGES.listFailed },
  });
}

export interface OldPriceImportInput {
  file: File;
  mode: TOldPriceImportMode;
  dryRun: boolean;
}

/** POST multipart /api/oldpricelist/import (Adminstrator): a trial run or the import itself. */
export function useImportOldPrices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, mode, dryRun }: OldPriceImportInput) => {
      const form = new FormData();
      form.append('mode', mode);
      form.append('dryRun', String(dryRun));
      form.append('file', file, file.name);
      return api.post<TOldPriceImportReport>('/api/oldpricelist/import', form);
    },
    onSuccess: async (report) => {
      if (!report.dryRun) await client.invalidateQueries({ queryKey: ['old-prices'] });
    },
    meta: { fieldLabels: { file: 'Fil', mode: 'Indlæsning', dryRun: 'Kontrol' } },
  });
}
