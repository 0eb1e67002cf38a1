import { useEffect } from 'react';

/**
 * Starts the service worker once the first page has loaded and the browser is idle (issue 38): its code
 * (sw-register.ts, workbox-window) is a chunk of its own, so the first page's scripts stay as they were, and the
 * worker's download of the whole build waits until the page the user opened is drawn. Mounted once by the app's
 * providers; draws nothing itself (a waiting new version shows its prompt as a notification: update-prompt.tsx).
 */
export function ServiceWorkerUpdates() {
  useEffect(() => {
    if (!('serviceWorker' in navigator)) return;
    let cancelled = false;
    const start = () => {
      if (!cancelled) void import('./sw-register').then((m) => m.registerServiceWorker()).catch(() => undefined);
    };
    const whenIdle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(start, { timeout: 5000 }) : setTimeout(start, 1000));
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', whenIdle);
    };
  }, []);
  return null;
}
