import '@mantine/core/styles/Notification.layer.css';
import '@mantine/notifications/styles.layer.css';
import { Notifications } from '@mantine/notifications';
import './Toasts.css';

/**
 * Where toasts show. Loaded on demand (main.tsx), so the first screen does not wait for it; a toast
 * raised before it is there waits in the toast store and shows when it arrives.
 */
export default function Toasts() {
  // Below the header (Toasts.css), never over its buttons.
  return <Notifications position="top-right" classNames={{ root: 'kls-toasts' }} />;
}
