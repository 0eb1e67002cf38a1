import { useCallback, useEffect, useRef, useState } from 'react';

/** Debtor text fields save after 500 ms without typing (document 3 section 9). */
export const DEBITOR_TEXT_DEBOUNCE_MS = 500;

export type TSaveMode = 'debounced' | 'now';

/**
 * A row being edited in place: what the user sees is the row's draft, never overwritten by an answer while they
 * type. A typed change is saved 500 ms after the last keystroke, a choice at once; `flush` saves a waiting change
 * now (when the field is left), and a change still waiting when the row goes away is saved then.
 */
export function useRowDraft<T extends object>(row: T, save: (draft: T) => void) {
  const [draft, setDraft] = useState(row);
  const latest = useRef(row);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  const flush = useCallback(() => {
    if (timer.current === null) return;
    clearTimeout(timer.current);
    timer.current = null;
    saveRef.current(latest.current);
  }, []);

  const change = useCallback((patch: Partial<T>, mode: TSaveMode) => {
    const next = { ...latest.current, ...patch };
    latest.current = next;
    setDraft(next);
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    if (mode === 'now') {
      saveRef.current(next);
      return;
    }
    timer.current = setTimeout(() => {
      timer.current = null;
      saveRef.current(latest.current);
    }, DEBITOR_TEXT_DEBOUNCE_MS);
  }, []);

  useEffect(() => flush, [flush]);

  return { draft, change, flush };
}
