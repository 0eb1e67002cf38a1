import { useEffect, useRef, useState } from 'react';
import { readLiveChanges, type LiveChange } from '@/domain/calendar/live-changes';

const LIVE_PATH = '/api/live';

/**
 * Calls `onChange` with what changed, live: the server's event stream GET /api/live, which the browser reconnects by
 * itself after a lost connection (the server asks for 3 s). After a reconnect anything may have changed meanwhile,
 * so that is told as [] too. A stream the server ends as `replaced` (the session opened more elsewhere, see
 * calendar.routes.ts) is not reconnected, so two tabs do not take the stream from each other in turn; a reload opens it
 * again. Returns whether the stream is open, for a screen to say that it updates by itself.
 * The calendar and the mobile-service map share it.
 */
export function useLiveChanges(onChange: (changes: LiveChange[]) => void, enabled = true): boolean {
  const latest = useRef(onChange);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    latest.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(LIVE_PATH);
    let openedBefore = false;
    const onOpen = () => {
      setOpen(true);
      if (openedBefore) latest.current([]);
      openedBefore = true;
    };
    const onMessage = (message: MessageEvent<string>) => latest.current(readLiveChanges(message.data));
    source.addEventListener('open', onOpen);
    source.addEventListener('change', onMessage as EventListener);
    source.addEventListener('replaced', () => {
      source.close();
      setOpen(false);
    });
    source.onerror = () => setOpen(source.readyState === EventSource.OPEN);
    return () => {
      source.close();
      setOpen(false);
    };
  }, [enabled]);

  return open;
}
