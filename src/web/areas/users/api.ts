import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMessage } from '@/domain/lib/api-error';
import type { TUser, TUserCreateInput, TUserUpdateInput } from '@/domain/users/user.schemas';
import { api } from '../../lib/api-client';

export const USERS_QUERY_KEY = ['users'] as const;

/** Danish names of the user form's fields, for the exception dialog. */
export const USER_FIELD_LABELS: Record<string, string> = {
  name: 'Navn',
  initials: 'Initialer',
  phone: 'Telefon',
  email: 'E-mail',
  roles: 'Roller',
  departmentGuid: 'Afdeling',
  calendarDepartmentGuid: 'Kalenderafdeling',
  autoPassword: 'Autogenerer adgangskode',
  password: 'Adgangskode',
  confirmPassword: 'Bekræft adgangskode',
  allowSMS: 'Tillad SMS',
  allowEmail: 'Tillad e-mail',
  id: 'Bruger',
};

export function useUsers() {
  return useQuery({
    queryKey: USERS_QUERY_KEY,
    queryFn: ({ signal }) => api.get<TUser[]>('/api/user/users', signal),
    meta: { errorMessage: 'Brugerne kunne ikke hentes' },
  });
}

export function useUser(id: string | undefined) {
  return useQuery({
    queryKey: [...USERS_QUERY_KEY, id],
    queryFn: ({ signal }) => api.get<TUser>(`/api/user/user/${encodeURIComponent(id ?? '')}`, signal),
    enabled: Boolean(id),
    meta: { errorMessage: 'Brugeren kunne ikke hentes' },
  });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: TUserCreateInput) => api.post<TUser>('/api/user/register', user),
    meta: { errorMessage: 'Oprettelse af brugeren mislykkedes', fieldLabels: USER_FIELD_LABELS },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: TUserUpdateInput) => api.post<TUser>('/api/user/update', user),
    meta: { errorMessage: 'Opdatering af brugeren mislykkedes', fieldLabels: USER_FIELD_LABELS },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}

export function useRemoveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (user: Pick<TUser, 'id'>) => api.post<TMessage>('/api/user/remove', { id: user.id }),
    meta: { errorMessage: 'Sletning af brugeren mislykkedes' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY }),
  });
}
