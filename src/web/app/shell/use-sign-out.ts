import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { API_MESSAGES } from '@/domain/lib/api-messages';
import { DEVICE_TEXTS } from '@/domain/offline/device-texts';
import { clearDeviceCopy, getDeviceStatus } from '../../areas/offline';
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
    // The device's copy of the fitter's jobs and its changes go too (issue 38).
    void clearDeviceCopy().catch(() => undefined);
  };

  const run = () =>
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

  /** With changes not sent yet, the fitter is asked first: signing out deletes them from the device. */
  const signOut = () => {
    const waiting = getDeviceStatus().changes.length;
    if (waiting === 0) return run();
    void import('@mantine/modals').then(({ modals }) =>
      modals.openConfirmModal({
        title: 'Log ud',
        children: DEVICE_TEXTS.signOutWithChanges(waiting),
        labels: { confirm: 'Log ud alligevel', cancel: 'Annuller' },
        confirmProps: { color: 'red' },
        onConfirm: run,
      }),
    );
  };

  return { signOut, isPending: logout.isPending };
}
