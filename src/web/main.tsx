import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { deviceUser } from './lib/device-user';
import { createQueryClient } from './lib/query-client';
import { isMissingBuildFile } from './lib/stale-build';

const container = document.getElementById('root');
if (!container) throw new Error('Elementet #root mangler i index.html');

/**
 * Screens are loaded as their own files when first opened. After a new version is put out, a page that was
 * open before asks for files of the old build, which are gone: load the page anew (once a minute at most).
 */
const RELOADED_AT = 'rudeplan:reloaded-for-new-version';
window.addEventListener('vite:preloadError', (event) => {
  if (!isMissingBuildFile(event.payload)) return;
  const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
  if (Date.now() - last < 60_000) return;
  event.preventDefault();
  sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  window.location.reload();
});

/**
 * index.html links the app's stylesheet for print so it does not hold back the first paint (vite.config.ts); it is
 * switched to all media here and the app drawn once it has arrived (or failed: the app is then drawn as it is).
 * The development server has no such link: it puts the styles in itself.
 */
function appStyles(): Promise<void> {
  const link = document.querySelector<HTMLLinkElement>('link[data-app-styles]');
  if (!link) return Promise.resolve();
  const arrived = link.sheet
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        link.addEventListener('load', () => resolve(), { once: true });
        link.addEventListener('error', () => resolve(), { once: true });
      });
  link.media = 'all';
  return arrived;
}

const root = createRoot(container);
const client = createQueryClient();
// Drawn in a transition: React splits the first render into short tasks instead of one that holds a slow phone's
// main thread (issue 11: total blocking time); index.html's header bar stays until it is done. A fitter's phone
// draws from its copy of his jobs meanwhile (device-first.ts).
const known = deviceUser();
const fromDevice = known
  ? import('./app/device-first').then(
      (m) => m.drawFromDevice(client, known, window.location.pathname),
      () => undefined,
    )
  : null;
void Promise.all([appStyles(), fromDevice]).then(() =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders queryClient={client}>
          <AppRouter />
        </AppProviders>
      </StrictMode>,
    ),
  ),
);
