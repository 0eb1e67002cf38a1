import { ApiError } from './api-client';

/**
 * A multipart PUT (uploads and signatures): fetch with the same-origin cookie; the api client
 * sends only JSON. Errors come back as the API's error body.
 */
export async function putMultipart<T>(path: string, form: FormData): Promise<T> {
  const response = await fetch(path, { method: 'PUT', body: form, credentials: 'same-origin', headers: { Accept: 'application/json' } });
  if (response.status === 401) window.location.assign('/login');
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok) {
    const error = (body ?? {}) as { type?: string; message?: string; errors?: Record<string, string[]> };
    throw new ApiError({
      status: response.status,
      type: error.type === 'VALIDATION_ERROR' ? 'VALIDATION_ERROR' : 'GENERIC_ERROR',
      message: error.message ?? `PUT ${path} ${response.status}`,
      errors: error.errors ?? null,
      url: path,
      serverMessage: error.message ?? null,
    });
  }
  return body as T;
}
