import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TZipCodeAvailability, TZipCodeAvailabilityUpdate } from '@/domain/booking/booking.schemas';
import type { TDepartment } from '@/domain/departments/department.schemas';
import { api } from '../../lib/api-client';

export const DEPARTMENTS_QUERY_KEY = ['departments'] as const;

/** All departments, for pickers (GET /api/departments/departments). */
export function useDepartments() {
  return useQuery({
    queryKey: DEPARTMENTS_QUERY_KEY,
    queryFn: ({ signal }) => api.get<TDepartment[]>('/api/departments/departments', signal),
    staleTime: 5 * 60_000,
    meta: { errorMessage: 'Afdelingerne kunne ikke hentes' },
  });
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
        filter!.by === 'department' ? `/api/zipcode/department/${filter!.departmentId}` : `/api/zipcode/${encodeURIComponent(filter!.zipCode)}`,
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
