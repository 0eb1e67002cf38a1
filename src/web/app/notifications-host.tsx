import { Notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS } from '../lib/notify';

/** The toast area, top right below the header; a chunk of its own, drawn with the first toast (lib/notify.ts). */
export function NotificationsHost() {
  return <Notifications autoClose={TOAST_AUTO_CLOSE_MS} position="top-right" classNames={{ root: 'app-notifications' }} />;
}
