import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { keepsJobsOnDevice } from '@/domain/offline/device-changes';
import { syncBannerText } from '@/domain/offline/device-texts';
import { deviceOwner } from '../../lib/device-user';
import { useSession } from '../users';
import './device-banner.css';
import { useDeviceStatus } from './device-status';

/**
 * The shell's banner (issue 38): 'Offline', how many changes wait ('Offline – 3 ændringer venter'), 'Sender
 * ændringer…' while they go. It also starts a fitter's device (device-start.ts, loaded after the page: IndexedDB
 * and the queue are not in the app's first file), and empties the device for another user signing in on it.
 */
export function DeviceBanner() {
  const { user } = useSession();
  const client = useQueryClient();
  const status = useDeviceStatus();
  const signedIn = useRef(user);
  signedIn.current = user;
  const userId = user?.id ?? null;

  useEffect(() => {
    const current = signedIn.current;
    if (!current || !userId) return;
    if (!keepsJobsOnDevice(current.roles)) {
      const owner = deviceOwner();
      if (owner && owner !== userId) void import('./device-start').then((m) => m.clearDevice()).catch(() => undefined);
      return;
    }
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import('./device-start')
      .then((m) => {
        if (!cancelled) stop = m.startDevice(current, client);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId, client]);

  const text = user ? syncBannerText({ online: status.online, waiting: status.changes.length, sending: status.sending }) : null;
  if (!text) return null;
  return (
    <div className="device-banner" role="status" data-state={!status.online ? 'offline' : status.sending ? 'sending' : 'waiting'}>
      {text}
    </div>
  );
}
