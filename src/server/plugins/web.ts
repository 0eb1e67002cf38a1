import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { notFoundBody } from './error-handler';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Vite names these by content hash, so a name never changes its content: a browser keeps them a year. */
export const HASHED_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** index.html (and the SPA fallback) is asked again every time, so a new build reaches users at once. */
export const PAGE_CACHE_CONTROL = 'no-cache';

/** API answers smaller than this are sent as they are: compressing them gains less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

/** The encoding to send an answer in: brotli, else gzip, when the request accepts it (q > 0); null for none. */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const wants = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (wants('br')) return 'br';
  if (wants('gzip')) return 'gzip';
  return null;
}

function varyOnAcceptEncoding(reply: FastifyReply) {
  const vary = String(reply.getHeader('vary') ?? '');
  if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * Serves the built React app and answers unknown non-API paths with index.html,
 * so client-side routes (and the redirect of unknown paths to the dashboard) work on reload,
 * and compresses the API's larger JSON answers. The build holds a brotli (.br) and a gzip (.gz) copy of every text file (vite.config.ts): the one the
 * browser accepts is sent as it is, with `Vary: Accept-Encoding`.
 */
export const webPlugin = fp(
  async (app, options: { root: string }) => {
    const index = path.join(options.root, 'index.html');
    const built = fs.existsSync(index);
    const assets = `${path.sep}assets${path.sep}`;
    if (built) {
      await app.register(fastifyStatic, {
        root: options.root,
        wildcard: false,
        index: false,
        preCompressed: true,
        // The compressed copies are picked by Accept-Encoding, never asked for by name; the manifest is the build's own.
        globIgnore: ['**/*.br', '**/*.gz', '.vite/**'],
        setHeaders(reply, file) {
          reply.header('cache-control', file.includes(assets) ? HASHED_CACHE_CONTROL : PAGE_CACHE_CONTROL);
        },
      });
    }
    // The API's JSON answers (the department list is 360 KB, a page of orders 90 KB) are compressed on the way
    // out when the browser takes it: on a phone's connection that is most of the wait for a screen's data.
    // Streams (CSV, photos, PDFs) go as they are.
    app.addHook('onSend', async (request, reply, payload) => {
      if (!request.url.startsWith('/api/') || reply.hasHeader('content-encoding')) return payload;
      if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      if (body.length < COMPRESS_MIN_BYTES) return payload;
      varyOnAcceptEncoding(reply);
      const encoding = chooseEncoding(request.headers['accept-encoding']);
      if (!encoding) return payload;
      const compressed =
        encoding === 'br' ? await brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }) : await gzip(body, { level: 6 });
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      return compressed;
    });

    app.setNotFoundHandler((request, reply) => {
      if (request.url.startsWith('/api/') || request.url === '/api') return reply.code(404).send(notFoundBody());
      if (request.method !== 'GET' && request.method !== 'HEAD') return reply.code(404).send(notFoundBody());
      if (!built) return reply.code(404).type('text/plain; charset=utf-8').send('The web app is not built: run `npm run build`.');
      // A missing hashed file (an old page asking for a chunk of an earlier build) is a 404, not the page.
      if (request.url.startsWith('/assets/')) return reply.code(404).header('cache-control', PAGE_CACHE_CONTROL).send(notFoundBody());
      return reply.header('cache-control', PAGE_CACHE_CONTROL).sendFile('index.html');
    });
  },
  { name: 'web' },
);
