import { ApiError, isAbortError } from '../../lib/api-client';
import { loginRedirect } from '../../lib/api-client';
import { reportAnswer } from '../../lib/network';
import { SIGNATURE_FILE_NAME, signatureForm } from '../documents';
import { DEFAULT_PHOTO_NAME, photoForm } from '../media';
import type { TDeviceChange } from './device-db';

/**
 * Sends one of the worksheet's changes as the server's contract asks (common.md, issue 38): its own change id as
 * `Idempotency-Key`, and `If-Match` with the order's version the change was made on, when it is known.
 */

export interface TAnswer {
  /** 0: no answer (no network, or the answer was lost). */
  status: number;
  body: unknown;
  etag: string | null;
  retryAfter: string | null;
}

function requestBody(change: TDeviceChange): { body: BodyInit; json: boolean } {
  if (change.kind === 'SAVE') return { body: JSON.stringify(change.json ?? {}), json: true };
  // The same forms as the media and documents areas send.
  if (change.kind === 'PHOTO') {
    const fileName = change.fileName ?? DEFAULT_PHOTO_NAME;
    return { body: photoForm(change.orderId, change.imageType ?? 'CUSTOM', fileName, change.file), json: false };
  }
  return { body: signatureForm(change.file, change.fileName ?? SIGNATURE_FILE_NAME), json: false };
}

export async function sendChange(change: TDeviceChange, ifMatch: string | null, signal?: AbortSignal): Promise<TAnswer> {
  const { body, json } = requestBody(change);
  const headers: Record<string, string> = { Accept: 'application/json', 'Idempotency-Key': change.id };
  if (json) headers['Content-Type'] = 'application/json';
  if (ifMatch) headers['If-Match'] = ifMatch;
  let response: Response;
  try {
    response = await fetch(change.path, { method: change.method, headers, body, credentials: 'same-origin', redirect: 'manual', signal });
  } catch (error) {
    if (isAbortError(error)) throw error;
    reportAnswer(false);
    return { status: 0, body: null, etag: null, retryAfter: null };
  }
  reportAnswer(true);
  let parsed: unknown = null;
  try {
    parsed = response.status === 204 ? null : ((await response.json()) as unknown);
  } catch (error) {
    // An answer cut off on its way (the connection broke while it came) is no answer: the same key goes again.
    if (response.ok) return { status: 0, body: null, etag: null, retryAfter: null };
    void error;
  }
  return { status: response.status, body: parsed, etag: response.headers.get('ETag'), retryAfter: response.headers.get('Retry-After') };
}

interface ErrorBody {
  type?: string;
  message?: string;
  errors?: Record<string, string[]>;
}

/** The server's reason, as the worksheet's toasts and field marks read it (the api client's error shape). */
export function apiErrorOf(answer: TAnswer, path: string): ApiError {
  const error = (answer.body ?? {}) as ErrorBody;
  if (answer.status === 401) loginRedirect.go();
  return new ApiError({
    status: answer.status,
    type: error.type === 'VALIDATION_ERROR' ? 'VALIDATION_ERROR' : answer.status === 401 ? 'UNAUTHORIZED_ERROR' : 'GENERIC_ERROR',
    message: error.message ?? (answer.status === 0 ? `PUT ${path} Ingen forbindelse til serveren` : `PUT ${path} ${answer.status}`),
    errors: error.errors ?? null,
    url: path,
    serverMessage: error.message ?? null,
  });
}

export function refusalOf(answer: TAnswer): { status: number; message: string; errors: Record<string, string[]> | null } {
  const error = (answer.body ?? {}) as ErrorBody;
  return { status: answer.status, message: error.message ?? `Serveren svarede ${answer.status}`, errors: error.errors ?? null };
}
