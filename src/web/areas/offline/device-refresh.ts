import type { QueryClient } from '@tanstack/react-query';
import { deviceJobFilters, listFilterTakes } from '@/domain/offline/device-jobs';
import type { TFitterJobs } from '@/domain/orders/fitter-jobs.schemas';
import type { TOrderList } from '@/domain/order-lists';
import { hasFreeLoanCar } from '@/domain/orders/order-items';
import { isComplaintType } from '@/domain/orders/order-status';
import type { TOrder } from '@/domain/orders/order.schemas';
import type { TUserInfo } from '@/domain/users/user.schemas';
import { api } from '../../lib/api-client';
import { fetchOrderVersion } from '../../lib/order-version';
import { fetchFitterJobs, fitterJobsQueryKey } from '../dashboard';
import { fetchLoanCars, loanCarsDeviceKey } from '../loan-cars';
import { fetchOrderImages } from '../media';
import { openDevice, type DeviceDb } from './device-db';
import { deviceOrder, setDeviceUser } from './device-queue';

/**
 * Keeps the fitter's jobs of today and tomorrow on the device while online (issue 38): each order as the worksheet
 * reads it (with its version), its photo list and the bytes of the fitter's own photos (bounded), and the lists the
 * worksheet needs offline (fitters, loan cars of the jobs' departments, complaint reasons). A job with changes not
 * sent keeps the copy they were made on.
 */

/** The bytes of the fitter's own photos the device keeps: a few per job, and not more than this in all. */
const PHOTOS_PER_JOB = 6;
const PHOTO_BYTES = 40 * 1024 * 1024;
const PAGES = 5;

/** The fitter's own jobs (GET /api/order/myjobs, kept for his landing screen) and his department's of the two days. */
async function listJobs(database: DeviceDb, user: TUserInfo): Promise<TOrder[]> {
  const jobs = new Map<string, TOrder>();
  const own = await fetchFitterJobs();
  await database.put('lists', { key: 'myjobs', value: own });
  for (const job of [...own.today.jobs, ...own.tomorrow.jobs]) jobs.set(job.order.additionalData.orderId, job.order);
  for (const filter of deviceJobFilters(user.departmentGuid)) {
    for (let page = 0; page < PAGES; page++) {
      const list = await api.post<TOrderList>('/api/order/orders', { ...filter, page });
      for (const order of list.orders) jobs.set(order.additionalData.orderId, order);
      if (page + 1 >= list.pageCount) break;
    }
  }
  return [...jobs.values()];
}

async function keepPhotos(database: DeviceDb, user: TUserInfo, order: TOrder, budget: { bytes: number }): Promise<void> {
  const orderId = order.additionalData.orderId;
  const images = await fetchOrderImages(orderId, order.debitor.no);
  const before = (await database.get('images', orderId))?.blobs ?? {};
  const blobs: Record<string, Blob> = {};
  const own = images.filter((image) => image.createdBy === user.initials && image.contentType.startsWith('image/')).slice(-PHOTOS_PER_JOB);
  for (const image of own) {
    const url = image.url[0];
    if (!url) continue;
    const blob =
      before[url] ??
      (await fetch(url, { credentials: 'same-origin' })
        .then((r) => (r.ok ? r.blob() : null))
        .catch(() => null));
    if (!blob || blob.size > budget.bytes) continue;
    budget.bytes -= blob.size;
    blobs[url] = blob;
  }
  await database.put('images', { orderId, images, blobs });
}

async function keepList(database: DeviceDb, key: string, read: () => Promise<unknown>): Promise<void> {
  const value = await read().catch(() => undefined);
  if (value !== undefined) await database.put('lists', { key, value });
}

let last = 0;
let running: Promise<void> | null = null;

/** Refreshes the device's copy; at most once a minute unless `force` (sign-in, the network back). */
export function refreshDevice(user: TUserInfo, force = false): Promise<void> {
  if (running) return running;
  if (!force && Date.now() - last < 60_000) return Promise.resolve();
  last = Date.now();
  running = refresh(user).finally(() => {
    running = null;
  });
  return running;
}

async function refresh(user: TUserInfo): Promise<void> {
  const database = await openDevice(user.id);
  const jobs = await listJobs(database, user);
  const changes = await database.getAll('changes');
  const listed = new Set(jobs.map((o) => o.additionalData.orderId));
  const budget = { bytes: PHOTO_BYTES };
  for (const job of jobs) {
    const orderId = job.additionalData.orderId;
    if (!changes.some((c) => c.orderId === orderId)) {
      const read = await fetchOrderVersion(orderId).catch(() => null);
      if (read) await database.put('orders', { orderId, order: read.order, etag: read.etag, storedAt: Date.now(), listed: true });
    } else {
      const stored = await database.get('orders', orderId);
      if (stored && !stored.listed) await database.put('orders', { ...stored, listed: true });
    }
    await keepPhotos(database, user, job, budget).catch(() => undefined);
  }
  // Jobs no longer the fitter's today or tomorrow go, unless changes of theirs wait.
  for (const stored of await database.getAll('orders')) {
    const orderId = stored.orderId;
    if (listed.has(orderId) || changes.some((c) => c.orderId === orderId)) continue;
    await database.delete('orders', orderId);
    await database.delete('images', orderId);
  }
  await keepList(database, 'fitters', () => api.get<unknown>('/api/user/usersinrole/Operation'));
  for (const departmentId of new Set(jobs.filter((o) => hasFreeLoanCar(o.items)).map((o) => o.timeAndPlace.department.id))) {
    await keepList(database, loanCarsDeviceKey(departmentId), () => fetchLoanCars(departmentId));
  }
  if (jobs.some((o) => isComplaintType(o.additionalData.orderType)))
    await keepList(database, 'complaint-reasons', () => api.get<unknown>('/api/complaint/reasons'));
}

/**
 * The fitter's landing screen without a network: his jobs as the device has them (a waiting finish shows its outcome).
 * `updatedAt` 0 marks them as old, so a screen that opens on them asks the server again at once (seedFitterJobs).
 */
async function fillFitterJobs(database: DeviceDb, user: TUserInfo, client: QueryClient, updatedAt?: number): Promise<void> {
  const key = fitterJobsQueryKey(user.id);
  if (client.getQueryData(key) !== undefined) return;
  const kept = (await database.get('lists', 'myjobs'))?.value as TFitterJobs | undefined;
  if (!kept) return;
  const day = async (d: TFitterJobs['today']) => ({
    ...d,
    jobs: await Promise.all(
      d.jobs.map(async (job) => ({ ...job, order: (await deviceOrder(job.order.additionalData.orderId)) ?? job.order })),
    ),
  });
  client.setQueryData(key, { today: await day(kept.today), tomorrow: await day(kept.tomorrow) } satisfies TFitterJobs, { updatedAt });
}

/** A fitter's app starting (also online): his landing screen is drawn from the device's jobs while the server is asked. */
export async function seedFitterJobs(user: TUserInfo, client: QueryClient): Promise<void> {
  // The device's view of a job (deviceOrder) is read for this user.
  setDeviceUser(user, client);
  await fillFitterJobs(await openDevice(user.id), user, client, 0);
}

/**
 * Without a network the order lists (Dagens opgaver, Opgaver) wait for it: those that have no answer yet are given
 * the device's jobs their filter takes, as the device shows them (a waiting finish shows its outcome).
 */
export async function fillOrderListsFromDevice(user: TUserInfo, client: QueryClient): Promise<void> {
  const database = await openDevice(user.id);
  await fillFitterJobs(database, user, client);
  const stored = await database.getAll('orders');
  const orders = (await Promise.all(stored.filter((s) => s.listed).map((s) => deviceOrder(s.orderId)))).filter(
    (o): o is TOrder => o !== null,
  );
  orders.sort((a, b) => (a.timeAndPlace.from || '').localeCompare(b.timeAndPlace.from || ''));
  for (const query of client.getQueryCache().findAll({ queryKey: ['order', 'list'] })) {
    if (query.state.data !== undefined) continue;
    const filter = query.queryKey[query.queryKey.length - 1];
    if (typeof filter !== 'object' || filter === null || (filter as { page?: number }).page) continue;
    const taken = orders.filter((order) => listFilterTakes(filter as Record<string, unknown>, order));
    client.setQueryData(query.queryKey, { orders: taken, pageCount: 1 } satisfies TOrderList);
  }
}
