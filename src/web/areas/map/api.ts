import { keepPreviousData, queryOptions, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { TMobileServiceOrder } from '@/domain/map/map.schemas';
import type { LiveChange } from '@/domain/calendar/live-changes';
import { changeConcerns } from '@/domain/map/map';
import { api } from '../../lib/api-client';
import { fittersQuery } from '../../lib/fitters-query';
import { olderThanPrefetch } from '../../lib/prefetched';
import { findPosition, type TFoundPosition } from './coordinate-cache';
import { useLiveChanges } from '../../lib/use-live-changes';

/** GET /api/map/config: the tile source (null: the map runs without tiles) and its attribution (HTML). */
export interface TMapConfig {
  mapTileUrl: string | null;
  mapAttribution: string;
}

export function useMapConfig() {
  return useQuery({
    queryKey: ['map', 'config'],
    queryFn: ({ signal }) => api.get<TMapConfig>('/api/map/config', signal),
    staleTime: Infinity,
  });
}

/** The calendar's own refresh (document 3 section 9): the fallback when the live stream is down. */
export const MAP_REFRESH_MS = 300_000;

const jobsKey = (departmentIds: readonly string[], days: readonly string[]) =>
  ['map', 'jobs', [...departmentIds].sort(), [...days].sort()] as const;

/**
 * POST /api/order/mobileserviceorders: the jobs of the chosen vans on the chosen days; asked again every 5 minutes
 * and at once when the live stream says one of those vans changed on one of those days.
 */
export function mobileJobsQuery(departmentIds: readonly string[], days: readonly string[]) {
  return queryOptions({
    queryKey: jobsKey(departmentIds, days),
    enabled: departmentIds.length > 0 && days.length > 0,
    queryFn: ({ signal }) =>
      api.post<TMobileServiceOrder[]>('/api/order/mobileserviceorders', { departmentIds, days: [...days].sort() }, signal),
  });
}

export function useMobileJobs(departmentIds: readonly string[], days: readonly string[]) {
  const client = useQueryClient();
  const query = useQuery({
    ...mobileJobsQuery(departmentIds, days),
    placeholderData: keepPreviousData,
    refetchInterval: MAP_REFRESH_MS,
    staleTime: 0,
    refetchOnMount: olderThanPrefetch,
    meta: { errorMessage: 'Opgaverne kunne ikke hentes' },
  });
  const onChange = useCallback(
    (changes: LiveChange[]) => {
      if (changeConcerns(changes, departmentIds, days)) void client.invalidateQueries({ queryKey: ['map', 'jobs'] });
    },
    [client, departmentIds, days],
  );
  const live = useLiveChanges(onChange);
  return { ...query, live };
}

export type TPositionState =
  { status: 'pending' } | { status: 'found'; position: TFoundPosition } | { status: 'notFound' } | { status: 'failed' };

function stateOf(result: { isPending: boolean; isError: boolean; data: TFoundPosition | null | undefined }): TPositionState {
  if (result.isPending) return { status: 'pending' };
  if (result.isError) return { status: 'failed' };
  return result.data ? { status: 'found', position: result.data } : { status: 'notFound' };
}

/**
 * Where each address is (cached in local storage), by its trimmed text. The map is built from the results of this
 * render (not through `combine`, whose memo can pair a new address list with the results of the last one), and
 * kept while no state changes, so the marks keep their icons.
 */
export function useAddressPositions(addresses: readonly string[]): Map<string, TPositionState> {
  const unique = useMemo(() => [...new Set(addresses.map((a) => a.trim()).filter(Boolean))], [addresses]);
  const results = useQueries({
    queries: unique.map((address) => ({
      queryKey: ['map', 'coordinates', address],
      queryFn: ({ signal }: { signal: AbortSignal }) => findPosition(address, signal),
      staleTime: Infinity,
      gcTime: 30 * 60_000,
    })),
  });
  const states = results.map(stateOf);
  const signature = states
    .map(
      (state, i) =>
        `${unique[i]}|${state.status}|${state.status === 'found' ? `${state.position.lat},${state.position.lng},${state.position.exact}` : ''}`,
    )
    .join('\n');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the signature stands for the states of this render
  return useMemo(() => new Map(unique.map((address, i) => [address, states[i]!] as const)), [signature]);
}

/** GET /api/user/usersinrole/Operation: the fitters, for the Montør tab. */
export function useFitters(enabled: boolean) {
  return useQuery({ ...fittersQuery(), enabled, meta: { errorMessage: 'Montørerne kunne ikke hentes' } });
}
