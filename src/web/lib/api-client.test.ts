import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, failureReason, isAbortError, loginRedirect } from './api-client';

function answer(body: BodyInit | null, status: number, statusText = '', contentType = 'application/json') {
  return new Response(body, { status, statusText, headers: contentType ? { 'Content-Type': contentType } : {} });
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('api client', () => {
  it('sends same-origin credentials, does not follow redirects and returns the JSON body of a 200', async () => {
    fetchMock.mockResolvedValue(answer(JSON.stringify({ name: 'Mette' }), 200));
    await expect(api.get('/api/user/userinfo')).resolves.toEqual({ name: 'Mette' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/user/userinfo');
    expect(init).toMatchObject({ method: 'GET', credentials: 'same-origin', redirect: 'manual' });
    expect(init?.body).toBeUndefined();
  });

  it('sends JSON on a state-changing call, also without a body', async () => {
    fetchMock.mockResolvedValue(answer(JSON.stringify({ id: '1' }), 200));
    await api.post('/api/outbox/1/retry');
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{}');
  });

  it.each([201, 202, 203, 204])('resolves %i with nothing', async (status) => {
    fetchMock.mockResolvedValue(new Response(status === 204 ? null : '{"ignored":true}', { status }));
    await expect(api.post('/api/user/remove', { id: 'x' })).resolves.toBeUndefined();
  });

  it('rejects a 401 as UNAUTHORIZED_ERROR naming method, path and status text, keeping the server message', async () => {
    fetchMock.mockResolvedValue(
      answer(JSON.stringify({ status: 401, type: 'UNAUTHORIZED_ERROR', message: 'Invalid credentials.' }), 401, 'Unauthorized'),
    );
    const go = vi.spyOn(loginRedirect, 'go').mockImplementation(() => {});
    const error = await rejection(api.post('/api/user/login', { Email: 'MH', Password: 'x' }));
    expect(error.type).toBe('UNAUTHORIZED_ERROR');
    expect(error.status).toBe(401);
    expect(error.message).toBe('POST /api/user/login Unauthorized');
    expect(error.serverMessage).toBe('Invalid credentials.');
    expect(go).not.toHaveBeenCalled();
  });

  it('redirects to /login when a PUT answers 401', async () => {
    fetchMock.mockResolvedValue(answer(null, 401, 'Unauthorized', ''));
    const go = vi.spyOn(loginRedirect, 'go').mockImplementation(() => {});
    const error = await rejection(api.put('/api/order/order', {}));
    expect(error.type).toBe('UNAUTHORIZED_ERROR');
    expect(go).toHaveBeenCalledOnce();
  });

  it('rejects other statuses with the JSON error body, url and status added', async () => {
    fetchMock.mockResolvedValue(
      answer(
        JSON.stringify({
          status: 400,
          type: 'VALIDATION_ERROR',
          message: 'Der er fejl i de indtastede oplysninger',
          errors: { initials: ['Feltet er påkrævet'] },
          stackTrace: null,
        }),
        422,
        'Unprocessable Entity',
      ),
    );
    const error = await rejection(api.post('/api/user/register', {}));
    expect(error).toMatchObject({
      status: 422,
      type: 'VALIDATION_ERROR',
      message: 'Der er fejl i de indtastede oplysninger',
      errors: { initials: ['Feltet er påkrævet'] },
      stackTrace: null,
      url: '/api/user/register',
    });
  });

  it('carries the stack trace of a 500', async () => {
    fetchMock.mockResolvedValue(
      answer(
        JSON.stringify({
          status: 500,
          type: 'GENERIC_ERROR',
          message: 'Der opstod en uventet fejl',
          errors: null,
          stackTrace: 'Error: boom\n  at x',
        }),
        500,
      ),
    );
    const error = await rejection(api.get('/api/user/users'));
    expect(error.status).toBe(500);
    expect(error.stackTrace).toBe('Error: boom\n  at x');
  });

  it('falls back to GENERIC_ERROR with method, path, status text and status when the body is not JSON', async () => {
    fetchMock.mockResolvedValue(answer('<html>Bad gateway</html>', 502, 'Bad Gateway', 'text/html'));
    const error = await rejection(api.get('/api/user/users'));
    expect(error.type).toBe('GENERIC_ERROR');
    expect(error.status).toBe(502);
    expect(error.message).toBe('GET /api/user/users Bad Gateway 502');
  });

  it('passes the abort signal on and lets an aborted request reject as an abort', async () => {
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
        }),
    );
    const controller = new AbortController();
    const pending = api.get('/api/outbox?page=0', controller.signal);
    controller.abort();
    const error: unknown = await pending.catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(error).not.toBeInstanceOf(ApiError);
  });
});

describe('failureReason', () => {
  const refusal = (
    status: number,
    type: ApiError['type'] = 'GENERIC_ERROR',
    serverMessage: string | null = 'Der er ikke nok på lager på placering A-01',
  ) => new ApiError({ status, type, message: serverMessage ?? `POST /api/x ${status}`, serverMessage });

  it("is the server's message of a 4xx refusal, the line under the spec's failure toast", () => {
    expect(failureReason(refusal(409))).toBe('Der er ikke nok på lager på placering A-01');
    expect(failureReason(refusal(403, 'GENERIC_ERROR', 'Du har ikke adgang'))).toBe('Du har ikke adgang');
  });

  it('is nothing for a lost connection, a lost session, a 5xx, a validation error (its dialog shows it) or an unreadable body', () => {
    expect(failureReason(refusal(0, 'GENERIC_ERROR', null))).toBeNull();
    expect(failureReason(refusal(401, 'UNAUTHORIZED_ERROR', 'Unauthorized'))).toBeNull();
    expect(failureReason(refusal(500, 'GENERIC_ERROR', 'Der skete en fejl'))).toBeNull();
    expect(failureReason(refusal(400, 'VALIDATION_ERROR', 'Forkerte felter'))).toBeNull();
    expect(failureReason(refusal(404, 'GENERIC_ERROR', null))).toBeNull();
    expect(failureReason(new Error('boom'))).toBeNull();
  });
});
