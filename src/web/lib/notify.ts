/**
 * Toasts (document 1 section 8): they dismiss themselves after 5 seconds.
 *
 * Mantine's notifications are loaded with the first toast, not with the first page (issue 11): `notify` asks for
 * the package and for the toast area (`useToastAreaWanted`, drawn by the app's providers), and shows the toast as
 * soon as the package is there. Toasts keep the order they were asked for in.
 */
import type * as MantineNotifications from '@mantine/notifications';
import { useSyncExternalStore } from 'react';

export const TOAST_AUTO_CLOSE_MS = 5000;

type NotificationsModule = typeof MantineNotifications;

let loading: Promise<NotificationsModule> | null = null;
let wanted = false;
const listeners = new Set<() => void>();

/** Loads Mantine's notifications once, and asks the providers to draw the toast area. */
export function loadNotifications(): Promise<NotificationsModule> {
  if (!wanted) {
    wanted = true;
    listeners.forEach((listener) => listener());
  }
  loading ??= import('@mantine/notifications');
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** True once a toast has been asked for: the providers then draw the toast area (it stays). */
export function useToastAreaWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
}

/** Runs `action` with the notifications store once it is loaded; a failed load leaves the page as it is. */
function withNotifications(action: (module: NotificationsModule) => void): void {
  loadNotifications().then(action, () => undefined);
}

/** A toast; with `detail`, `message` is its title and `detail` the line below (e.g. the spec's text and the server's reason). */
function show(message: string, color: string, detail?: string | null) {
  const text = detail ? { title: message, message: detail } : { message };
  withNotifications(({ notifications }) => notifications.show({ ...text, color, autoClose: TOAST_AUTO_CLOSE_MS, withBorder: true }));
}

export const notify = {
  success: (message: string) => show(message, 'teal'),
  error: (message: string, detail?: string | null) => show(message, 'red', detail),
  info: (message: string) => show(message, 'blue'),
};

/**
 * One toast for a call that takes a moment: `message` with a spinner while it runs, then the
 * success text (dismissed after 5 s), or gone on failure (the failure has its own toast).
 */
export function progressToast(message: string) {
  const id = `progress-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  withNotifications(({ notifications }) =>
    notifications.show({ id, message, loading: true, autoClose: false, withCloseButton: false, withBorder: true }),
  );
  return {
    success(text: string) {
      withNotifications(({ notifications }) =>
        notifications.update({ id, message: text, color: 'teal', loading: false, autoClose: TOAST_AUTO_CLOSE_MS, withCloseButton: true }),
      );
    },
    hide() {
      withNotifications(({ notifications }) => notifications.hide(id));
    },
  };
}
