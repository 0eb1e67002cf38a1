import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { API_MESSAGES } from '@/domain/lib/api-messages';
import { useLogout } from '../../areas/users';
import { isApiError } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { SESSION_QUERY_KEY } from '../../lib/query-client';

/** 'Log ud': GET /api/user/logout, the server's toast, an empty cache and the login page. */
export function useSignOut() {
  const logout = useLogout();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const finish = () => {
    void navigate('/login', { replace: true });
    queryClient.setQueryData(SESSION_QUERY_KEY, null);
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
  };

  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: (answer) => {
        notify.success(answer?.message ?? API_MESSAGES.loggedOut);
        finish();
      },
      onError: (error) => {
        // Already signed out on the server: the result is the same.
        if (isApiError(error) && error.status === 401) finish();
        else notify.error('Log ud mislykkedes');
      },
    });

  return { signOut, isPending: logout.isPending };
}
