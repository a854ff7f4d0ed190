/** Mantine's notifications and their stack's place on screen, loaded with the first toast (see toast.tsx). */
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import classes from './toast.module.css';

export { notifications, notificationsStore } from '@mantine/notifications';

export function ToastLayer({ limit }: { limit: number }) {
  return <Notifications position="top-center" limit={limit} zIndex={2000} containerWidth={440} classNames={{ root: classes.root }} />;
}
