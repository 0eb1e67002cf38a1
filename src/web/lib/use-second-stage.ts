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
