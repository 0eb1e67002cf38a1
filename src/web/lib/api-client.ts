/**
 * The one way the browser talks to the API (document 1 section 7, "Client handling of answers"):
 * same-origin credentials, redirects are not followed, JSON both ways.
 *
 * - 200 resolves with the JSON body; 201-204 resolve with nothing.
 * - 401 rejects as UNAUTHORIZED_ERROR naming method, path and status text; a PUT also goes to /login.
 * - Any other status rejects with the JSON error body (url and status added) when it can be read,
 *   otherwise with GENERIC_ERROR naming method, path, status text and status.
 */
import { ERROR_TYPES, type TErrorType } from '@/domain/lib/api-messages';
import { reportAnswer } from './network';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiErrorInit {
  status: number;
  type: TErrorType;
  message: string;
  errors?: Record<string, string[]> | null;
  stackTrace?: string | null;
  url?: string;
  serverMessage?: string | null;
}

export class ApiError extends Error {
  readonly status: number;
  readonly type: TErrorType;
  readonly errors: Record<string, string[]> | null;
  readonly stackTrace: string | null;
  readonly url: string;
  /**
   * The message the server wrote in its body, when there was one. For a 401 the error's own
   * message names method, path and status text (as the spec asks), while this keeps e.g.
   * 'Invalid credentials.' for the login screen's toast.
   */
  readonly serverMessage: string | null;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.type = init.type;
    this.errors = init.errors ?? null;
    this.stackTrace = init.stackTrace ?? null;
    this.url = init.url ?? '';
    this.serverMessage = init.serverMessage ?? null;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The answers that open the exception dialog (document 3 section 8): status 500 or a VALIDATION_ERROR. */
export function shouldOpenExceptionDialog(error: unknown): error is ApiError {
  return isApiError(error) && (error.status === 500 || error.type === 'VALIDATION_ERROR');
}

/**
 * What the server said about a refusal, for the line under a failure toast (issue 39: 'Api: "acceptTransfer"
 * failed' tells the user nothing, 'Der er ikke nok på lager på placering A-01' does): the message a 4xx answer wrote
 * in its body. Nothing for a lost connection, a lost session (401), a 5xx (it reveals nothing) or an answer that opens
 * the exception dialog (it shows the message itself).
 */
export function failureReason(error: unknown): string | null {
  if (!isApiError(error) || error.type === 'VALIDATION_ERROR') return null;
  if (error.status < 400 || error.status >= 500 || error.status === 401) return null;
  const reason = error.serverMessage?.trim();
  return reason ? reason : null;
}

/** An aborted request (a newer request replaced it, or its screen closed); it never shows a toast. */
export function isAbortError(error: unknown): boolean {
  if (error instanceof DOMException) return error.name === 'AbortError' || error.code === 20;
  return error instanceof Error && error.name === 'AbortError';
}

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
}

/** Where a PUT answered 401 sends the browser; replaceable in tests. */
export const loginRedirect = {
  go(): void {
    window.location.assign('/login');
  },
};

const KNOWN_ERROR_TYPES: readonly string[] = ERROR_TYPES;

interface ErrorBody {
  type?: unknown;
  message?: unknown;
  errors?: unknown;
  stackTrace?: unknown;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

function isErrorBody(value: unknown): value is ErrorBody & { message: string } {
  return typeof value === 'object' && value !== null && typeof (value as ErrorBody).message === 'string';
}

function readErrors(value: unknown): Record<string, string[]> | null {
  if (typeof value !== 'object' || value === null) return null;
  const errors: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(value as Record<string, unknown>)) {
    if (Array.isArray(messages)) errors[key] = messages.map(String);
    else if (typeof messages === 'string') errors[key] = [messages];
  }
  return errors;
}

export async function apiRequest<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: string | FormData | undefined;
  if (method !== 'GET' && options.body instanceof FormData) {
    // An upload (multipart): the browser writes the Content-Type with its boundary.
    body = options.body;
  } else if (method !== 'GET') {
    // A state-changing call always sends JSON, also when it has nothing to say.
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body ?? {});
  }

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body,
      credentials: 'same-origin',
      redirect: 'manual',
      signal: options.signal,
    });
  } catch (error) {
    if (isAbortError(error) || options.signal?.aborted) throw error;
    reportAnswer(false);
    throw new ApiError({
      status: 0,
      type: 'GENERIC_ERROR',
      message: `${method} ${path} Ingen forbindelse til serveren`,
      url: path,
    });
  }

  reportAnswer(true);
  const { status, statusText } = response;
  if (status === 200) return (await response.json()) as T;
  if (status >= 201 && status <= 204) return undefined as T;

  if (status === 401) {
    const parsed = await readJson(response);
    if (method === 'PUT') loginRedirect.go();
    throw new ApiError({
      status,
      type: 'UNAUTHORIZED_ERROR',
      message: `${method} ${path} ${statusText || 'Unauthorized'}`,
      url: path,
      serverMessage: isErrorBody(parsed) ? parsed.message : null,
    });
  }

  const parsed = await readJson(response);
  if (isErrorBody(parsed)) {
    const type = typeof parsed.type === 'string' && KNOWN_ERROR_TYPES.includes(parsed.type) ? (parsed.type as TErrorType) : 'GENERIC_ERROR';
    throw new ApiError({
      status,
      type,
      message: parsed.message,
      errors: readErrors(parsed.errors),
      stackTrace: typeof parsed.stackTrace === 'string' ? parsed.stackTrace : null,
      url: path,
      serverMessage: parsed.message,
    });
  }
  throw new ApiError({
    status,
    type: 'GENERIC_ERROR',
    message: `${method} ${path} ${statusText} ${status}`.replace(/\s+/g, ' '),
    url: path,
  });
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>('GET', path, { signal }),
  post: <T>(path: string, body?: unknown, signal?: AbortSignal) => apiRequest<T>('POST', path, { body, signal }),
  put: <T>(path: string, body?: unknown, signal?: AbortSignal) => apiRequest<T>('PUT', path, { body, signal }),
  delete: <T>(path: string, body?: unknown, signal?: AbortSignal) => apiRequest<T>('DELETE', path, { body, signal }),
};
