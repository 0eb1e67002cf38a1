import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How a fake provider misbehaves, for the tests of what the app does then (issue 42). */
export type TFakeMode = 'ok' | 'down' | 'slow' | 'malformed' | 'rate-limited';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FakeServer {
  url: string;
  /** Every request the fake received, in order. */
  requests: FakeRequest[];
  mode: TFakeMode;
  close(): Promise<void>;
}

/**
 * A real HTTP server on a random local port answering with `handle`, unless `mode` says otherwise: 'down' answers 503,
 * 'slow' answers only after `slowMs` (past the app's time limit), 'malformed' a 200 that is not JSON, 'rate-limited'
 * the provider's 429.
 */
export async function startFakeServer(
  handle: (request: FakeRequest) => { status: number; body: unknown },
  options: { slowMs?: number; rateLimited?: () => { status: number; body: unknown; headers?: Record<string, string> } } = {},
): Promise<FakeServer> {
  const timers = new Set<NodeJS.Timeout>();
  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json', ...headers });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const request: FakeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      fake.requests.push(request);
      if (fake.mode === 'down') return send(res, 503, { message: 'Service Unavailable' });
      if (fake.mode === 'malformed') return send(res, 200, '<html>Vedligeholdelse</html>');
      if (fake.mode === 'rate-limited') {
        const limited = options.rateLimited?.() ?? { status: 429, body: { message: 'Too Many Requests' } };
        return send(res, limited.status, limited.body, { 'retry-after': '60', ...limited.headers });
      }
      if (fake.mode === 'slow') {
        const timer = setTimeout(() => send(res, 200, []), options.slowMs ?? 2000);
        timers.add(timer);
        return;
      }
      const answer = handle(request);
      send(res, answer.status, answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const fake: FakeServer = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: [],
    mode: 'ok',
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
