import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { notFoundBody } from './error-handler';

/**
 * Serves the built React app and answers unknown non-API paths with index.html,
 * so client-side routes (and the redirect of unknown paths to the dashboard) work on reload.
 */
export const webPlugin = fp(
  async (app, options: { root: string }) => {
    const index = path.join(options.root, 'index.html');
    const built = fs.existsSync(index);
    if (built) {
      await app.register(fastifyStatic, {
        root: options.root,
        wildcard: false,
        index: false,
        setHeaders(res, file) {
          // Vite names assets by content hash, so they never change under the same name.
          res.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    app.setNotFoundHandler((request, reply) => {
      if (request.url.startsWith('/api/') || request.url === '/api') return reply.code(404).send(notFoundBody());
      if (request.method !== 'GET' && request.method !== 'HEAD') return reply.code(404).send(notFoundBody());
      if (!built) return reply.code(404).type('text/plain; charset=utf-8').send('The web app is not built: run `npm run build`.');
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'web' },
);
