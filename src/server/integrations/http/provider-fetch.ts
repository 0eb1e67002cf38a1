/**
 * One way to ask an outside service for JSON (issue 42): a time limit on every call, and every way it can fail named
 * by what the user can do about it, so an adapter's caller answers with a clear message and a way on, never a 5xx.
 */

/** Why an outside service gave no usable answer. */
export type TProviderFailure = 'timeout' | 'down' | 'rate-limited' | 'auth' | 'bad-answer' | 'refused';

export class ProviderError extends Error {
  constructor(
    readonly provider: string,
    readonly failure: TProviderFailure,
    detail: string,
  ) {
    super(`${provider}: ${failure} (${detail})`);
    this.name = 'ProviderError';
  }
}

export function isProviderError(error: unknown): error is ProviderError {
  return error instanceof ProviderError;
}

export interface ProviderAnswer {
  status: number;
  body: unknown;
}

/**
 * Fetches `url` and reads its JSON. 401/403 are `auth`, 429 `rate-limited`, 5xx `down`, another 4xx `refused` unless
 * the caller takes it (`accept`, e.g. 404 for 'not found'); a body that is not JSON is a `bad-answer`.
 */
export async function fetchProviderJson(
  provider: string,
  url: string,
  init: RequestInit & { timeoutMs: number; accept?: readonly number[] },
): Promise<ProviderAnswer> {
  const { timeoutMs, accept = [], ...request } = init;
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, { ...request, signal: AbortSignal.timeout(timeoutMs) });
    text = await response.text();
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError') throw new ProviderError(provider, 'timeout', `no answer within ${timeoutMs} ms`);
    throw new ProviderError(provider, 'down', (error as Error).message);
  }
  const { status } = response;
  if (status === 401 || status === 403) throw new ProviderError(provider, 'auth', `HTTP ${status}`);
  if (status === 429) throw new ProviderError(provider, 'rate-limited', `HTTP 429`);
  if (status >= 500) throw new ProviderError(provider, 'down', `HTTP ${status}`);
  if ((status < 200 || status > 299) && !accept.includes(status))
    throw new ProviderError(provider, 'refused', `HTTP ${status}: ${text.slice(0, 200)}`);
  try {
    return { status, body: text ? (JSON.parse(text) as unknown) : null };
  } catch {
    throw new ProviderError(provider, 'bad-answer', `HTTP ${status}, not JSON: ${text.slice(0, 80)}`);
  }
}
