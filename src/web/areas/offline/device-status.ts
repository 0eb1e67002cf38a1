import { useSyncExternalStore } from 'react';
import type { TDeviceChangeKind, TDeviceChangeState, TRefusal } from '@/domain/offline/device-changes';

/**
 * What the shell's banner and a job's list of changes show (issue 38), without IndexedDB: the device's queue
 * (device-queue.ts, loaded lazily) publishes here whenever its changes change, and the network state comes from the
 * browser's online and offline events. Light, for the app's first file.
 */

export interface TChangeSummary {
  id: string;
  seq: number;
  orderId: string;
  kind: TDeviceChangeKind;
  state: TDeviceChangeState;
  detail?: string;
  status?: string | null;
  refusal?: TRefusal;
}

export interface TDeviceStatus {
  online: boolean;
  sending: boolean;
  changes: readonly TChangeSummary[];
}

let status: TDeviceStatus = { online: typeof navigator === 'undefined' ? true : navigator.onLine, sending: false, changes: [] };
const listeners = new Set<() => void>();

export function publishDeviceStatus(change: Partial<TDeviceStatus>): void {
  status = { ...status, ...change };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const update = () => publishDeviceStatus({ online: navigator.onLine });
  window.addEventListener('online', update);
  window.addEventListener('offline', update);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', update);
    window.removeEventListener('offline', update);
  };
}

export const getDeviceStatus = (): TDeviceStatus => status;

export function useDeviceStatus(): TDeviceStatus {
  return useSyncExternalStore(subscribe, getDeviceStatus, getDeviceStatus);
}
