/**
 * Idempotent changes (issue 38): a device sends each queued change with an `Idempotency-Key` of its own, so a change
 * resent after a lost answer is answered again from what the server kept instead of being applied twice. The server
 * half of the contract between the offline helpers (notes/common.md); pure rules only, the plugin is
 * src/server/areas/offline/idempotency.plugin.ts.
 */

/** The request header naming the change (a UUID the device made). */
export const CHANGE_KEY_HEADER = 'idempotency-key';
/** The answer header of a kept answer sent again. */
export const REPLAYED_HEADER = 'idempotent-replayed';
/** What a resend that finds its change still running is told to wait, in seconds. */
export const RUNNING_RETRY_AFTER_SECONDS = 2;
/** How long a kept answer is kept. */
export const KEEP_ANSWER_DAYS = 30;
/**
 * How long a claim may stay without an answer before a resend takes it over and runs the change again (a crash
 * between applying and storing the answer; docs/decisions.md). Above the longest a request can still be running: a
 * photo's body may take up to 5 minutes to arrive (REQUEST_TIMEOUT_MS in app.ts) after the claim was made.
 */
export const STALE_CLAIM_MS = 10 * 60 * 1000;

export const CLIENT_CHANGE_MESSAGES = {
  running: 'Ændringen er ved at blive gemt. Prøv igen om lidt.',
  keyReused: 'Nøglen er brugt til en anden ændring',
  badKey: 'Idempotency-Key skal være et UUID',
} as const;

/** The methods that change something: only they are kept by their key. */
const CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isChangingMethod(method: string): boolean {
  return CHANGING_METHODS.has(method.toUpperCase());
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type TChangeKey = { kind: 'NONE' } | { kind: 'MALFORMED' } | { kind: 'KEY'; key: string };

/**
 * The change's key from the request header: none without the header, MALFORMED for anything but one UUID (also the
 * header sent twice), else the UUID in lower case (the key the device made, however it spelled it).
 */
export function parseChangeKey(header: string | readonly string[] | undefined): TChangeKey {
  if (header === undefined) return { kind: 'NONE' };
  if (typeof header !== 'string') return { kind: 'MALFORMED' };
  const key = header.trim();
  return UUID.test(key) ? { kind: 'KEY', key: key.toLowerCase() } : { kind: 'MALFORMED' };
}

/** A change as the first request with its key left it. */
export interface TKeptChange {
  method: string;
  path: string;
  /** Null while the first request runs (or when it crashed before its answer was stored). */
  status: number | null;
  createdAt: Date;
}

/**
 * What a request gets whose key is already claimed: the kept answer (REPLAY) when it is the same change; 422
 * (MISMATCH) when the key was used for another method or path; 409 (RUNNING) while the first still runs; and when
 * the claim has had no answer for STALE_CLAIM_MS the first cannot be running any more, so this request takes the
 * claim over and runs (TAKE_OVER): a change is never stuck for good.
 */
export function decideResend(
  kept: TKeptChange,
  request: { method: string; path: string },
  now: Date,
): 'REPLAY' | 'MISMATCH' | 'RUNNING' | 'TAKE_OVER' {
  if (kept.method !== request.method.toUpperCase() || kept.path !== request.path) return 'MISMATCH';
  if (kept.status !== null) return 'REPLAY';
  return now.getTime() - kept.createdAt.getTime() >= STALE_CLAIM_MS ? 'TAKE_OVER' : 'RUNNING';
}

/**
 * Whether an answer is kept for the key's resends: every answer below 500 to a request that arrived whole. A 5xx
 * (the server failed, nothing was applied) frees the key, and so does an answer to a request whose connection broke
 * before its body was in (a photo cut off in a dead zone refused as unreadable: the resend must run, not hear that).
 * An answer that is not text (a file, a stream) is not kept either: the key is freed.
 */
export function keepsAnswer(answer: { status: number; requestAborted: boolean; text: boolean }): boolean {
  return answer.status < 500 && !answer.requestAborted && answer.text;
}

/** The answers whose body can be kept as text and sent again as it was. */
export function isTextContentType(contentType: string | null | undefined): boolean {
  if (!contentType) return true;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || type.startsWith('text/') || type.endsWith('+json');
}
