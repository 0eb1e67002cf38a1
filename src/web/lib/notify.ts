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
