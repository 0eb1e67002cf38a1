import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMessage } from '@/domain/lib/api-error';
import type { TLogin, TPasswordResetConfirmInput, TUserInfo } from '@/domain/users/user.schemas';
import { api, isApiError } from '../../lib/api-client';
import { deviceUser, rememberDeviceUser } from '../../lib/device-user';
import { SESSION_QUERY_KEY } from '../../lib/query-client';

/**
 * GET /api/user/userinfo; a 401 means signed out (null), not an error. Without a network, a fitter's device trusts
 * the user it last knew (issue 38: his jobs open offline), until he signs out.
 */
export async function fetchSession(signal?: AbortSignal): Promise<TUserInfo | null> {
  try {
    const user = await api.get<TUserInfo>('/api/user/userinfo', signal);
    rememberDeviceUser(user);
    return user;
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    const known = isApiError(error) && error.status === 0 ? deviceUser() : null;
    if (known) return known;
    throw error;
  }
}

export interface Session {
  user: TUserInfo | null;
  isLoading: boolean;
}

export function useSession(): Session {
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: ({ signal }) => fetchSession(signal),
    staleTime: 5 * 60_000,
    // Asked also without a network, so an offline fitter's device answers with the user it knows.
    networkMode: 'always',
    meta: { errorMessage: 'Brugeroplysningerne kunne ikke hentes' },
  });
  return { user: query.data ?? null, isLoading: query.isPending };
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TLogin) => api.post<TUserInfo>('/api/user/login', body),
    meta: { expectsUnauthorized: true },
    onSuccess: (user) => {
      // A new user may see other data than the one before: start from a clean cache.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
      queryClient.setQueryData(SESSION_QUERY_KEY, user);
      rememberDeviceUser(user);
    },
  });
}

export function useLogout() {
  return useMutation({
    mutationFn: () => api.get<TMessage>('/api/user/logout'),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { Identifier: string }) => api.post<TMessage>('/api/user/resetpassword', body),
  });
}

/** Sets the new password with a reset link's token or an SMS code; the user's sessions end on the server. */
export function useConfirmPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TPasswordResetConfirmInput) => api.post<TMessage>('/api/user/resetpassword/confirm', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
  });
}
