import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { SESSION_QUERY_KEY, sessionUser } from '../../lib/query-client';

/** How long the page's network must have been quiet before a first install starts (issue 38: fast on a slow phone). */
export const QUIET_MS = 5000;
/** A page that never goes quiet (a list that polls) starts the install at the latest this long after its load. */
export const LATEST_MS = 20_000;

/**
 * Calls `start` once the page has loaded and then fetched nothing for QUIET_MS (at most LATEST_MS after load);
 * returns the cancel. Resource timing sees every request the page makes (its scripts, styles, API calls), none
 * of the worker's.
 */
export function whenNetworkQuiet(start: () => void): () => void {
  let quiet: ReturnType<typeof setTimeout> | undefined;
  let latest: ReturnType<typeof setTimeout> | undefined;
  let observer: PerformanceObserver | undefined;
  let done = false;
  const fire = () => {
    if (done) return;
    cancel();
    start();
  };
  const rearm = () => {
    clearTimeout(quiet);
    quiet = setTimeout(fire, QUIET_MS);
  };
  const afterLoad = () => {
    if (done) return;
    latest = setTimeout(fire, LATEST_MS);
    if (typeof PerformanceObserver === 'function') {
      observer = new PerformanceObserver(rearm);
      try {
        observer.observe({ type: 'resource' });
      } catch {
        observer = undefined;
      }
    }
    rearm();
  };
  function cancel() {
    done = true;
    clearTimeout(quiet);
    clearTimeout(latest);
    observer?.disconnect();
    window.removeEventListener('load', afterLoad);
  }
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return cancel;
}

/**
 * Starts the service worker (issue 38) for a signed-in user only, and its first install only once the page the user
 * opened has loaded and its network has gone quiet: the install downloads the whole build (about 2 MB over ~200
 * requests), which on a slow phone shared the link and the CPU with the page's own data and lazy parts, and the login
 * page needs no worker (a signed-out device keeps nothing to work with offline). A page the worker already controls
 * only checks for a new version, when the browser is idle after load. Its code (sw-register.ts, workbox-window) is a
 * chunk of its own. Mounted once by the app's providers; draws nothing itself (a waiting new version shows its prompt
 * as a notification: update-prompt.tsx). docs/decisions.md, 'Offline and the phone'.
 */
export function ServiceWorkerUpdates() {
  const client = useQueryClient();
  const [signedIn, setSignedIn] = useState(() => Boolean(sessionUser(client)));
  useEffect(
    () =>
      client.getQueryCache().subscribe((event) => {
        if (event.query.queryKey[0] === SESSION_QUERY_KEY[0]) setSignedIn(Boolean(sessionUser(client)));
      }),
    [client],
  );
  useEffect(() => {
    if (!signedIn || !('serviceWorker' in navigator)) return;
    let cancelled = false;
    const start = () => {
      if (!cancelled) void import('./sw-register').then((m) => m.registerServiceWorker()).catch(() => undefined);
    };
    if (navigator.serviceWorker.controller) {
      const whenIdle = () =>
        typeof requestIdleCallback === 'function' ? requestIdleCallback(start, { timeout: 5000 }) : setTimeout(start, 1000);
      if (document.readyState === 'complete') whenIdle();
      else window.addEventListener('load', whenIdle, { once: true });
      return () => {
        cancelled = true;
        window.removeEventListener('load', whenIdle);
      };
    }
    const cancel = whenNetworkQuiet(start);
    return () => {
      cancelled = true;
      cancel();
    };
  }, [signedIn]);
  return null;
}
