import type { QueryClient } from '@tanstack/react-query';
import { keepsJobsOnDevice } from '@/domain/offline/device-changes';
import { isSetGuid } from '@/domain/lib/guid';
import type { TUserInfo } from '@/domain/users/user.schemas';
import { loadDevice, seedJobsFromDevice } from '../areas/offline';
import { orderImagesQuery, orderQueryKey } from '../areas/worksheet/order-query';
import { SESSION_QUERY_KEY } from '../lib/query-client';

/** How long the first draw waits for the device's copy; a slow storage costs the head start, never the page. */
const WAIT_MS = 400;

const WORKSHEET_PATH = /^\/worksheet\/([^/]+)\/?$/;

/** The job and its photos as the fitter's device has them, marked as old (updatedAt 0): the worksheet asks anew. */
async function seedWorksheetFromDevice(client: QueryClient, orderId: string): Promise<void> {
  if (!isSetGuid(orderId)) return;
  const device = await loadDevice(client);
  const order = device ? await device.deviceOrder(orderId) : null;
  if (!device || !order || client.getQueryData(orderQueryKey(orderId)) !== undefined) return;
  client.setQueryData(orderQueryKey(orderId), order, { updatedAt: 0 });
  const images = await device.deviceImages(orderId);
  const imagesKey = orderImagesQuery(orderId, order.debitor.no).queryKey;
  if (images && client.getQueryData(imagesKey) === undefined) client.setQueryData(imagesKey, images, { updatedAt: 0 });
}

/**
 * A fitter's app starting on his phone (issue 38: a second visit is drawn at once): the user, his jobs and the
 * worksheet being opened come first from the device's copy, which is his own (kept for him alone, cleared at sign-out),
 * and each is marked as old, so the server is asked at once and its answer replaces them (a signed-out session, too:
 * its 401 then leads to the login). Nothing for anyone else. Loaded by main.tsx only when the device knows a user
 * (deviceUser), which it passes on.
 */
export function drawFromDevice(client: QueryClient, user: TUserInfo, pathname: string): Promise<void> {
  if (!keepsJobsOnDevice(user.roles) || typeof indexedDB === 'undefined') return Promise.resolve();
  client.setQueryData(SESSION_QUERY_KEY, user, { updatedAt: 0 });
  const orderId = WORKSHEET_PATH.exec(pathname)?.[1];
  const seeded = Promise.all([
    seedJobsFromDevice(user, client),
    orderId ? seedWorksheetFromDevice(client, decodeURIComponent(orderId)) : null,
  ]).then(
    () => undefined,
    () => undefined,
  );
  return Promise.race([seeded, new Promise<void>((resolve) => setTimeout(resolve, WAIT_MS))]);
}
