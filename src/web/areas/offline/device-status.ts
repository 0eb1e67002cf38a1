import { useSyncExternalStore } from 'react';
import { isOnline, onNetworkChange } from '../../lib/network';
import type { TDeviceChangeKind, TDeviceChangeState, TRefusal } from '@/domain/offline/device-changes';

/**
 * What the shell's banner and a job's list of changes show (issue 38), without IndexedDB: the device's queue
 * (device-queue.ts, loaded lazily) publishes here whenever its changes change, and the network state from
 * lib/network.ts (the browser's events and requests that got no answer). Light, for the app's first file.
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

let status: TDeviceStatus = { online: isOnline(), sending: false, changes: [] };
const listeners = new Set<() => void>();

export function publishDeviceStatus(change: Partial<TDeviceStatus>): void {
  status = { ...status, ...change };
  for (const listener of listeners) listener();
}

// One network listener for every screen that shows the status, made with the first (the banner lives as long as the app).
let followsNetwork = false;

function subscribe(listener: () => void): () => void {
  if (!followsNetwork) {
    followsNetwork = true;
    onNetworkChange((online) => publishDeviceStatus({ online }));
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const getDeviceStatus = (): TDeviceStatus => status;

export function useDeviceStatus(): TDeviceStatus {
  return useSyncExternalStore(subscribe, getDeviceStatus, getDeviceStatus);
}
