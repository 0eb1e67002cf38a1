import type { QueryClient } from '@tanstack/react-query';
import { answerVerdict, blockingChange, changesOfOrder, nextChangeToSend, retryAfterMs } from '@/domain/offline/device-changes';
import { changedFields, withFieldChanges } from '@/domain/offline/order-patch';
import { allowsSeveral, IMAGE_TYPE_LABELS, type TImageType, type TOrderImage } from '@/domain/media/media.schemas';
import { timeAndPlaceToSave } from '@/domain/orders/order-booking-place';
import { toSavedItem } from '@/domain/orders/order-items';
import { finishOutcome } from '@/domain/orders/order-status';
import type { TOrder, TOrderInput } from '@/domain/orders/order.schemas';
import type { TUserInfo } from '@/domain/users/user.schemas';
import { fetchOrderVersion } from '../../lib/order-version';
import { isOnline } from '../../lib/network';
import { SIGNATURE_FILE_NAME, signDisclaimerPath, signLoanCarPath } from '../documents';
import { MEDIA_UPLOAD_PATH } from '../media';
import { nextSeq, openDevice, type DeviceDb, type TDeviceChange, type TStoredOrder } from './device-db';
import { apiErrorOf, refusalOf, sendChange, type TAnswer } from './device-send';
import { publishDeviceStatus, type TChangeSummary } from './device-status';
import { markKept } from './kept';

/**
 * The device's queue of the worksheet's changes (issue 38). A change made without a network, or while an earlier
 * change of its job still waits, is kept here in the order it was made and shown on the worksheet as done; when the
 * network is back, syncChanges sends them one at a time, each with its own id (Idempotency-Key) and the order's
 * version it was made on (If-Match), and every answer moves the job's stored copy and version on for the next one.
 */

let client: QueryClient | null = null;
let user: TUserInfo | null = null;

/** The user whose device this is now, and the app's query cache the sent changes refresh. */
export function setDeviceUser(signedIn: TUserInfo, queryClient: QueryClient): void {
  user = signedIn;
  client = queryClient;
}

function db(): Promise<DeviceDb> {
  if (!user) return Promise.reject(new Error('Ingen bruger på enheden'));
  return openDevice(user.id);
}

// ---- The worksheet's view: the stored job with its waiting changes --------------------------------------------

const objectUrls = new Map<string, string>();
/** One object URL per kept file (a photo or a signature not sent yet, a stored photo), made when first shown. */
function urlOf(key: string, blob: Blob): string {
  let url = objectUrls.get(key);
  if (!url) {
    url = URL.createObjectURL(blob);
    objectUrls.set(key, url);
  }
  return url;
}

/** The changes that show on the job: those before its first refused one (a refused change did not happen). */
function appliedChanges(changes: readonly TDeviceChange[]): TDeviceChange[] {
  const applied: TDeviceChange[] = [];
  for (const change of changes) {
    if (change.state === 'REFUSED') break;
    applied.push(change);
  }
  return applied;
}

function withSignatureLinks(order: TOrder, change: TDeviceChange): TOrder {
  if (!change.file || (change.kind !== 'DISCLAIMER' && change.kind !== 'LOAN_CAR')) return order;
  const link = urlOf(change.id, change.file);
  const p = order.orderProperties;
  return {
    ...order,
    orderProperties:
      change.kind === 'DISCLAIMER'
        ? { ...p, signCalibrationChallenges: link }
        : { ...p, signedLoanCar: link, loanCarId: change.carId ?? p.loanCarId },
  };
}

function viewOf(stored: TStoredOrder | undefined, changes: readonly TDeviceChange[]): TOrder | null {
  let view = stored?.order ?? null;
  for (const change of appliedChanges(changes)) {
    if (change.local) view = change.local;
    if (view) view = withSignatureLinks(view, change);
  }
  return view;
}

async function orderChanges(database: DeviceDb, orderId: string): Promise<TDeviceChange[]> {
  return changesOfOrder(await database.getAll('changes'), orderId);
}

/** The job as the worksheet shows it on this device; null when the device has no copy of it. */
export async function deviceOrder(orderId: string): Promise<TOrder | null> {
  const database = await db();
  return viewOf(await database.get('orders', orderId), await orderChanges(database, orderId));
}

/** The job's photos and signed documents as the device has them, with the photos not sent yet; null when it has none. */
export async function deviceImages(orderId: string, fetched: TOrderImage[] | null = null): Promise<TOrderImage[] | null> {
  const database = await db();
  const stored = await database.get('images', orderId);
  const kept =
    fetched ??
    stored?.images.map((image) => ({ ...image, url: image.url.map((u) => (stored.blobs[u] ? urlOf(u, stored.blobs[u]) : u)) })) ??
    null;
  const waiting = appliedChanges(await orderChanges(database, orderId)).filter((c) => c.kind === 'PHOTO' && c.image);
  if (kept === null && waiting.length === 0) return null;
  let list = kept ?? [];
  for (const change of waiting) {
    const image = { ...change.image!, url: change.file ? [urlOf(change.id, change.file)] : [] };
    list = allowsSeveral(image.imageType) ? [...list, image] : [...list.filter((i) => i.imageType !== image.imageType), image];
  }
  return list;
}

/** Whether the job has changes on the device that are not sent (waiting or refused). */
export async function hasDeviceChanges(orderId: string): Promise<boolean> {
  return (await orderChanges(await db(), orderId)).length > 0;
}

/**
 * After the worksheet read the job from the server: the device keeps it as the job's copy, unless changes of the job
 * wait (they were made on the copy the device has: that copy and its version stay until they are sent). Answers what
 * the worksheet shows.
 */
export async function keepFetchedOrder(order: TOrder, etag: string | null): Promise<TOrder> {
  const database = await db();
  const orderId = order.additionalData.orderId;
  const changes = await orderChanges(database, orderId);
  const stored = await database.get('orders', orderId);
  if (changes.length > 0 && changes[0]!.state !== 'REFUSED') return viewOf(stored, changes) ?? order;
  await database.put('orders', { orderId, order, etag, storedAt: Date.now(), listed: stored?.listed ?? false });
  return viewOf({ orderId, order, etag, storedAt: Date.now(), listed: false }, changes) ?? order;
}

/** After the worksheet read the job's photos from the server: the device keeps the list (its bytes come with the refresh). */
export async function keepFetchedImages(orderId: string, images: TOrderImage[]): Promise<TOrderImage[]> {
  const database = await db();
  const stored = await database.get('images', orderId);
  await database.put('images', { orderId, images, blobs: stored?.blobs ?? {} });
  return (await deviceImages(orderId, images)) ?? images;
}

// ---- Making a change ----------------------------------------------------------------------------------------------

/** The order as PUT /api/order/order takes it (the worksheet's orderForSave without a status). */
const saveBodyOf = (order: TOrder): TOrderInput => ({
  ...order,
  timeAndPlace: timeAndPlaceToSave(order),
  items: order.items.map(toSavedItem),
});

/** The order as the worksheet shows a save not sent yet: a finish shows the status the rules lead to. */
function localAfterSave(view: TOrder, body: TOrderInput): TOrder {
  const asked = body.additionalData?.orderStatus ?? view.additionalData.orderStatus;
  const additionalData = { ...view.additionalData, ...body.additionalData } as TOrder['additionalData'];
  const status =
    asked === 'FINISHED' && view.additionalData.orderStatus !== 'FINISHED'
      ? finishOutcome({ additionalData: { ...additionalData, orderStatus: view.additionalData.orderStatus } })
      : asked;
  const savedItems = body.items ?? [];
  const items =
    JSON.stringify(view.items.map(toSavedItem)) === JSON.stringify(savedItems)
      ? view.items
      : savedItems.map((item) => ({ ...view.items.find((i) => i.itemNo === item.itemNo), ...item }) as TOrder['items'][number]);
  return {
    ...view,
    ...(body as Partial<TOrder>),
    additionalData: { ...additionalData, orderStatus: status },
    items,
    timeAndPlace: view.timeAndPlace,
  };
}

type TNewChange = Omit<TDeviceChange, 'id' | 'seq' | 'state' | 'createdAt' | 'method'>;

const newId = () => crypto.randomUUID();

async function publish(): Promise<void> {
  const changes = (await (await db()).getAll('changes')).sort((a, b) => a.seq - b.seq);
  const summaries: TChangeSummary[] = changes.map((c) => ({
    id: c.id,
    seq: c.seq,
    orderId: c.orderId,
    kind: c.kind,
    state: c.state,
    detail: c.kind === 'PHOTO' && c.imageType ? IMAGE_TYPE_LABELS[c.imageType] : undefined,
    status: c.status,
    refusal: c.refusal,
  }));
  publishDeviceStatus({ changes: summaries });
}

/** Publishes the device's changes for the banner and the jobs. */
export const publishDeviceChanges = publish;

/**
 * Sends the change now when the network is there and nothing of its job waits before it; otherwise (or when no answer
 * comes) keeps it for later, with the same id. Answers the server's answer, or what the worksheet shows meanwhile.
 */
async function sendOrKeep<T>(made: TNewChange, shown: T): Promise<T> {
  const database = await db();
  const change: TDeviceChange = { ...made, id: newId(), seq: 0, state: 'WAITING', createdAt: Date.now(), method: 'PUT' };
  if (isOnline() && !(await hasDeviceChanges(change.orderId))) {
    let answer: TAnswer = await sendChange(change, null);
    for (let tries = 0; answerVerdict(answer.status, answer.retryAfter) === 'RETRY_AFTER' && tries < 5; tries++) {
      await sleep(retryAfterMs(answer.retryAfter));
      answer = await sendChange(change, null);
    }
    if (answer.status >= 200 && answer.status < 300) {
      await recordSent(database, change, answer);
      return answer.body as T;
    }
    if (answer.status !== 0) throw apiErrorOf(answer, change.path);
  }
  change.seq = await nextSeq(database);
  await database.put('changes', change);
  await publish();
  scheduleSync(0);
  return markKept(shown);
}

/** PUT /api/order/order: a save, or a status the server decides on (finish, hold). */
export async function saveOrder(body: TOrderInput): Promise<TOrder> {
  const orderId = body.additionalData?.orderId ?? '';
  const view = (await deviceOrder(orderId)) ?? (body as TOrder);
  const local = localAfterSave(view, body);
  const asked = body.additionalData?.orderStatus;
  return sendOrKeep<TOrder>(
    {
      orderId,
      kind: 'SAVE',
      path: '/api/order/order',
      json: body,
      patch: changedFields(saveBodyOf(view) as Record<string, unknown>, body as Record<string, unknown>),
      status: asked && asked !== view.additionalData.orderStatus ? asked : null,
      local,
    },
    local,
  );
}

/** PUT /api/media: a photo (compressed by the worksheet as document 2 asks). */
export async function uploadPhoto(orderId: string, imageType: TImageType, file: Blob, fileName: string): Promise<TOrderImage> {
  const image: TOrderImage = {
    id: `enhed-${newId()}`,
    imageType,
    url: [],
    title: imageType === 'CUSTOM' ? fileName : IMAGE_TYPE_LABELS[imageType],
    description: '',
    fileName,
    contentType: file.type,
    size: file.size,
    created: new Date().toISOString(),
    createdBy: user?.initials ?? '',
  };
  return sendOrKeep<TOrderImage>(
    { orderId, kind: 'PHOTO', path: MEDIA_UPLOAD_PATH, file, fileName, imageType, image },
    { ...image, url: [URL.createObjectURL(file)] },
  );
}

/** PUT /api/SignedPDF/...: the disclaimer, or the loan-car agreement for `carId`; answers the signed PDF's link. */
export async function signDocument(orderId: string, png: Blob, carId?: string): Promise<string> {
  const kind = carId ? 'LOAN_CAR' : 'DISCLAIMER';
  const path = carId ? signLoanCarPath(orderId, carId) : signDisclaimerPath(orderId);
  const view = await deviceOrder(orderId);
  const made: TNewChange = { orderId, kind, path, file: png, fileName: SIGNATURE_FILE_NAME, carId, local: view ?? undefined };
  return sendOrKeep<string>(made, URL.createObjectURL(png));
}

// ---- What a sent change leaves on the device ----------------------------------------------------------------------

async function recordSent(database: DeviceDb, change: TDeviceChange, answer: TAnswer): Promise<void> {
  const stored = await database.get('orders', change.orderId);
  const etag = answer.etag ?? stored?.etag ?? null;
  if (change.kind === 'SAVE') {
    const order = answer.body as TOrder;
    await database.put('orders', { orderId: change.orderId, order, etag, storedAt: Date.now(), listed: stored?.listed ?? false });
    return;
  }
  if (change.kind === 'PHOTO') {
    const image = answer.body as TOrderImage;
    const kept = await database.get('images', change.orderId);
    const images = kept?.images ?? [];
    const blobs = { ...(kept?.blobs ?? {}) };
    if (change.file && image.url[0]) blobs[image.url[0]] = change.file;
    await database.put('images', {
      orderId: change.orderId,
      images: allowsSeveral(image.imageType) ? [...images, image] : [...images.filter((i) => i.imageType !== image.imageType), image],
      blobs,
    });
  }
  if (!stored) return;
  let order = stored.order;
  if (typeof answer.body === 'string' && change.kind !== 'PHOTO') {
    const p = order.orderProperties;
    order = {
      ...order,
      orderProperties:
        change.kind === 'DISCLAIMER'
          ? { ...p, signCalibrationChallenges: answer.body }
          : { ...p, signedLoanCar: answer.body, loanCarId: change.carId ?? p.loanCarId },
    };
  }
  await database.put('orders', { ...stored, order, etag, storedAt: Date.now() });
}

// ---- Sending what waits -------------------------------------------------------------------------------------------

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

let running: Promise<void> | null = null;
let again = false;
let timer: ReturnType<typeof setTimeout> | null = null;

/** Sends the waiting changes soon (the online event, a new change, a retry after no answer). */
export function scheduleSync(ms: number): void {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    void syncChanges();
  }, ms);
}

/** The job's views on the server changed: the worksheet reads them anew (from the server, or the device). */
function refreshJob(orderId: string): void {
  void client?.invalidateQueries({ queryKey: ['order', 'worksheet', orderId] });
  void client?.invalidateQueries({ queryKey: ['media', orderId] });
  void client?.invalidateQueries({ queryKey: ['order', 'list'] });
}

/** Sends the waiting changes strictly in the order they were made, one at a time, each exactly once. */
export function syncChanges(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    try {
      do {
        again = false;
        await sendWaiting();
      } while (again);
    } finally {
      running = null;
      publishDeviceStatus({ sending: false });
    }
  })();
  return running;
}

async function sendWaiting(): Promise<void> {
  const database = await db();
  for (;;) {
    if (!isOnline()) return;
    const next = nextChangeToSend(await database.getAll('changes'));
    if (!next) return;
    publishDeviceStatus({ sending: true });
    const stored = await database.get('orders', next.orderId);
    const answer = await sendChange(next, stored?.etag ?? null);
    const verdict = answerVerdict(answer.status, answer.retryAfter);
    if (verdict === 'RETRY_AFTER') {
      await sleep(retryAfterMs(answer.retryAfter));
      continue;
    }
    if (verdict === 'RETRY_LATER') {
      scheduleSync(15_000);
      return;
    }
    if (verdict === 'SIGNED_OUT') return;
    if (verdict === 'SENT') {
      await recordSent(database, next, answer);
      await database.delete('changes', next.id);
    } else {
      await database.put('changes', { ...next, state: 'REFUSED', refusal: refusalOf(answer) });
      // The job as the server has it now is what the fitter redoes the change on.
      await keepServerCopy(database, next.orderId);
    }
    await publish();
    const rest = await orderChanges(database, next.orderId);
    if (!rest.some((c) => c.state === 'WAITING' && !blockingChange(rest, c))) refreshJob(next.orderId);
  }
}

async function keepServerCopy(database: DeviceDb, orderId: string): Promise<TOrder | null> {
  const fresh = await fetchOrderVersion(orderId).catch(() => null);
  if (!fresh) return (await database.get('orders', orderId))?.order ?? null;
  const stored = await database.get('orders', orderId);
  await database.put('orders', { orderId, order: fresh.order, etag: fresh.etag, storedAt: Date.now(), listed: stored?.listed ?? false });
  return fresh.order;
}

/**
 * The job's saves from `from` on, made again on the order as the server has it now: each with only the fitter's own
 * changes on top (nobody else's change is overwritten).
 */
async function rebaseSaves(database: DeviceDb, orderId: string, fromSeq: number, fresh: TOrder): Promise<void> {
  let base = fresh;
  for (const change of await orderChanges(database, orderId)) {
    if (change.seq < fromSeq) continue;
    if (change.kind === 'SAVE' && change.patch) {
      const json = withFieldChanges(saveBodyOf(base), change.patch);
      const local = localAfterSave(base, json);
      await database.put('changes', { ...change, json, local });
      base = local;
    } else if (change.local) {
      await database.put('changes', { ...change, local: base });
    }
  }
}

/** 'Prøv igen': the refused change made again, with a new id, on the job as the server has it now. */
export async function redoChange(id: string): Promise<void> {
  const database = await db();
  const change = await database.get('changes', id);
  if (!change) return;
  const fresh = isOnline() ? await keepServerCopy(database, change.orderId) : (await database.get('orders', change.orderId))?.order;
  await database.delete('changes', id);
  await database.put('changes', { ...change, id: newId(), state: 'WAITING', refusal: undefined });
  if (fresh) await rebaseSaves(database, change.orderId, change.seq, fresh);
  await publish();
  refreshJob(change.orderId);
  scheduleSync(0);
}

/** 'Kassér ændringen': the refused change is deleted from the device; the job's later changes go on the server's copy. */
export async function dropChange(id: string): Promise<void> {
  const database = await db();
  const change = await database.get('changes', id);
  if (!change) return;
  await database.delete('changes', id);
  const fresh = (await database.get('orders', change.orderId))?.order;
  if (fresh) await rebaseSaves(database, change.orderId, change.seq, fresh);
  await publish();
  refreshJob(change.orderId);
  scheduleSync(0);
}

/** A list the device keeps (fitters, 'loancars:<department>', 'complaint-reasons'); undefined when it has none. */
export async function deviceList<T>(key: string): Promise<T | undefined> {
  return (await (await db()).get('lists', key))?.value as T | undefined;
}

/** How many changes the device holds that are not sent. */
export async function countDeviceChanges(): Promise<number> {
  return (await (await db()).getAll('changes')).length;
}
