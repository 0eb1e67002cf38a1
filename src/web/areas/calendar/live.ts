import { useEffect, useRef } from 'react';

/** A change the server announces: a department's day ([] for 'anything may have changed'). */
export interface TLiveChange {
  departmentId: string;
  date: string;
}

export const LIVE_PATH = '/api/live';

/** Reads the data of an `event: change` message; anything unreadable counts as 'anything changed'. */
export function readLiveChanges(data: string): TLiveChange[] {
  try {
    const parsed = JSON.parse(data) as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (c): c is TLiveChange => typeof c === 'object' && c !== null && typeof (c as TLiveChange).departmentId === 'string' && typeof (c as TLiveChange).date === 'string',
    );
  } catch {
    return [];
  }
}

/**
 * Calls `onChange` with what changed, live (issue 14, 'Beyond the spec: live'): the server's event stream
 * GET /api/live, which the browser reconnects by itself after a lost connection (the server asks for 3 s).
 * After a reconnect anything may have changed meanwhile, so that is told as [] too.
 */
export function useLiveChanges(onChange: (changes: TLiveChange[]) => void, enabled = true) {
  const latest = useRef(onChange);
  useEffect(() => {
    latest.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(LIVE_PATH);
    let opened = false;
    const onOpen = () => {
      if (opened) latest.current([]);
      opened = true;
    };
    const onMessage = (message: MessageEvent<string>) => latest.current(readLiveChanges(message.data));
    source.addEventListener('open', onOpen);
    source.addEventListener('change', onMessage as EventListener);
    return () => source.close();
  }, [enabled]);
}
