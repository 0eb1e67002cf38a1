import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite.config';

/**
 * The public booking page (issue 41) is a build of its own: src/web/book.html with preact/compat in place of React and
 * its own styles, no Mantine and nothing of the staff app, so a customer's phone loads a small part of it. It is built
 * after the staff app into the same directory (`npm run build`), leaving that build's files and manifest as they are.
 */
export default defineConfig(() => ({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  publicDir: false,
  plugins: [react(), precompress()],
  resolve: {
    // The page runs on preact/compat, not React: the same components in 13 KB of JS gzipped instead of 72 KB, whose
    // start-up (React's own script, about 0.7 s of a slow phone's main thread) cost the page Lighthouse's blocking-time
    // points (docs/decisions.md). The staff app and the page's tests keep React.
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react(-dom)?$/, replacement: 'preact/compat' },
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
    ],
  },
  build: {
    outDir: process.env.WEB_OUT_DIR ?? fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: false,
    manifest: '.vite/book-manifest.json',
    rolldownOptions: {
      input: { book: fileURLToPath(new URL('./src/web/book.html', import.meta.url)) },
      treeshake: {
        // As the staff build (vite.config.ts): our modules are only their exports, and unused zod schemas are left out.
        moduleSideEffects: (id: string) =>
          !/[\\/]src[\\/](web|domain)[\\/]/.test(id) || /\.css($|\?)/.test(id) || /book-main\.tsx$/.test(id),
        manualPureFunctions: ['z'],
      },
    },
  },
}));
