/**
 * Whether the server can be reached (issue 38). The browser's `navigator.onLine` says only that the device has a
 * network: it stays true on a phone with signal bars but no data, and in Chromium a page a service worker serves
 * after a reload without a network may start with it true (Chromium bug 678075). So a request that gets no answer
 * at all marks the server unreachable until one does; meanwhile /api/health is asked now and then, so the app
 * notices the network's return even when the browser never said it was gone.
 */

const PROBE_MS = 15_000;

let unreachable = false;
let probe: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<(online: boolean) => void>();

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine;

/** The server is reachable as far as the app knows: the browser has a network and no request has gone unanswered since the last answer. */
export function isOnline(): boolean {
  return browserOnline() && !unreachable;
}

function announce(): void {
  const online = isOnline();
  for (const listener of listeners) listener(online);
}

function setUnreachable(value: boolean): void {
  if (unreachable === value) return;
  unreachable = value;
  if (value && probe === undefined) {
    probe = setInterval(() => {
      if (browserOnline())
        void fetch('/api/health', { cache: 'no-store' }).then(
          () => reportAnswer(true),
          () => undefined,
        );
    }, PROBE_MS);
  } else if (!value && probe !== undefined) {
    clearInterval(probe);
    probe = undefined;
  }
  announce();
}

/** A request to the server got an answer (any status: the server is there), or none at all (`false`). */
export function reportAnswer(answered: boolean): void {
  setUnreachable(!answered);
}

function fromBrowser(): void {
  // The browser says the network is back: try it at once (an unanswered request marks it gone again).
  if (browserOnline() && unreachable) setUnreachable(false);
  else announce();
}

/**
 * Calls `listener` whenever the app's view of the network changes: the browser's online/offline events and requests
 * that went unanswered or were answered again. Answers the unsubscribe.
 */
export function onNetworkChange(listener: (online: boolean) => void): () => void {
  if (listeners.size === 0) {
    window.addEventListener('online', fromBrowser);
    window.addEventListener('offline', fromBrowser);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    window.removeEventListener('online', fromBrowser);
    window.removeEventListener('offline', fromBrowser);
  };
}
