/**
 * Leaving the order flow asks for confirmation (document 1 section 2, document 3 section 2):
 * while `active`, a navigation away is held and a confirm dialog asks; on 'Fortsæt' the
 * navigation proceeds after `onConfirm` (e.g. clearing the current order), on 'Annuller' the
 * user stays.
 */
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useEffect, useRef } from 'react';
import type { Location } from 'react-router';
import { useBlocker } from 'react-router';

export const LEAVE_CONFIRMATION_TEXT = 'Du er ved at navigerer til en anden side. Alt data som ikke er gemt vil blive slettet.';

/**
 * The leave question ('Forlad siden'), the one dialog every guard opens: `leave` on 'Fortsæt', `stay` on 'Annuller'
 * or when the dialog is closed without an answer (Escape, the close button, a click beside it).
 */
export function askBeforeLeaving(leave: () => void, stay: () => void): void {
  let decided = false;
  modals.openConfirmModal({
    title: 'Forlad siden',
    children: <Text size="sm">{LEAVE_CONFIRMATION_TEXT}</Text>,
    labels: { confirm: 'Fortsæt', cancel: 'Annuller' },
    confirmProps: { color: 'red' },
    onConfirm: () => {
      decided = true;
      leave();
    },
    onCancel: () => {
      decided = true;
      stay();
    },
    onClose: () => {
      if (!decided) stay();
    },
  });
}

export interface LeaveConfirmationOptions {
  /** Paths that stay inside the flow (moving between them is not leaving). Default: any other path is leaving. */
  isInside?: (pathname: string) => boolean;
}

export function useLeaveConfirmation(active: boolean, onConfirm?: () => void, options: LeaveConfirmationOptions = {}) {
  const { isInside } = options;
  const blocker = useBlocker(({ currentLocation, nextLocation }: { currentLocation: Location; nextLocation: Location }) => {
    if (!active || currentLocation.pathname === nextLocation.pathname) return false;
    return !(isInside?.(nextLocation.pathname) ?? false);
  });

  // The latest callback and blocker, without reopening the dialog when the caller re-renders.
  const onConfirmRef = useRef(onConfirm);
  const blockerRef = useRef(blocker);
  useEffect(() => {
    onConfirmRef.current = onConfirm;
    blockerRef.current = blocker;
  });

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    askBeforeLeaving(
      () => {
        onConfirmRef.current?.();
        blockerRef.current.proceed?.();
      },
      () => blockerRef.current.reset?.(),
    );
  }, [blocker.state]);

  // A reload or closing the tab cannot show our dialog; the browser's own question stands in.
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);

  return blocker;
}

/**
 * The same guard as a component that draws nothing. React Router's useBlocker registers its blocker in an effect and
 * so draws its component once more right after it mounts: a large screen (the worksheet) keeps the guard in a leaf
 * of its own instead of being drawn twice (issue 17: blocking time).
 */
export function LeaveConfirmation({ active }: { active: boolean }) {
  useLeaveConfirmation(active);
  return null;
}
