import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_COOKIE } from '@/server/auth/sessions';
import { z } from 'zod';
import { notFoundBody } from './error-handler';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Vite names these by content hash, so a name never changes its content: a browser keeps them a year. */
export const HASHED_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** index.html (and the SPA fallback) is asked again every time, so a new build reaches users at once. */
export const PAGE_CACHE_CONTROL = 'no-cache';

/**
 * API answers smaller than this are sent as they are: an order (4–5 KB) fits the first TCP round trip either way,
 * and compressing it took a third of the order route's throughput (docs/decisions.md).
 */
export const COMPRESS_MIN_BYTES = 8192;

/** The compressed copies of answers given as buffers, by the buffer: gone with it. */
const compressedCopies = new WeakMap<Buffer, Partial<Record<'br' | 'gzip', Buffer>>>();

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

/** `.vite/screen-preloads.json`, written by the build (vite.config.ts): each screen's path and the files it needs. */
const ZScreenPreloads = z.array(z.object({ name: z.string(), path: z.string(), files: z.array(z.string().regex(/^assets\/[\w.-]+$/)) }));
type ScreenPreload = z.infer<typeof ZScreenPreloads>[number];

/** A router pattern's parameters in a path ('/worksheet/:id' in '/worksheet/8d7f…' → {id: '8d7f…'}); null when it does not match. */
export function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const got = pathname.split('/').filter(Boolean);
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of want.entries()) {
    if (part.startsWith(':')) params[part.slice(1)] = got[i]!;
    else if (part !== got[i]) return null;
  }
  return params;
}

/** Data a screen asks for first, by its path's parameters: fetched beside its files (the worksheet's order). */
const SCREEN_DATA: Partial<Record<string, (params: Record<string, string>) => string>> = {
  WORKSHEET: ({ orderId }) => `/api/order/order/${encodeURIComponent(decodeURIComponentSafe(orderId ?? ''))}`,
};

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const escapeAttribute = (text: string) => text.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
const fetchPreload = (href: string) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(href)}">`;

export interface Page {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function compressed(html: string, quality: 'build' | 'request'): Page {
  const page = Buffer.from(html);
  return {
    html: page,
    br: zlib.brotliCompressSync(page, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality === 'build' ? 11 : 5 } }),
    gzip: zlib.gzipSync(page, { level: quality === 'build' ? 9 : 6 }),
  };
}

/**
 * The page for a path, with the screen's files named in its head: the browser fetches them beside the app's first
 * script (and the session check, and the worksheet's order, beside both) instead of one after the other, which is
 * most of a phone's wait on a slow connection (issue 11). A signed-out browser (no session cookie) gets the files of
 * the unauthorised page with its login form, since that is what it will be shown; an unknown path only the session
 * check. Built once per screen
 * with its brotli and gzip copies; a page with data of its own is compressed when asked for.
 */
export function pagesWithPreloads(html: string, screens: readonly ScreenPreload[]) {
  const heads = new Map<string, string>();
  const built = new Map<string, Page>();
  // The session check and the screen's data come first: over HTTP/1.1 a browser sends six requests at a time in the
  // page's order, and the data (the slowest answer, which the screen's first content waits for) came after the
  // screen's files, 80 of them on the worksheet (issue 38).
  const headOf = (screen: ScreenPreload | undefined, data?: string) => {
    const key = screen?.name ?? '';
    let files = heads.get(key);
    if (files === undefined) {
      files = (screen?.files ?? [])
        .map((file) => {
          const href = escapeAttribute(`/${file}`);
          return file.endsWith('.js')
            ? `<link rel="modulepreload" crossorigin href="${href}">`
            : `<link rel="preload" as="style" crossorigin href="${href}">`;
        })
        .join('\n    ');
      heads.set(key, files);
    }
    return [fetchPreload('/api/user/userinfo'), ...(data ? [fetchPreload(data)] : []), ...(files ? [files] : [])].join('\n    ');
  };
  const withHead = (head: string) => html.replace('</head>', `    ${head}\n  </head>`);
  const unauthorised = screens.find((s) => s.name === 'UNAUTHORISED');
  const PUBLIC = ['LOGIN', 'FORGOT'];
  return (pathname: string, signedIn: boolean): Page => {
    let found: { screen: ScreenPreload; params: Record<string, string> } | undefined;
    for (const screen of screens) {
      const params = screen.path ? matchPattern(screen.path, pathname) : null;
      if (params) {
        found = { screen, params };
        break;
      }
    }
    // Signed out, a page that is not public shows the unauthorised page (its login form) instead of its screen.
    const shown = found && (signedIn || PUBLIC.includes(found.screen.name)) ? found.screen : found ? unauthorised : undefined;
    const data = shown && found && shown === found.screen ? SCREEN_DATA[shown.name]?.(found.params) : undefined;
    if (data) return compressed(withHead(headOf(shown, data)), 'request');
    const key = shown?.name ?? '';
    let page = built.get(key);
    if (!page) {
      page = compressed(withHead(headOf(shown)), 'build');
      built.set(key, page);
    }
    return page;
  };
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
    const preloadsFile = path.join(options.root, '.vite/screen-preloads.json');
    const pageFor =
      built && fs.existsSync(preloadsFile)
        ? pagesWithPreloads(fs.readFileSync(index, 'utf8'), ZScreenPreloads.parse(JSON.parse(fs.readFileSync(preloadsFile, 'utf8'))))
        : null;
    const assets = `${path.sep}assets${path.sep}`;
    const hasBookPage = fs.existsSync(path.join(options.root, 'book.html'));
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
      // An answer sent again as the same buffer (a kept month of availability) is compressed once.
      const copies = Buffer.isBuffer(payload) ? (compressedCopies.get(payload) ?? {}) : {};
      const compressed = (copies[encoding] ??=
        encoding === 'br'
          ? await brotli(body, {
              params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
            })
          : await gzip(body, { level: 6 }));
      if (Buffer.isBuffer(payload)) compressedCopies.set(payload, copies);
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
      reply.header('cache-control', PAGE_CACHE_CONTROL);
      // The public booking page (issue 41) is a page of its own (vite.book.config.ts), not the staff app.
      if (/^\/book(\/|$)/.test(request.url.split(/[?#]/)[0]!) && hasBookPage) return reply.sendFile('book.html');
      if (!pageFor) return reply.sendFile('index.html');
      const signedIn = (request.headers.cookie ?? '').split(';').some((c) => c.trim().startsWith(`${SESSION_COOKIE}=`));
      const page = pageFor(request.url.split('?')[0]!, signedIn);
      varyOnAcceptEncoding(reply);
      reply.header('vary', `${String(reply.getHeader('vary'))}, Cookie`).type('text/html; charset=utf-8');
      const encoding = chooseEncoding(request.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.html);
    });
  },
  { name: 'web' },
);
