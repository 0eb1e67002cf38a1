import { promisify } from 'node:util';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Files worth compressing: text. Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, so the server sends
 * them as they are (@fastify/static's preCompressed) instead of compressing on every request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'rudeplan:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((file) => COMPRESSIBLE.test(file) && !file.startsWith('.vite/'));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const content = await fs.readFile(full);
          const [br, gz] = await Promise.all([
            brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
            gzip(content, { level: 9 }),
          ]);
          await Promise.all([fs.writeFile(`${full}.br`, br), fs.writeFile(`${full}.gz`, gz)]);
        }),
      );
    },
  };
}

/** Our own code, and the few modules of it that do something when imported (every other one is only its exports). */
const APP_CODE = /[\\/]src[\\/](web|domain)[\\/]/;
const APP_CODE_WITH_EFFECTS = /[\\/]src[\\/](web[\\/]main\.tsx|web[\\/]app[\\/](providers\.tsx|mantine-styles\.ts)|domain[\\/]lib[\\/]validation\.ts)$/;

export default defineConfig({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  publicDir: fileURLToPath(new URL('./src/web/public', import.meta.url)),
  plugins: [react(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    // WEB_OUT_DIR lets parallel builds (several developers' test runs on one machine) keep apart.
    outDir: process.env.WEB_OUT_DIR ?? fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    // .vite/manifest.json: which chunks each screen needs; the JS budget test (tests/e2e/budget.spec.ts) reads it.
    manifest: true,
    // The budget test is the limit that counts (docs/decisions.md, 'Speed of the first page').
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      treeshake: {
        // An area's index.ts re-exports its pieces; a screen that uses one piece must not get the others, so our
        // own modules count as free of side effects, but for these few: the entry, the providers and the styles they
        // import, and validation.ts, which sets zod's Danish messages.
        moduleSideEffects: (id: string) => !APP_CODE.test(id) || APP_CODE_WITH_EFFECTS.test(id) || /\.css($|\?)/.test(id),
      },
      output: {
        codeSplitting: {
          // Everything the first page needs (React, the router, Mantine's shell, the session) in one file,
          // which compresses better and costs one request; each screen and what only screens share stay apart.
          groups: [{ name: 'shell', tags: ['$initial'] }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? 3000}`, changeOrigin: false } },
  },
});
