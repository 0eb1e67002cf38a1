import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TRegion } from '@/domain/departments/department.schemas';
import type { TAvailableSlotsAll, TAvailableSlotsByRegion, TDeliveryTimes } from '@/domain/planning/planning.schemas';
import { api } from '../../lib/api-client';

/** Where each region sits in the all-regions answer (spelt as the spec spells it). */
export const REGION_GROUPS: Record<TRegion, keyof TAvailableSlotsAll> = {
  Jylland: 'julandDepartments',
  Fyn: 'fynDepartmens',
  Sjaelland: 'sjaellandDepartments',
};

/** Ledige slots and Leveringstid reload every 15 minutes (document 3 section 9). */
export const PLANNING_REFRESH_MS = 900_000;

/** GET /api/availableslots/getAll: every region, today and the next 6 days. */
export function useAvailableSlotsAll(enabled = true) {
  return useQuery({
    queryKey: ['planning', 'available-slots', 'all'],
    queryFn: ({ signal }) => api.get<TAvailableSlotsAll>('/api/availableslots/getAll', signal),
    refetchInterval: PLANNING_REFRESH_MS,
    enabled,
    meta: { errorMessage: 'Ledige slots kunne ikke hentes' },
  });
}

export interface RegionSearch {
  region: TRegion;
  /** 'YYYY-MM-DD' */
  start: string;
  days: 7 | 1;
}

/** GET /api/availableslots/getByRegion: one region from a day (answer field `data`). */
export function useAvailableSlotsByRegion(search: RegionSearch | null) {
  return useQuery({
    queryKey: ['planning', 'available-slots', search?.region, search?.start, search?.days],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({
        region: search!.region,
        startDateTime: `${search!.start}T00:00:00`,
        days: String(search!.days),
      });
      return api.get<TAvailableSlotsByRegion>(`/api/availableslots/getByRegion?${params.toString()}`, signal);
    },
    enabled: search !== null,
    refetchInterval: PLANNING_REFRESH_MS,
    placeholderData: keepPreviousData,
    meta: { errorMessage: 'Ledige slots kunne ikke hentes' },
  });
}

/** GET /api/deliverytime: the three region tables. */
export function useDeliveryTimes() {
  return useQuery({
    queryKey: ['planning', 'delivery-time'],
    queryFn: ({ signal }) => api.get<TDeliveryTimes>('/api/deliverytime', signal),
    refetchInterval: PLANNING_REFRESH_MS,
    meta: { errorMessage: 'Leveringstider kunne ikke hentes' },
  });
}
