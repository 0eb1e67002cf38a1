import { promisify } from 'node:util';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { SCREENS, type TScreenName } from './src/domain/access/screens';
import { SCREEN_MODULES, UNAUTHORISED_MODULES } from './src/web/app/screen-modules';
import { PRIMARY, READABLE_COLORS } from './src/web/app/readable-colors';
import { theme } from './src/web/app/theme';
import { themeVariablesCss } from './src/web/app/theme-variables';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Files worth compressing: text. Images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, so the server sends
 * them as they are (@fastify/static's preCompressed) instead of compressing on every request.
 */
export function precompress(): Plugin {
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
            brotli(content, {
              params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length },
            }),
            gzip(content, { level: 9 }),
          ]);
          await Promise.all([fs.writeFile(`${full}.br`, br), fs.writeFile(`${full}.gz`, gz)]);
        }),
      );
    },
  };
}

/** One screen in `.vite/screen-preloads.json` (read by src/server/plugins/web.ts). */
interface ScreenPreload {
  /** A screen, or UNAUTHORISED: what a signed-out browser is shown on a screen that is not public. */
  name: TScreenName | 'UNAUTHORISED';
  /** The router's pattern, e.g. '/worksheet/:id' (none for UNAUTHORISED). */
  path: string;
  /** Built files under the web root, scripts first ('assets/x.js', then 'assets/x.css'). */
  files: string[];
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * Writes `.vite/screen-preloads.json`: each screen's path and the built files its modules need beyond the entry's
 * (scripts through their static imports, and their styles). The server names them in the page it sends for that
 * path, so the browser fetches a screen beside the app's first script instead of after it (issue 11).
 */
function screenPreloads(): Plugin {
  let outDir = '';
  return {
    name: 'rudeplan:screen-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const manifest = JSON.parse(await fs.readFile(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
      const closure = (keys: readonly string[]) => {
        const files = new Set<string>();
        const seen = new Set<string>();
        const visit = (key: string) => {
          const chunk = manifest[key];
          if (seen.has(key) || !chunk) return;
          seen.add(key);
          files.add(chunk.file);
          chunk.css?.forEach((css) => files.add(css));
          chunk.imports?.forEach(visit);
        };
        keys.forEach(visit);
        return files;
      };
      const entry = closure(Object.keys(manifest).filter((key) => manifest[key]!.isEntry));
      const screens: ScreenPreload[] = [...(Object.keys(SCREEN_MODULES) as TScreenName[]), 'UNAUTHORISED' as const].map((name) => {
        const modules = name === 'UNAUTHORISED' ? UNAUTHORISED_MODULES : SCREEN_MODULES[name];
        const missing = modules.filter((key) => !manifest[key]);
        if (missing.length) throw new Error(`screen-preloads: ${name}'s ${missing.join(', ')} is not a chunk of this build`);
        const files = [...closure(modules)].filter((file) => !entry.has(file));
        const ordered = [...files.filter((f) => f.endsWith('.js')), ...files.filter((f) => !f.endsWith('.js'))];
        return { name, path: name === 'UNAUTHORISED' ? '' : SCREENS[name].path, files: ordered };
      });
      await fs.writeFile(path.join(outDir, '.vite/screen-preloads.json'), JSON.stringify(screens));
    },
  };
}

/**
 * The app's stylesheet no longer holds back the first paint: index.html asks for it at high priority (preload) and
 * links it for print, so a slow phone paints the header bar index.html draws while the styles are on their way
 * (issue 11: first paint); main.tsx switches it to all media and draws the app once it has arrived, so nothing is
 * drawn unstyled. The link stays where Vite put it, first in the head, so the cascade (Mantine's own variables
 * after it, the screens' styles after those) is as before.
 */
function stylesWithoutBlockingPaint(): Plugin {
  return {
    name: 'rudeplan:styles-without-blocking-paint',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
        if (links.length === 0) throw new Error('styles-without-blocking-paint: index.html has no stylesheet link');
        return links.reduce(
          (page, link) =>
            page.replace(
              link,
              `${link.replace('rel="stylesheet"', 'rel="preload" as="style"')}\n    ${link.replace('>', ' media="print" data-app-styles>')}`,
            ),
          html,
        );
      },
    },
  };
}

const THEME_VARIABLES = 'virtual:theme-variables.css';

/**
 * `virtual:theme-variables.css`: the theme's CSS variables (src/web/app/theme-variables.ts), worked out once here, so
 * Mantine's provider need not work them out and write them into every page as it loads (issue 17: blocking time).
 * Also used by the web tests (vitest.config.ts).
 */
export function themeVariables(): Plugin {
  const resolved = `\0${THEME_VARIABLES}`;
  return {
    name: 'rudeplan:theme-variables',
    resolveId: (id) => (id === THEME_VARIABLES ? resolved : undefined),
    load: (id) => (id === resolved ? themeVariablesCss(theme) : undefined),
  };
}

/** `@mantine/hooks`' useId, as the package names it on disk. */
const MANTINE_USE_ID = /[\\/]node_modules[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

/**
 * Mantine's useId is replaced by src/web/lib/mantine-use-id.ts in the build: Mantine's sets a new id in a layout effect
 * after mounting, so every Mantine field, list and popover of a screen was drawn twice, the second time in one
 * unbroken task (issue 17: blocking time). The web tests use it too (vitest.config.ts); the development server's
 * prepared copy of Mantine keeps Mantine's own (its ids change once after mounting, nothing else differs).
 */
export function mantineUseId(): Plugin {
  const standIn = fileURLToPath(new URL('./src/web/lib/mantine-use-id.ts', import.meta.url));
  return {
    name: 'rudeplan:mantine-use-id',
    load: (id) => (MANTINE_USE_ID.test(id) ? `export { useId } from ${JSON.stringify(standIn)};` : undefined),
  };
}

/**
 * The installable app (issue 38): the web app manifest, and a service worker (Workbox) that keeps every file of the
 * build (index.html, every chunk and stylesheet, the icons: never the .br/.gz copies beside them), so every screen
 * opens without a network. Navigations are answered with the kept index.html, but never under /api, and no API
 * answer is kept by the worker (they are personal and no-store; the offline area keeps a fitter's jobs in IndexedDB).
 * A new version waits until the user taps 'Opdater nu' (src/web/areas/offline/sw-register.ts); docs/decisions.md.
 */
function installableApp() {
  const blue = READABLE_COLORS[PRIMARY]!;
  const gray = READABLE_COLORS.gray!;
  return VitePWA({
    registerType: 'prompt',
    // Registered by the app itself, after the first page has loaded (src/web/areas/offline/sw-register.ts).
    injectRegister: false,
    devOptions: { enabled: false },
    includeAssets: ['icons/apple-touch-icon-180.png'],
    manifest: {
      id: '/',
      name: 'Rudeplan',
      short_name: 'Rudeplan',
      description: 'Planlægning af bilrudeopgaver: booking, kalender og arbejdskort, også for montøren i marken uden net.',
      lang: 'da',
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      // The header's blue text (the primary colour, shade 8) and the page's grey background (global.css).
      theme_color: blue[8],
      background_color: gray[0],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      // The manifest, its icons and includeAssets are added by the plugin itself.
      globPatterns: ['**/*.{html,js,css,woff2,woff}'],
      globIgnores: ['**/*.br', '**/*.gz', '.vite/**'],
      navigateFallback: 'index.html',
      // The booking page (/book, its own build: vite.book.config.ts) is not the staff app's page.
      navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/book(\/|$|\.html)/],
      // The worker keeps the build, nothing else: no runtime caching of API answers or anything else.
      runtimeCaching: [],
      clientsClaim: true,
      skipWaiting: false,
      cleanupOutdatedCaches: true,
      inlineWorkboxRuntime: true,
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    },
  });
}

/** Our own code, and the few modules of it that do something when imported (every other one is only its exports). */
const APP_CODE = /[\\/]src[\\/](web|domain)[\\/]/;
const APP_CODE_WITH_EFFECTS =
  /[\\/]src[\\/](web[\\/]main\.tsx|web[\\/]app[\\/](providers\.tsx|mantine-styles\.ts)|web[\\/]components[\\/]dates\.ts|domain[\\/]lib[\\/]validation\.ts)$/;

export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  publicDir: fileURLToPath(new URL('./src/web/public', import.meta.url)),
  plugins: [react(), themeVariables(), mantineUseId(), stylesWithoutBlockingPaint(), precompress(), screenPreloads(), installableApp()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // React Router's package exports name only its development build (the same code with its dev warnings on); the
      // production build beside it is what a build should ship. The development server keeps the default.
      ...(command === 'build'
        ? [
            {
              find: /^react-router$/,
              replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)),
            },
            {
              find: /^react-router\/dom$/,
              replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)),
            },
          ]
        : []),
    ],
  },
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
        // import, validation.ts, which sets zod's Danish messages, and components/dates.ts, which makes dayjs Danish.
        moduleSideEffects: (id: string) => !APP_CODE.test(id) || APP_CODE_WITH_EFFECTS.test(id) || /\.css($|\?)/.test(id),
        // A zod schema is a chain of calls on `z`: one no module uses is left out instead of being built on every
        // screen that imports something else from its module. Calls made for their effect are not made on `z`
        // (validation.ts imports `config` by name; a lint rule keeps it so).
        manualPureFunctions: ['z'],
      },
      output: {
        codeSplitting: {
          // Everything the first page needs (React, the router, Mantine's shell, the session) in one file,
          // which compresses better and costs one request; each screen and what only screens share stay apart.
          groups: [
            { name: 'shell', tags: ['$initial'] },
            // The icons (a few hundred bytes each) in one file: a screen asked for a dozen of them one by one, and
            // each request costs a phone's main thread about a millisecond (issue 17: blocking time).
            { name: 'icons', test: /[\\/]node_modules[\\/]@tabler[\\/]icons-react[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? 3000}`, changeOrigin: false } },
  },
}));
