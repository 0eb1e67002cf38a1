import { deleteDB, openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { TDeviceChangeKind, TDeviceChangeState, TRefusal } from '@/domain/offline/device-changes';
import type { TFieldChange } from '@/domain/offline/order-patch';
import type { TImageType, TOrderImage } from '@/domain/media/media.schemas';
import type { TOrder, TOrderInput } from '@/domain/orders/order.schemas';

/**
 * The device's copy (issue 38), one IndexedDB database for the one user it belongs to: today's and tomorrow's jobs
 * as the worksheet reads them (with their ETag), their photos, the lists the worksheet needs, and the changes made
 * without a network. Another user signing in on the device finds it emptied (openDevice); signing out deletes it.
 */
export const DEVICE_DB = 'rudeplan-device';

export interface TStoredOrder {
  orderId: string;
  order: TOrder;
  /** The order's version as the server last gave it ('"12"'), sent as If-Match by the next queued change. */
  etag: string | null;
  storedAt: number;
  /** In the fitter's jobs of today and tomorrow at the last refresh (others are kept only while changes wait). */
  listed: boolean;
}

export interface TStoredImages {
  orderId: string;
  images: TOrderImage[];
  /** The bytes of the fitter's own photos, by their URL, so they show without a network (bounded: device-refresh). */
  blobs: Record<string, Blob>;
}

export interface TStoredList {
  key: string;
  value: unknown;
}

/** A change made on the device, waiting to be sent (or refused, waiting for the fitter). */
export interface TDeviceChange {
  id: string;
  seq: number;
  orderId: string;
  kind: TDeviceChangeKind;
  state: TDeviceChangeState;
  createdAt: number;
  method: 'PUT';
  path: string;
  /** A save's body (PUT /api/order/order). */
  json?: TOrderInput;
  /** A save's own changes, to redo it on a newer copy of the order. */
  patch?: TFieldChange[];
  /** The status a save asks for (FINISHED, ON_HOLD ...), if any. */
  status?: string | null;
  /** A photo's fields and file, or a signature's PNG. */
  file?: Blob;
  fileName?: string;
  imageType?: TImageType;
  carId?: string;
  /** The order as the worksheet shows it after this change (saves and signatures). */
  local?: TOrder;
  /** A photo as the worksheet shows it until it is sent. */
  image?: TOrderImage;
  refusal?: TRefusal;
}

interface DeviceSchema extends DBSchema {
  meta: { key: string; value: { key: string; value: unknown } };
  orders: { key: string; value: TStoredOrder };
  images: { key: string; value: TStoredImages };
  lists: { key: string; value: TStoredList };
  changes: { key: string; value: TDeviceChange };
}

export type DeviceDb = IDBPDatabase<DeviceSchema>;

const STORES = ['meta', 'orders', 'images', 'lists', 'changes'] as const;

let opened: { userId: string; db: Promise<DeviceDb> } | null = null;

function open(): Promise<DeviceDb> {
  return openDB<DeviceSchema>(DEVICE_DB, 1, {
    upgrade(db) {
      db.createObjectStore('meta', { keyPath: 'key' });
      db.createObjectStore('orders', { keyPath: 'orderId' });
      db.createObjectStore('images', { keyPath: 'orderId' });
      db.createObjectStore('lists', { keyPath: 'key' });
      db.createObjectStore('changes', { keyPath: 'id' });
    },
  });
}

/** The device's copy for `userId`: emptied first when it held another user's. */
export function openDevice(userId: string): Promise<DeviceDb> {
  if (opened?.userId === userId) return opened.db;
  const db = (opened?.db ?? open()).then(async (database) => {
    const owner = await database.get('meta', 'user');
    if (owner?.value !== userId) {
      const tx = database.transaction(STORES, 'readwrite');
      await Promise.all(STORES.map((store) => tx.objectStore(store).clear()));
      await tx.objectStore('meta').put({ key: 'user', value: userId });
      await tx.done;
    }
    return database;
  });
  opened = { userId, db };
  return db;
}

/** Deletes the device's copy (sign-out). */
export async function deleteDevice(): Promise<void> {
  const current = opened;
  opened = null;
  if (current) (await current.db.catch(() => null))?.close();
  await deleteDB(DEVICE_DB);
}

/** The next number in the order changes are made in. */
export async function nextSeq(db: DeviceDb): Promise<number> {
  const tx = db.transaction('meta', 'readwrite');
  const last = ((await tx.store.get('seq'))?.value as number | undefined) ?? 0;
  await tx.store.put({ key: 'seq', value: last + 1 });
  await tx.done;
  return last + 1;
}
