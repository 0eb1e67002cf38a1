import { useEffect, useRef, useState } from 'react';
import type { LiveChange } from '@/domain/map/map';

/**
 * GET /api/live (server-sent events): calls `onChange` with the departments and days that changed, as they change
 * (issue 14, 'Beyond the spec: live'). The browser reconnects by itself after a dropped connection (the server asks
 * for 3 s) and then reports everything as changed, since what changed meanwhile was not heard. Returns whether the stream is open, for the screen to say that it updates by itself.
 */
export function useLiveChanges(onChange: (changes: LiveChange[]) => void): boolean {
  const latest = useRef(onChange);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    latest.current = onChange;
  });

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/live');
    const listener = (event: MessageEvent<string>) => {
      let changes: LiveChange[] = [];
      try {
        const parsed = JSON.parse(event.data) as unknown;
        if (Array.isArray(parsed)) {
          changes = parsed.filter((c): c is LiveChange => typeof c?.departmentId === 'string' && typeof c?.date === 'string');
        }
      } catch {
        // An unreadable message still says that something changed.
      }
      latest.current(changes);
    };
    source.addEventListener('change', listener);
    let openedBefore = false;
    source.onopen = () => {
      setOpen(true);
      // Back after a dropped connection: what changed meanwhile was not heard, so everything counts as changed.
      if (openedBefore) latest.current([]);
      openedBefore = true;
    };
    source.onerror = () => setOpen(source.readyState === EventSource.OPEN);
    return () => {
      source.removeEventListener('change', listener);
      source.close();
    };
  }, []);

  return open;
}
