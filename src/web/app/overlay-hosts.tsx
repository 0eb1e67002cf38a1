import { lazy, Suspense, useEffect } from 'react';
import { startModalRelay, useModalsWanted, wantModals } from '../lib/modal-relay';
import { loadNotifications, useToastAreaWanted } from '../lib/notify';

const NotificationsHost = lazy(() => import('./notifications-host').then((m) => ({ default: m.NotificationsHost })));
const ModalsHost = lazy(() => import('./modals-host').then((m) => ({ default: m.ModalsHost })));

startModalRelay();

/** The first touch, click or key press: the user starts to act, so a toast or a dialog may follow. */
const FIRST_ACTS = ['pointerdown', 'keydown'] as const;

/**
 * The toast area and the dialogs' provider, loaded when first needed rather than with the first page (issue 11):
 * when a toast or a dialog is asked for, or already when the user first touches or types, so the first one shows
 * without waiting for its files.
 */
export function OverlayHosts() {
  const toastArea = useToastAreaWanted();
  const modals = useModalsWanted();

  useEffect(() => {
    if (toastArea && modals) return;
    const prepare = () => {
      wantModals();
      void loadNotifications().catch(() => undefined);
    };
    for (const type of FIRST_ACTS) window.addEventListener(type, prepare, { capture: true, once: true, passive: true });
    return () => {
      for (const type of FIRST_ACTS) window.removeEventListener(type, prepare, { capture: true });
    };
  }, [toastArea, modals]);

  // One boundary each: the dialogs' provider loading (at the first touch) must not hide the toasts shown meanwhile,
  // or the first tap on a toast's button (the update prompt's 'Opdater nu') would land on nothing.
  return (
    <>
      {toastArea ? (
        <Suspense fallback={null}>
          <NotificationsHost />
        </Suspense>
      ) : null}
      {modals ? (
        <Suspense fallback={null}>
          <ModalsHost />
        </Suspense>
      ) : null}
    </>
  );
}
