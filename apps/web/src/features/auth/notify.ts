import { notifications } from '@mantine/notifications';
import i18n from '../../i18n';

/** Spec §8: failures are danger notifications at the top of the page. */
export function notifyDanger(message: string, autoClose: number | false = 8000): void {
  notifications.show({
    color: 'red',
    message,
    autoClose,
    position: 'top-center',
    closeButtonProps: { 'aria-label': i18n.t('app.close') },
  });
}

export function notifySuccess(message: string): void {
  notifications.show({
    color: 'green',
    message,
    position: 'top-center',
    closeButtonProps: { 'aria-label': i18n.t('app.close') },
  });
}
