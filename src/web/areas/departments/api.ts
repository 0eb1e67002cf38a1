import { useQuery } from '@tanstack/react-query';
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
