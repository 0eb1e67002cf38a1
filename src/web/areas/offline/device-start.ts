import type { QueryClient } from '@tanstack/react-query';
import type { TUserInfo } from '@/domain/users/user.schemas';
import { forgetDeviceUser, setDeviceOwner } from '../../lib/device-user';
import { isOnline, onNetworkChange } from '../../lib/network';
import { deleteDevice } from './device-db';
import { publishDeviceChanges, setDeviceUser, syncChanges } from './device-queue';
import { fillOrderListsFromDevice, refreshDevice } from './device-refresh';

/** How often a fitter's device refreshes its jobs while online. */
const REFRESH_MS = 5 * 60_000;

/**
 * A fitter's device at work (issue 38), from sign-in to sign-out: the waiting changes are sent on start and whenever
 * the network comes back, the jobs are refreshed then, when the app comes back into view and every five minutes
 * while online; without a network the job lists are filled from the device. Answers the function that stops it.
 */
export function startDevice(user: TUserInfo, client: QueryClient): () => void {
  setDeviceUser(user, client);
  setDeviceOwner(user.id);
  const refresh = (force: boolean) => {
    if (isOnline()) void refreshDevice(user, force).catch(() => undefined);
  };
  const fillLists = () => {
    if (!isOnline()) void fillOrderListsFromDevice(user, client).catch(() => undefined);
  };
  const onOnline = () => {
    void syncChanges()
      .catch(() => undefined)
      .then(() => refresh(true));
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') refresh(false);
  };
  void publishDeviceChanges().catch(() => undefined);
  if (isOnline()) onOnline();
  else fillLists();
  // Also when a request finds no network although the browser says it has one (lib/network.ts).
  const stopNetwork = onNetworkChange((online) => (online ? onOnline() : fillLists()));
  document.addEventListener('visibilitychange', onVisible);
  const timer = setInterval(() => refresh(false), REFRESH_MS);
  // A list screen opened without a network gets the device's jobs.
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type === 'added' && event.query.queryKey[0] === 'order') setTimeout(fillLists, 0);
  });
  return () => {
    stopNetwork();
    document.removeEventListener('visibilitychange', onVisible);
    clearInterval(timer);
    unsubscribe();
  };
}

/** Sign-out, or another user on the device: its copy of the jobs and its changes are deleted. */
export async function clearDevice(): Promise<void> {
  forgetDeviceUser();
  await deleteDevice();
}
