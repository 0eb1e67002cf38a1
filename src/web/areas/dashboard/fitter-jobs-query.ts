import { queryOptions } from '@tanstack/react-query';
import type { TFitterJobs } from '@/domain/orders/fitter-jobs.schemas';
import { api } from '../../lib/api-client';
import { olderThanPrefetch } from '../../lib/prefetched';

/** GET /api/order/myjobs: the signed-in user's own jobs today and tomorrow (the fitter's landing screen). */
export const FITTER_JOBS_PATH = '/api/order/myjobs';

/**
 * The query key of a user's jobs. It starts with 'order', so whatever changes an order (a save, an SMS sent: their
 * mutations invalidate ['order']) reads the list again; the user's id keeps one user's list from another's.
 */
export const fitterJobsQueryKey = (userId: string) => ['order', 'myjobs', userId] as const;

export function fetchFitterJobs(signal?: AbortSignal): Promise<TFitterJobs> {
  return api.get<TFitterJobs>(FITTER_JOBS_PATH, signal);
}

/** The query (key and fn) the start area reads, the router prefetches and the offline copy may keep. */
export function fitterJobsQuery(userId: string) {
  return queryOptions({
    queryKey: fitterJobsQueryKey(userId),
    queryFn: ({ signal }) => fetchFitterJobs(signal),
    refetchOnMount: olderThanPrefetch,
  });
}
