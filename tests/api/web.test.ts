import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding, COMPRESS_MIN_BYTES, HASHED_CACHE_CONTROL, PAGE_CACHE_CONTROL, webPlugin } from '@/server/plugins/web';

/** A built app as `vite build` leaves it: every text file with a brotli and a gzip copy beside it. */
const INDEX = '<!doctype html><html lang="da"><head><title>Rudeplan</title></head><body><div id="root"></div></body></html>';
const SCRIPT = `export const answer = ${JSON.stringify('x'.repeat(2000))};\n`;

const SERVICE_WORKER = "self.addEventListener('fetch', () => undefined);\n";
const WEB_MANIFEST = JSON.stringify({ name: 'Rudeplan', lang: 'da', start_url: '/' });

let root: string;
let app: FastifyInstance;

async function writeBuilt(file: string, content: string) {
  const full = path.join(root, file);
  await fs.mkdir(path.dirname(full), { recursive: true });
  await fs.writeFile(full, content);
  await fs.writeFile(`${full}.br`, zlib.brotliCompressSync(content));
  await fs.writeFile(`${full}.gz`, zlib.gzipSync(content));
}

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'rudeplan-web-'));
  await writeBuilt('index.html', INDEX);
  await writeBuilt('assets/index-AbC123xy.js', SCRIPT);
  // The service worker and the manifest are written after the compressed copies (vite-plugin-pwa): none beside them.
  await fs.writeFile(path.join(root, 'sw.js'), SERVICE_WORKER);
  await fs.writeFile(path.join(root, 'manifest.webmanifest'), WEB_MANIFEST);
  await fs.mkdir(path.join(root, '.vite'));
  await fs.writeFile(path.join(root, '.vite/manifest.json'), '{}');
  app = Fastify();
  // API routes are registered before the web plugin, as in buildApp().
  await app.register(async (api) => {
    api.get('/api/big', async () => ({
      departments: Array.from({ length: 300 }, (_, i) => ({ id: i, name: `Afdeling ${i}`, address: 'Søndergade 1, 8000 Aarhus C' })),
    }));
    api.get('/api/small', async () => ({ message: 'ok' }));
    // About the size of one order (4–5 KB).
    api.get('/api/order-sized', async () => ({
      items: Array.from({ length: 70 }, (_, i) => ({ no: i, description: `Forrude ${i} med sensor`, price: 1234.5 })),
    }));
    api.get('/api/text', async (_request, reply) => reply.type('text/csv; charset=utf-8').send('a;b\n'.repeat(2000)));
  });
  await app.register(webPlugin, { root });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await fs.rm(root, { recursive: true, force: true });
});

const varyOn = (header: unknown) =>
  String(header ?? '')
    .toLowerCase()
    .split(',')
    .map((s) => s.trim());

describe('built files', () => {
  it('sends a hashed script brotli-compressed to a browser that takes brotli, cached for a year', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/assets/index-AbC123xy.js',
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe(HASHED_CACHE_CONTROL);
    expect(varyOn(response.headers.vary)).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
  });

  it('sends the gzip copy to a browser that takes only gzip', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-AbC123xy.js', headers: { 'accept-encoding': 'gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe(HASHED_CACHE_CONTROL);
    expect(zlib.gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is to a client that takes no compression, still saying it varies', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-AbC123xy.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(SCRIPT);
    expect(varyOn(response.headers.vary)).toContain('accept-encoding');
  });

  it('never hands out the compressed copies or the build manifest by name', async () => {
    for (const url of ['/assets/index-AbC123xy.js.br', '/assets/index-AbC123xy.js.gz']) {
      const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(404);
    }
    // Outside /assets/ an unknown path is the app's page (its router sends it on to the dashboard).
    for (const url of ['/index.html.br', '/.vite/manifest.json']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(INDEX);
    }
  });

  it('answers a missing hashed file (a chunk of an earlier build) with 404 in the error shape, not the page', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/worksheet-screen-Old00000.js', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control']).toBe(PAGE_CACHE_CONTROL);
    expect(response.json()).toMatchObject({ status: 404, type: 'GENERIC_ERROR' });
  });
});

describe('the installable app (issue 38)', () => {
  it('sends the service worker as a script from the root (its scope is the whole app), asked again every time', async () => {
    const response = await app.inject({ method: 'GET', url: '/sw.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(response.headers['cache-control']).toBe(PAGE_CACHE_CONTROL);
    expect(response.body).toBe(SERVICE_WORKER);
  });

  it('sends the web app manifest as a manifest, asked again every time', async () => {
    const response = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(response.headers['cache-control']).toBe(PAGE_CACHE_CONTROL);
    expect(JSON.parse(response.body)).toMatchObject({ name: 'Rudeplan', lang: 'da' });
  });
});

describe('the page', () => {
  it.each(['/', '/login', '/worksheet/55555555-5555-4555-8555-555555555555', '/index.html'])(
    '%s is index.html, compressed and asked again every time',
    async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe(PAGE_CACHE_CONTROL);
      expect(varyOn(response.headers.vary)).toContain('accept-encoding');
      expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX);
    },
  );

  it('is sent uncompressed to a client that takes no compression', async () => {
    const response = await app.inject({ method: 'GET', url: '/orders/products' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(INDEX);
  });

  it('is never the answer to an unknown API path', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nothing-here', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 404, type: 'GENERIC_ERROR' });
  });
});

describe('API answers', () => {
  it('compresses a large JSON answer with brotli for a browser that takes it, saying it varies', async () => {
    const plain = await app.inject({ method: 'GET', url: '/api/big' });
    const response = await app.inject({ method: 'GET', url: '/api/big', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(varyOn(response.headers.vary)).toContain('accept-encoding');
    expect(JSON.parse(zlib.brotliDecompressSync(response.rawPayload).toString())).toEqual(plain.json());
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
  });

  it('uses gzip when that is all the browser takes, and nothing for a client that takes none', async () => {
    const gzipped = await app.inject({ method: 'GET', url: '/api/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzipped.rawPayload).toString()).departments).toHaveLength(300);

    const plain = await app.inject({ method: 'GET', url: '/api/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().departments).toHaveLength(300);
    expect(varyOn(plain.headers.vary)).toContain('accept-encoding');
  });

  it('sends small answers (up to the size of an order) and non-JSON answers (CSV downloads) as they are', async () => {
    const small = await app.inject({ method: 'GET', url: '/api/small', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(small.json()).toEqual({ message: 'ok' });
    const order = await app.inject({ method: 'GET', url: '/api/order-sized', headers: { 'accept-encoding': 'br' } });
    expect(order.rawPayload.length).toBeGreaterThan(4000);
    expect(order.headers['content-encoding']).toBeUndefined();
    const csv = await app.inject({ method: 'GET', url: '/api/text', headers: { 'accept-encoding': 'br' } });
    expect(csv.headers['content-encoding']).toBeUndefined();
  });

  it('reads Accept-Encoding with its weights', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('gzip;q=0, br;q=0')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});

describe("the page names its screen's files", () => {
  const PRELOADS = [
    { name: 'LOGIN', path: '/login', files: ['assets/login-screen-L1.js', 'assets/Title-T1.js'] },
    { name: 'UNAUTHORISED', path: '', files: ['assets/unauthorised-screen-U1.js', 'assets/Title-T1.js'] },
    {
      name: 'WORKSHEET',
      path: '/worksheet/:orderId',
      files: ['assets/worksheet-screen-W1.js', 'assets/Title-T1.js', 'assets/worksheet-screen-W1.css'],
    },
  ];
  let withPreloads: FastifyInstance;
  let dir: string;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'rudeplan-web-preloads-'));
    await fs.writeFile(path.join(dir, 'index.html'), INDEX);
    await fs.mkdir(path.join(dir, '.vite'));
    await fs.writeFile(path.join(dir, '.vite/screen-preloads.json'), JSON.stringify(PRELOADS));
    withPreloads = Fastify();
    await withPreloads.register(webPlugin, { root: dir });
    await withPreloads.ready();
  });
  afterAll(async () => {
    await withPreloads.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  const page = async (url: string, cookie?: string) => {
    const response = await withPreloads.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip', ...(cookie ? { cookie } : {}) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe(PAGE_CACHE_CONTROL);
    expect(varyOn(response.headers.vary)).toEqual(expect.arrayContaining(['accept-encoding', 'cookie']));
    return zlib.gunzipSync(response.rawPayload).toString();
  };
  const links = (html: string) =>
    [...html.matchAll(/<link rel="(modulepreload|preload)"[^>]* href="([^"]+)">/g)].map((m) => `${m[1]} ${m[2]}`);

  it("a signed-in browser gets the worksheet's scripts, styles and order beside the session check", async () => {
    const html = await page('/worksheet/55555555-5555-4555-8555-555555555555?tab=1', 'theme=x; rudeplan_session=abc');
    expect(links(html)).toEqual([
      'preload /api/user/userinfo',
      // The order it shows, asked for at the same time, ahead of the screen's files: over HTTP/1.1 a browser sends
      // six requests at a time in the page's order, and the worksheet's 80 files held its order back (issue 38).
      'preload /api/order/order/55555555-5555-4555-8555-555555555555',
      'modulepreload /assets/worksheet-screen-W1.js',
      'modulepreload /assets/Title-T1.js',
      'preload /assets/worksheet-screen-W1.css',
    ]);
    expect(html).toContain('<div id="root"></div>');
    // A path's text never breaks out of its attribute.
    expect(links(await page('/worksheet/a%22%3E%3Cscript%3E', 'rudeplan_session=abc'))[1]).toBe(
      'preload /api/order/order/a%22%3E%3Cscript%3E',
    );
  });

  it('a signed-out browser gets the page it will be shown (the login form), an unknown path only the session check', async () => {
    expect(links(await page('/worksheet/55555555-5555-4555-8555-555555555555'))).toEqual([
      'preload /api/user/userinfo',
      'modulepreload /assets/unauthorised-screen-U1.js',
      'modulepreload /assets/Title-T1.js',
    ]);
    expect(links(await page('/login'))).toEqual([
      'preload /api/user/userinfo',
      'modulepreload /assets/login-screen-L1.js',
      'modulepreload /assets/Title-T1.js',
    ]);
    expect(links(await page('/no-such-screen', 'rudeplan_session=abc'))).toEqual(['preload /api/user/userinfo']);
  });
});
