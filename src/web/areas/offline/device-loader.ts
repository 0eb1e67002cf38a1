import type { QueryClient } from '@tanstack/react-query';
import { keepsJobsOnDevice } from '@/domain/offline/device-changes';
import { sessionUser } from '../../lib/query-client';

/**
 * The device's queue and copy of the jobs (device-queue.ts, with IndexedDB), loaded when a fitter's worksheet first
 * needs it; null for a user who keeps no jobs on the device (the worksheet then talks to the server as before).
 */
export async function loadDevice(client: QueryClient) {
  const user = sessionUser(client);
  // A browser without IndexedDB keeps nothing: the worksheet talks to the server as before.
  if (!user || !keepsJobsOnDevice(user.roles) || typeof indexedDB === 'undefined') return null;
  const device = await import('./device-queue');
  device.setDeviceUser(user, client);
  return device;
}

/** A request that got no answer (no network): the api client's status 0. */
export const isNoAnswer = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 0;
