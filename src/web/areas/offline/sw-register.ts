import { Workbox } from 'workbox-window';
import { showUpdatePrompt } from './update-prompt';

/** The service worker the build writes (vite.config.ts, installableApp), for the whole app. */
export const SERVICE_WORKER_URL = '/sw.js';

/** How often an open app asks whether a new version is out (a fitter's phone keeps it open all day). */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let registered: Workbox | null = null;

/**
 * Registers the service worker, which keeps the build for use without a network (docs/decisions.md), and offers a
 * new version when one is waiting: the page is loaded anew only when the user taps 'Opdater nu', never under a fitter
 * in the middle of a job. A new version is looked for when the app is opened, every hour, and when it comes back
 * into view.
 */
export function registerServiceWorker(): Workbox {
  if (registered) return registered;
  const workbox = new Workbox(SERVICE_WORKER_URL, { scope: '/' });
  registered = workbox;
  workbox.addEventListener('waiting', () => {
    showUpdatePrompt(() => {
      // The new worker takes over (skipWaiting, then clientsClaim), and this page is loaded anew with its files.
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
    });
  });
  void workbox.register().catch(() => undefined);
  const checkForUpdate = () => {
    if (navigator.onLine) void workbox.update().catch(() => undefined);
  };
  setInterval(checkForUpdate, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') checkForUpdate();
  });
  return workbox;
}
