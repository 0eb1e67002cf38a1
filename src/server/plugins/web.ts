import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { notFoundBody } from './error-handler';

/** Vite names these by content hash, so a name never changes its content: a browser keeps them a year. */
export const HASHED_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** index.html (and the SPA fallback) is asked again every time, so a new build reaches users at once. */
export const PAGE_CACHE_CONTROL = 'no-cache';

/**
 * Serves the built React app and answers unknown non-API paths with index.html,
 * so client-side routes (and the redirect of unknown paths to the dashboard) work on reload.
 * The build holds a brotli (.br) and a gzip (.gz) copy of every text file (vite.config.ts): the one the
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
