import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/**
 * Where danger notifications appear (spec §8: "at top"). Loaded as its own chunk: no page
 * needs it for its first paint.
 */
export function NotificationsHost() {
  return <Notifications position="top-center" zIndex={1000} limit={3} />;
}
