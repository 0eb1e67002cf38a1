import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { TDepartmentSummary } from '@/domain/departments/department.schemas';
import { api } from '../../lib/api-client';

/*
 * The department lists' queries, apart from api.ts: the router asks for the summaries (prefetchDepartmentSummaries) and
 * is part of the app's first file, which must not bring the departments' other calls along.
 */

export const DEPARTMENTS_QUERY_KEY = ['departments'] as const;
// The lighter lists sit under the whole list's key, so invalidating that refetches them too (api.ts).
export const DEPARTMENT_NAMES_QUERY_KEY = [...DEPARTMENTS_QUERY_KEY, 'names'] as const;
export const DEPARTMENT_SUMMARIES_QUERY_KEY = [...DEPARTMENTS_QUERY_KEY, 'summaries'] as const;

/** One of the department lists: kept five minutes, a failure toasted the same way. */
export function departmentListQuery<T>(queryKey: readonly string[], url: string) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => api.get<T[]>(url, signal),
    staleTime: 5 * 60_000,
    meta: { errorMessage: 'Afdelingerne kunne ikke hentes' },
  });
}

export const departmentSummariesQuery = () =>
  departmentListQuery<TDepartmentSummary>(DEPARTMENT_SUMMARIES_QUERY_KEY, '/api/departments/summaries');

/** Asks for the department summaries while a screen that lists them loads (the router, for the calendar). */
export function prefetchDepartmentSummaries(client: QueryClient): void {
  void client.prefetchQuery(departmentSummariesQuery());
}
