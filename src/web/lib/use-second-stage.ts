import type { ReactNode } from 'react';
import { startTransition, useEffect, useState } from 'react';

/**
 * False on a component's first render, true once that render has been painted (set in a transition, which React
 * may interrupt). A long screen draws what is at its top first and the rest just after, so a phone shows the top
 * without waiting for the whole page and no single task blocks it for long (issue 11: LCP and total blocking time).
 */
export function useSecondStage(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // After the next frame has been painted, not before it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setReady(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  return ready;
}

/**
 * `children` once the first render has been painted (useSecondStage), `fallback` until then. The stage is this
 * component's own state: the screen around it is not drawn again when it comes (issue 17: a whole worksheet drawn a
 * second time in one task).
 */
export function SecondStage({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  return useSecondStage() ? children : fallback;
}
