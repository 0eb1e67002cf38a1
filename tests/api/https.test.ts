import fs from 'node:fs/promises';
import http2, { type ClientHttp2Session, type ClientHttp2Stream, type IncomingHttpHeaders } from 'node:http2';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import zlib from 'node:zlib';
import { generate } from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TUserInfo } from '@/domain/users';
import { buildApp } from '@/server/app';
import { SESSION_COOKIE } from '@/server/auth/sessions';
import { testEnv } from '@/server/env';
import { announceChanges } from '@/server/integrations/live/live-changes';
import { createTestApp, login, type TestContext } from '../helpers/test-app';

/** A certificate for localhost and 127.0.0.1, valid for a day, that the clients below trust (`ca`). */
let pems: Awaited<ReturnType<typeof generate>>;
let ctx: TestContext;
let origin: string;
let root: string;

const SCRIPT = `export const answer = ${JSON.stringify('x'.repeat(5000))};\n`;
const CHUNKS = 20;

/** A built web app as `vite build` leaves it: an index page and hashed scripts, each with a brotli copy beside it. */
async function writeBuiltApp(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rudeplan-https-'));
  const write = async (file: string, content: string) => {
    await fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await fs.writeFile(path.join(dir, file), content);
    await fs.writeFile(path.join(dir, `${file}.br`), zlib.brotliCompressSync(content));
    await fs.writeFile(path.join(dir, `${file}.gz`), zlib.gzipSync(content));
  };
  await write('index.html', '<!doctype html><html lang="da"><head><title>Rudeplan</title></head><body><div id="root"></div></body></html>');
  for (let i = 0; i < CHUNKS; i++) await write(`assets/chunk-${i}-AbC123xy.js`, SCRIPT);
  return dir;
}

beforeAll(async () => {
  pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notAfterDate: new Date(Date.now() + 86_400_000),
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          { type: 2, value: 'localhost' },
          { type: 7, ip: '127.0.0.1' },
        ],
      },
    ],
  });
  root = await writeBuiltApp();
  ctx = await createTestApp({ tls: { cert: pems.cert, key: pems.private }, webRoot: root });
  origin = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await ctx?.close();
  if (root) await fs.rm(root, { recursive: true, force: true });
});

/** An HTTP/2 connection as a browser opens one (ALPN offers h2 and http/1.1), trusting the test certificate. */
async function connectH2(to = origin): Promise<ClientHttp2Session> {
  const session = http2.connect(to, { ca: pems.cert });
  await new Promise<void>((resolve, reject) => {
    session.once('connect', () => resolve());
    session.once('error', reject);
  });
  session.on('error', () => undefined);
  return session;
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request on an HTTP/2 session, read to its end. */
function h2(session: ClientHttp2Session, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const stream = session.request({ ':method': body === undefined ? 'GET' : 'POST', ...headers }, { endStream: body === undefined });
    const chunks: Buffer[] = [];
    let answer: IncomingHttpHeaders = {};
    stream.on('response', (h) => (answer = h));
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve({ status: Number(answer[':status']), headers: answer, body: Buffer.concat(chunks) }));
    stream.on('error', reject);
    if (body !== undefined) stream.end(body);
  });
}

/** One request over HTTPS with HTTP/1.1, on a connection of its own; `alpn` what the client offers (node:https offers nothing). */
function h1(pathname: string, alpn?: string[]): Promise<Answer & { version: string; alpn: string | false | null }> {
  const { port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const request = https.get(
      { host: '127.0.0.1', port, path: pathname, ca: pems.cert, agent: false, ...(alpn ? { ALPNProtocols: alpn } : {}) },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
            version: response.httpVersion,
            alpn: (response.socket as tls.TLSSocket).alpnProtocol,
          }),
        );
      },
    );
    request.on('error', reject);
  });
}

/** An open event stream of /api/live on an HTTP/2 session: its answer headers, and what it has told so far. */
async function openLiveStream(session: ClientHttp2Session, cookie: string) {
  const stream: ClientHttp2Stream = session.request({ ':method': 'GET', ':path': '/api/live', cookie, accept: 'text/event-stream' });
  let text = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => (text += chunk));
  stream.on('error', () => undefined);
  const headers = await new Promise<IncomingHttpHeaders>((resolve, reject) => {
    stream.once('response', resolve);
    stream.once('error', reject);
  });
  const ended = new Promise<void>((resolve) => stream.once('close', () => resolve()));
  /** Waits until the stream's text matches (checked as each chunk arrives), for at most `ms`; whether it did. */
  const waitFor = (pattern: RegExp, ms = 3000) =>
    new Promise<boolean>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        stream.off('data', check);
        stream.off('close', done);
        resolve(pattern.test(text));
      };
      // Added after the listener that collects the text: it sees each chunk once collected.
      const check = () => {
        if (pattern.test(text)) done();
      };
      const timer = setTimeout(done, ms);
      stream.on('data', check);
      stream.once('close', done);
      check();
    });
  return { stream, headers, ended, waitFor, text: () => text };
}

describe('HTTPS with HTTP/2 on the same port', () => {
  it('answers /api/health over HTTP/2 when the client offers h2 (ALPN)', async () => {
    const session = await connectH2();
    try {
      expect(session.alpnProtocol).toBe('h2');
      const answer = await h2(session, { ':path': '/api/health' });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body.toString())).toMatchObject({ status: 'ok' });
    } finally {
      session.close();
    }
  });

  it('answers /api/health over HTTP/1.1 with TLS to a client that does not speak HTTP/2, with or without ALPN', async () => {
    for (const [offer, agreed] of [
      [['http/1.1'], 'http/1.1'],
      [undefined, false],
    ] as const) {
      const answer = await h1('/api/health', offer ? [...offer] : undefined);
      expect(answer.alpn).toBe(agreed);
      expect(answer.version).toBe('1.1');
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body.toString())).toMatchObject({ status: 'ok' });
    }
  });

  it("fetches the app's many script chunks at once over one HTTP/2 connection, brotli-compressed", async () => {
    const session = await connectH2();
    try {
      const answers = await Promise.all(
        Array.from({ length: CHUNKS }, (_, i) =>
          h2(session, { ':path': `/assets/chunk-${i}-AbC123xy.js`, 'accept-encoding': 'gzip, deflate, br, zstd' }),
        ),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.headers['content-encoding']).toBe('br');
        expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(SCRIPT);
      }
      const page = await h2(session, { ':path': '/orders' });
      expect(page.status).toBe(200);
      expect(page.body.toString()).toContain('<div id="root">');
    } finally {
      session.close();
    }
  });
});

describe('signing in over HTTP/2', () => {
  it('sets the session cookie Secure and HttpOnly, and the cookie is the session for the next calls', async () => {
    const session = await connectH2();
    try {
      // As a browser sends it: a state-changing call carries the page's own origin.
      const signedIn = await h2(
        session,
        { ':path': '/api/user/login', 'content-type': 'application/json', origin },
        JSON.stringify({ Email: 'KS', Password: 'demo1234' }),
      );
      expect(signedIn.status, signedIn.body.toString()).toBe(200);
      const setCookie = ([] as string[]).concat(signedIn.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
      expect(setCookie).toBeDefined();
      expect(setCookie).toMatch(/;\s*Secure(;|$)/i);
      expect(setCookie).toMatch(/;\s*HttpOnly(;|$)/i);

      const cookie = setCookie!.split(';')[0]!;
      const me = await h2(session, { ':path': '/api/user/userinfo', cookie });
      expect(me.status).toBe(200);
      expect((JSON.parse(me.body.toString()) as TUserInfo).initials).toBe('KS');
    } finally {
      session.close();
    }
  });

  it('sets it Secure over HTTP/1.1 with TLS too', async () => {
    const { port } = new URL(origin);
    const setCookie = await new Promise<string[]>((resolve, reject) => {
      const request = https.request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/user/login',
          method: 'POST',
          headers: { 'content-type': 'application/json', origin },
          ca: pems.cert,
          agent: false,
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode === 200 ? (response.headers['set-cookie'] ?? []) : []));
        },
      );
      request.on('error', reject);
      request.end(JSON.stringify({ Email: 'KS', Password: 'demo1234' }));
    });
    expect(setCookie.find((c) => c.startsWith(`${SESSION_COOKIE}=`))).toMatch(/;\s*Secure(;|$)/i);
  });

  it('asks the browser for HTTPS only from now on (HSTS)', async () => {
    const session = await connectH2();
    try {
      const health = await h2(session, { ':path': '/api/health' });
      expect(health.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      session.close();
    }
  });
});

describe('behind a proxy that ends TLS, with PUBLIC_URL on https', () => {
  it('sets the session cookie Secure though the request reached the app over plain HTTP', async () => {
    // No TRUST_PROXY, or a proxy that sends no X-Forwarded-Proto: the app itself sees only HTTP.
    const app = await buildApp({
      env: testEnv({ PUBLIC_URL: 'https://rudeplan.example.dk' }),
      db: ctx.database.db,
      pool: ctx.database.pool,
      embedded: false,
      webRoot: '/nonexistent',
    });
    try {
      const response = await app.inject({ method: 'POST', url: '/api/user/login', payload: { Email: 'KS', Password: 'demo1234' } });
      expect(response.statusCode, response.body).toBe(200);
      const setCookie = ([] as string[]).concat(response.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${SESSION_COOKIE}=`));
      expect(setCookie).toMatch(/;\s*Secure(;|$)/i);
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      // Logging out clears the cookie with the same attributes, so the browser drops the Secure one.
      const cookie = setCookie!.split(';')[0]!;
      const out = await app.inject({ method: 'GET', url: '/api/user/logout', headers: { cookie } });
      expect(([] as string[]).concat(out.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${SESSION_COOKIE}=`))).toMatch(
        /;\s*Secure(;|$)/i,
      );
    } finally {
      await app.close();
    }
  });
});

describe('live calendar events over HTTP/2', () => {
  it('opens the event stream (no connection header), tells a change on it, and closes it without ending the session', async () => {
    const cookie = await login(ctx.app, 'KS');
    const session = await connectH2();
    // Node refuses an HTTP/1 connection header on an HTTP/2 answer, or (for `connection` itself) drops it with a warning.
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      const live = await openLiveStream(session, cookie);
      expect(live.headers[':status']).toBe(200);
      expect(live.headers['content-type']).toContain('text/event-stream');
      expect(live.headers.connection).toBeUndefined();
      expect(await live.waitFor(/^retry: 3000$/m)).toBe(true);
      expect(warnings.filter((w) => /connection/i.test(w))).toEqual([]);

      // The stream subscribes right after its first line: announced until it is heard.
      let heard = false;
      for (let tries = 0; tries < 20 && !heard; tries++) {
        announceChanges(ctx.database.db, [{ departmentId: 'https-test', date: null }]);
        heard = await live.waitFor(/^data: .*https-test/m, 250);
      }
      expect(heard).toBe(true);

      live.stream.close(http2.constants.NGHTTP2_CANCEL);
      await live.ended;
      // Other requests go on over the same connection.
      expect((await h2(session, { ':path': '/api/health' })).status).toBe(200);
    } finally {
      process.off('warning', onWarning);
      session.close();
    }
  });

  it('keeps the keep-alive header for an HTTP/1.1 event stream', async () => {
    const cookie = await login(ctx.app, 'KS');
    const { port } = new URL(origin);
    const { status, headers } = await new Promise<{ status: number | undefined; headers: IncomingHttpHeaders }>((resolve, reject) => {
      const request = https.get(
        { host: '127.0.0.1', port, path: '/api/live', headers: { cookie }, ca: pems.cert, agent: false },
        (response) => {
          resolve({ status: response.statusCode, headers: response.headers });
          response.destroy();
        },
      );
      request.on('error', reject);
    });
    expect(status).toBe(200);
    expect(headers['content-type']).toContain('text/event-stream');
    expect(headers.connection).toBe('keep-alive');
  });
});

describe('a client too slow with its headers over HTTP/1.1 with TLS', () => {
  it('hears 408 in the error shape within about 11 seconds, as over plain HTTP', async () => {
    const { port } = new URL(origin);
    const started = Date.now();
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = tls.connect({ host: '127.0.0.1', port: Number(port), ca: pems.cert, ALPNProtocols: ['http/1.1'] }, () => {
        socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      });
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('end', () => resolve(text));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('"type":"GENERIC_ERROR"');
    expect(Date.now() - started).toBeLessThan(13_000);
  }, 20_000);
});

describe('closing the server', () => {
  it('closes within seconds while HTTP/2 sessions (one with an open event stream) and an HTTP/1.1 stream are open', async () => {
    const own = await createTestApp({ tls: { cert: pems.cert, key: pems.private } });
    const clients: Array<{ destroy(): void }> = [];
    try {
      const address = await own.app.listen({ port: 0, host: '127.0.0.1' });
      const cookie = await login(own.app, 'KS');
      const busy = await connectH2(address);
      clients.push(busy);
      const live = await openLiveStream(busy, cookie);
      expect(await live.waitFor(/^retry: 3000$/m)).toBe(true);
      const idle = await connectH2(address);
      clients.push(idle);
      expect((await h2(idle, { ':path': '/api/health' })).status).toBe(200);
      const idleClosed = new Promise<void>((resolve) => idle.once('close', () => resolve()));
      const http1Live = await new Promise<{ ended: Promise<void> }>((resolve, reject) => {
        const request = https.get(
          {
            host: '127.0.0.1',
            port: (own.app.server.address() as AddressInfo).port,
            path: '/api/live',
            headers: { cookie },
            ca: pems.cert,
            agent: false,
          },
          (response) => {
            response.resume();
            resolve({ ended: new Promise<void>((done) => response.socket.once('close', () => done())) });
          },
        );
        clients.push(request);
        request.on('error', reject);
      });

      const started = Date.now();
      const closed = await Promise.race([
        own.app.close().then(() => true),
        new Promise<false>((resolve) => setTimeout(() => resolve(false), 3000)),
      ]);
      expect(closed, 'app.close() within 3 s').toBe(true);
      expect(Date.now() - started).toBeLessThan(3000);
      // Every client learns it at once: the event streams end (a browser reconnects), the idle session is told to go.
      await Promise.all([live.ended, idleClosed, http1Live.ended]);
    } finally {
      // Hung up from this side too, so a failed close above does not also hang the clean-up.
      for (const client of clients) client.destroy();
      await own.close();
    }
  });
});
