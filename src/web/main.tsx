import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';

const container = document.getElementById('root');
if (!container) throw new Error('Elementet #root mangler i index.html');

/**
 * Screens are loaded as their own files when first opened. After a new version is put out, a page that was
 * open before asks for files of the old build, which are gone: load the page anew (once a minute at most).
 */
const RELOADED_AT = 'rudeplan:reloaded-for-new-version';
window.addEventListener('vite:preloadError', (event) => {
  const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
  if (Date.now() - last < 60_000) return;
  event.preventDefault();
  sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  window.location.reload();
});

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>,
);
