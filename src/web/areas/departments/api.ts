import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { TZipCodeAvailability, TZipCodeAvailabilityUpdate } from '@/domain/departments';
import type { z } from 'zod';
import type {
  TCopyTimeslot,
  TDepartment,
  TDepartmentName,
  ZDepartmentInput,
  TResourceRelation,
  TTimeSlot,
  TTimeSlotInput,
  TTimeSlotType,
} from '@/domain/departments/department.schemas';
import type { TMessage } from '@/domain/lib/api-error';
import { api } from '../../lib/api-client';
import { DEPARTMENT_FIELD_LABELS } from './department-form';
import {
  DEPARTMENT_NAMES_QUERY_KEY,
  DEPARTMENT_SUMMARIES_QUERY_KEY,
  DEPARTMENTS_QUERY_KEY,
  departmentListQuery,
  departmentSummariesQuery,
} from './department-lists';

export { DEPARTMENTS_QUERY_KEY };

/** A coordinate cache entry (document 3 section 3), kept in the browser's local storage. */
interface TCoordinateEntry {
  address: string;
  lat: number;
  lng: number;
}

/** All departments, for pickers (GET /api/departments/departments). */
export function useDepartments() {
  return useDepartmentList<TDepartment>(DEPARTMENTS_QUERY_KEY, '/api/departments/departments');
}

function useDepartmentList<T>(queryKey: readonly string[], url: string) {
  return useQuery(departmentListQuery<T>(queryKey, url));
}

/**
 * The lighter lists sit under the whole list's key (department-lists.ts), so invalidating that refetches them too. A
 * save or a delete patches the whole list in place instead (exact key), and marks these stale: they are refetched
 * when next shown.
 */
function invalidateLighterLists(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: DEPARTMENT_NAMES_QUERY_KEY });
  void client.invalidateQueries({ queryKey: DEPARTMENT_SUMMARIES_QUERY_KEY });
}

/** Every department's name and kind, for filters (GET /api/departments/names); refetched with the whole list. */
export function useDepartmentNames() {
  return useDepartmentList<TDepartmentName>(DEPARTMENT_NAMES_QUERY_KEY, '/api/departments/names');
}

/**
 * Every department without its hours and slots, for the calendar and the mobile-service map
 * (GET /api/departments/summaries: 29 KB of the whole list's 366 KB); refetched with the whole list.
 */
export function useDepartmentSummaries() {
  return useQuery(departmentSummariesQuery());
}

/** The label a department picker shows; mobile-service departments are marked. */
export function departmentOptionLabel(department: Pick<TDepartment, 'name' | 'mobileService'>): string {
  return department.mobileService ? `${department.name} (mobilservice)` : department.name;
}

// ---------------------------------------------------------------------------
// Postnummer styring (GET /api/zipcode/{zip}, /api/zipcode/department/{id}; POST /api/zipcode/)

export type ZipFilter = { by: 'department'; departmentId: string } | { by: 'zip'; zipCode: string };

export const zipRowsQueryKey = (filter: ZipFilter | null) => ['zipcodes', filter] as const;

/** The rows of one van or one zip code; null filter: nothing asked yet. */
export function useZipRows(filter: ZipFilter | null) {
  return useQuery({
    queryKey: zipRowsQueryKey(filter),
    enabled: filter !== null,
    queryFn: ({ signal }) =>
      api.get<TZipCodeAvailability[]>(
        filter!.by === 'department'
          ? `/api/zipcode/department/${filter!.departmentId}`
          : `/api/zipcode/${encodeURIComponent(filter!.zipCode)}`,
        signal,
      ),
    // The spec's failure toast for the zip search.
    meta: { errorMessage: 'Invalid Search query' },
  });
}

export function useSaveZipRow(filter: ZipFilter | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (row: TZipCodeAvailabilityUpdate) => api.post<TZipCodeAvailability>('/api/zipcode/', row),
    meta: { errorMessage: 'Error updating zip code department information' },
    onSuccess: (saved) => {
      client.setQueryData<TZipCodeAvailability[]>(zipRowsQueryKey(filter), (rows) => rows?.map((r) => (r.id === saved.id ? saved : r)));
    },
    // On failure the row shows what the server has.
    onError: () => void client.invalidateQueries({ queryKey: zipRowsQueryKey(filter) }),
  });
}

// ---------------------------------------------------------------------------
// Afdelinger (document 3, Departments screen)

const q = encodeURIComponent;

function replaceDepartment(list: TDepartment[] | undefined, department: TDepartment): TDepartment[] | undefined {
  if (!list) return list;
  return list.some((d) => d.id === department.id) ? list.map((d) => (d.id === department.id ? department : d)) : [...list, department];
}

/** Changes one department in the cached list (after a save, a slot change or a copy). */
export function useUpdateCachedDepartment() {
  const client = useQueryClient();
  return (id: string, change: (department: TDepartment) => TDepartment) =>
    client.setQueryData<TDepartment[]>(DEPARTMENTS_QUERY_KEY, (list) => list?.map((d) => (d.id === id ? change(d) : d)));
}

/** PUT /api/departments/departments: creates (no id) or saves master data and opening hours; answers the department. */
export function useSaveDepartment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof ZDepartmentInput>) => api.put<TDepartment>('/api/departments/departments', body),
    meta: { fieldLabels: DEPARTMENT_FIELD_LABELS },
    onSuccess: (saved) => {
      client.setQueryData<TDepartment[]>(DEPARTMENTS_QUERY_KEY, (list) => replaceDepartment(list, saved));
      invalidateLighterLists(client);
    },
  });
}

/**
 * The department as it is saved now (after a save was refused as a stale copy): the whole list read again, so the
 * screen's list and the reloaded form show the same copy.
 */
export function useReloadDepartment() {
  const client = useQueryClient();
  return async (id: string): Promise<TDepartment | null> => {
    const list = await client.fetchQuery({
      ...departmentListQuery<TDepartment>(DEPARTMENTS_QUERY_KEY, '/api/departments/departments'),
      staleTime: 0,
    });
    invalidateLighterLists(client);
    return list.find((d) => d.id === id) ?? null;
  };
}

/** DELETE /api/departments/departments/{id}: refused (409) while the department has bookings. */
export function useDeleteDepartment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<TMessage>(`/api/departments/departments/${q(id)}`),
    onSuccess: (_answer, id) => {
      client.setQueryData<TDepartment[]>(DEPARTMENTS_QUERY_KEY, (list) => list?.filter((d) => d.id !== id));
      invalidateLighterLists(client);
    },
  });
}

export const usedSlotsQueryKey = (departmentId: string) => ['departments', 'used-slots', departmentId] as const;

/** GET /api/departments/alreadyUsedTimeslots/{id}: bookings linked to each slot id (a slot with any is locked). */
export function useUsedTimeslots(departmentId: string | null) {
  return useQuery({
    queryKey: usedSlotsQueryKey(departmentId ?? ''),
    enabled: departmentId !== null,
    queryFn: ({ signal }) => api.get<Record<string, number>>(`/api/departments/alreadyUsedTimeslots/${q(departmentId!)}`, signal),
    staleTime: 0,
    meta: { errorMessage: 'Bookingerne på tiderne kunne ikke hentes' },
  });
}

/** POST /api/departments/addOrUpdateTimeslot/{departmentId}/{type}: a new slot (no id) or a change; answers the slot. */
export function saveTimeSlot(departmentId: string, type: TTimeSlotType, slot: TTimeSlotInput): Promise<TTimeSlot> {
  return api.post<TTimeSlot>(`/api/departments/addOrUpdateTimeslot/${q(departmentId)}/${type}`, slot);
}

/** DELETE /api/departments/remove/{departmentId}/{type}/{slotId}: refused (409) when bookings are linked. */
export function removeTimeSlot(departmentId: string, type: TTimeSlotType, slotId: string): Promise<TMessage> {
  return api.delete<TMessage>(`/api/departments/remove/${q(departmentId)}/${type}/${q(slotId)}`);
}

/** POST /api/departments/copyTimeslot: a weekday's standard slots become a date's own plan; answers the copies. */
export function copyTimeslots(body: TCopyTimeslot): Promise<TTimeSlot[]> {
  return api.post<TTimeSlot[]>('/api/departments/copyTimeslot', body);
}

// Resource relations (/api/DepartmentResourceRelation)

export const relationsQueryKey = (departmentId: string) => ['departments', 'relations', departmentId] as const;

export function useResourceRelations(departmentId: string) {
  return useQuery({
    queryKey: relationsQueryKey(departmentId),
    queryFn: ({ signal }) => api.get<TResourceRelation[]>(`/api/DepartmentResourceRelation/get/${q(departmentId)}`, signal),
    meta: { errorMessage: 'Ressourcerelationerne kunne ikke hentes' },
  });
}

export function useAddResourceRelation(departmentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (resourceId: string) => api.post<TResourceRelation[]>('/api/DepartmentResourceRelation/add', { departmentId, resourceId }),
    meta: { errorMessage: 'Ressourcen kunne ikke tilføjes' },
    onSuccess: (relations) => client.setQueryData(relationsQueryKey(departmentId), relations),
  });
}

export function useDeleteResourceRelation(departmentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<TMessage>(`/api/DepartmentResourceRelation/delete/${q(id)}`),
    meta: { errorMessage: 'Ressourcen kunne ikke fjernes' },
    onSuccess: (_answer, id) =>
      client.setQueryData<TResourceRelation[]>(relationsQueryKey(departmentId), (list) => list?.filter((r) => r.id !== id)),
  });
}

// Coordinates (GET /api/departments/coordinates?input), cached in local storage as the spec says.

const COORDINATES_KEY = 'rudeplan.coordinates';
const COORDINATES_KEPT = 200;

function readCoordinateCache(): TCoordinateEntry[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(COORDINATES_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed)
      ? (parsed as TCoordinateEntry[]).filter((e) => typeof e?.address === 'string' && Number.isFinite(e.lat) && Number.isFinite(e.lng))
      : [];
  } catch {
    return [];
  }
}

/** The coordinates of an address: from the browser's cache when looked up before, else from the server. */
export async function findCoordinates(address: string): Promise<{ lat: number; lng: number }> {
  const key = address.trim().toLowerCase();
  const cached = readCoordinateCache().find((e) => e.address.toLowerCase() === key);
  if (cached) return { lat: cached.lat, lng: cached.lng };
  const found = await api.get<{ lat: number; lng: number }>(`/api/departments/coordinates?input=${q(address.trim())}`);
  try {
    const kept = [
      { address: address.trim(), lat: found.lat, lng: found.lng },
      ...readCoordinateCache().filter((e) => e.address.toLowerCase() !== key),
    ];
    localStorage.setItem(COORDINATES_KEY, JSON.stringify(kept.slice(0, COORDINATES_KEPT)));
  } catch {
    // A full or blocked storage only means no cache.
  }
  return { lat: found.lat, lng: found.lng };
}
