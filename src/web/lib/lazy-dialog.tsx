import type { ComponentType } from 'react';
import { lazy, Suspense, useEffect, useState } from 'react';

/** What counts as the user starting to work on a page: the moment to fetch its dialogs in the background. */
const FIRST_ACTS = ['pointerdown', 'keydown', 'touchstart'] as const;

/**
 * A dialog whose code is loaded when the user first acts on the page (a touch, a click, a key) and drawn once it is
 * opened, instead of arriving with its screen: a screen's dialogs (SMS, e-mail, copy, complaint, …) are much of its
 * script, and a phone fetches and runs every byte of it before the screen shows (issue 11). Once opened it stays
 * mounted, so it closes with its animation; until its code has arrived an opened dialog shows nothing.
 */
export function lazyDialog<P extends { opened: boolean }>(load: () => Promise<ComponentType<P>>): ComponentType<P>;
/** The same for a dialog that is open while a prop holds something (an event, a start): `isOpened` says when. */
export function lazyDialog<P extends object>(load: () => Promise<ComponentType<P>>, isOpened: (props: P) => boolean): ComponentType<P>;
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
  isOpened: (props: P) => boolean = (props) => (props as { opened?: boolean }).opened === true,
): ComponentType<P> {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const fetchCode = () => (loading ??= load().then((component) => ({ default: component })));
  const Dialog = lazy(fetchCode) as unknown as ComponentType<P>;

  function LazyDialog(props: P) {
    const opened = isOpened(props);
    const [wanted, setWanted] = useState(opened);
    // Opened for the first time: drawn from now on (set while rendering, so it shows in this same pass).
    if (opened && !wanted) setWanted(true);
    useEffect(() => {
      if (wanted) return undefined;
      const prefetch = () => void fetchCode().catch(() => undefined);
      for (const type of FIRST_ACTS) window.addEventListener(type, prefetch, { once: true, passive: true, capture: true });
      return () => {
        for (const type of FIRST_ACTS) window.removeEventListener(type, prefetch, { capture: true });
      };
    }, [wanted]);
    if (!wanted) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  return LazyDialog;
}
