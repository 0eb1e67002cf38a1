import type { QueryClient } from '@tanstack/react-query';
import type { TUserInfo } from '@/domain/users/user.schemas';
export { ServiceWorkerUpdates } from './sw-updates';
/** The fitter's device (issue 38): the banner for the shell, a job's waiting changes for the worksheet, the status. */
export { DeviceBanner } from './device-banner';
export { DeviceJobChanges } from './device-job-changes';
export { getDeviceStatus, useDeviceStatus } from './device-status';
/** The device's queue and copy, loaded when first needed (null for a user who keeps no jobs on the device). */
export { isNoAnswer, loadDevice } from './device-loader';
/** A change the device kept to send when the network is back (its answer is the device's, not the server's). */
export { isKeptOnDevice } from './kept';

/** A fitter's app starting: his landing screen's jobs from the device, until the server answers (device-first.ts). */
export function seedJobsFromDevice(user: TUserInfo, client: QueryClient): Promise<void> {
  return import('./device-refresh').then((m) => m.seedFitterJobs(user, client));
}

/** Sign-out: the device's copy of the jobs and its changes are deleted. */
export function clearDeviceCopy(): Promise<void> {
  return import('./device-start').then((m) => m.clearDevice());
}
