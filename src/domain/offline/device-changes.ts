import { type TRole, hasAnyRole } from '../users';

/**
 * The fitter's offline changes (issue 38): what the device keeps, in which order it sends it, what an answer means
 * and what a refused change holds back. Pure; the web's offline area keeps them in IndexedDB and sends them.
 */

/** Who keeps today's and tomorrow's jobs on the device: the fitters (role Operation), who work in the van. */
export const DEVICE_ROLES: readonly TRole[] = ['Operation'];

export function keepsJobsOnDevice(roles: readonly string[] | null | undefined): boolean {
  return hasAnyRole(roles ?? [], DEVICE_ROLES);
}

/** What a change does on the worksheet: a photo, the ADAS disclaimer, the loan-car agreement, or a save of the order. */
export const DEVICE_CHANGE_KINDS = ['PHOTO', 'DISCLAIMER', 'LOAN_CAR', 'SAVE'] as const;
export type TDeviceChangeKind = (typeof DEVICE_CHANGE_KINDS)[number];

/** WAITING: not sent yet (or sent without an answer); REFUSED: the server said no, and the fitter decides. */
export type TDeviceChangeState = 'WAITING' | 'REFUSED';

/** The server's reason for a refusal: the API's message and its field messages. */
export interface TRefusal {
  status: number;
  message: string;
  errors: Record<string, string[]> | null;
}

/** What ordering and blocking need to know of a change. */
export interface TChangeHead {
  id: string;
  /** The order the changes were made in (one counter per device). */
  seq: number;
  orderId: string;
  state: TDeviceChangeState;
}

const bySeq = <T extends TChangeHead>(a: T, b: T) => a.seq - b.seq;

/** A job's changes in the order they were made. */
export function changesOfOrder<T extends TChangeHead>(changes: readonly T[], orderId: string): T[] {
  return changes.filter((c) => c.orderId === orderId).sort(bySeq);
}

/** The refused change of the same job made before `change`: it holds `change` back until it is redone or dropped. */
export function blockingChange<T extends TChangeHead>(changes: readonly T[], change: T): T | undefined {
  return changesOfOrder(changes, change.orderId).find((c) => c.state === 'REFUSED' && c.seq < change.seq);
}

/**
 * The next change to send: the earliest waiting one that no refused change of its job holds back. Changes go one
 * at a time in the order they were made; another job's refusal holds nothing back.
 */
export function nextChangeToSend<T extends TChangeHead>(changes: readonly T[]): T | undefined {
  return [...changes].sort(bySeq).find((c) => c.state === 'WAITING' && !blockingChange(changes, c));
}

/** What the device does with an answer to a sent change. */
export type TAnswerVerdict =
  /** Done (also a replayed answer of a change sent before): the next change goes. */
  | 'SENT'
  /** The same change is still being saved on the server (409 with Retry-After), or the server asks to wait: the same key again after the wait. */
  | 'RETRY_AFTER'
  /** No answer (no network) or a server fault (5xx frees the key): the same key again when the network is back. */
  | 'RETRY_LATER'
  /** Signed out on the server: nothing is sent until the user signs in again. */
  | 'SIGNED_OUT'
  /** The server refused the change (the job was cancelled or moved, another user changed it, a rule fails). */
  | 'REFUSED';

/** `status` 0 is a request that got no answer. */
export function answerVerdict(status: number, retryAfter: string | null): TAnswerVerdict {
  if (status === 0 || status >= 500) return 'RETRY_LATER';
  if (status >= 200 && status < 300) return 'SENT';
  if (status === 401) return 'SIGNED_OUT';
  if ((status === 409 || status === 429 || status === 503) && retryAfter !== null) return 'RETRY_AFTER';
  return 'REFUSED';
}

/** How long to wait on Retry-After (seconds): 2 s when unreadable, never more than a minute. */
export function retryAfterMs(retryAfter: string | null): number {
  const seconds = Number(retryAfter);
  if (!Number.isFinite(seconds) || seconds <= 0) return 2_000;
  return Math.min(seconds, 60) * 1_000;
}
