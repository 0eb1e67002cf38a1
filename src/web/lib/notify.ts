/** Toasts (document 1 section 8): they dismiss themselves after 5 seconds. */
import { notifications } from '@mantine/notifications';

export const TOAST_AUTO_CLOSE_MS = 5000;

function show(message: string, color: string) {
  notifications.show({ message, color, autoClose: TOAST_AUTO_CLOSE_MS, withBorder: true });
}

export const notify = {
  success: (message: string) => show(message, 'teal'),
  error: (message: string) => show(message, 'red'),
  info: (message: string) => show(message, 'blue'),
};

/**
 * One toast for a call that takes a moment: `message` with a spinner while it runs, then the
 * success text (dismissed after 5 s), or gone on failure (the failure has its own toast).
 */
export function progressToast(message: string) {
  const id = `progress-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  notifications.show({ id, message, loading: true, autoClose: false, withCloseButton: false, withBorder: true });
  return {
    success(text: string) {
      notifications.update({ id, message: text, color: 'teal', loading: false, autoClose: TOAST_AUTO_CLOSE_MS, withCloseButton: true });
    },
    hide() {
      notifications.hide(id);
    },
  };
}
