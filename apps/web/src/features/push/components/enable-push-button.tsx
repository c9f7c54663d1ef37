import { ActionIcon, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Portal } from '../../../lib/portal';
import { pushSupported, subscribeThisBrowser, vapidPublicKey } from '../push-setup';

/**
 * "Activar avisos": asks for the notification permission only when the user clicks (browsers
 * and users dislike prompts on page load). Hidden when push is unsupported, not configured, or
 * already decided.
 */
export function EnablePushButton({ portal }: { portal: Portal }) {
  const { t } = useTranslation();
  const [permission, setPermission] = useState(() =>
    pushSupported() ? Notification.permission : 'denied',
  );
  const [busy, setBusy] = useState(false);
  const vapidKey = vapidPublicKey();
  if (permission !== 'default' || vapidKey === '') return null;

  async function enable() {
    setBusy(true);
    try {
      const result = await Notification.requestPermission();
      setPermission(result);
      if (result !== 'granted') {
        notifications.show({ color: 'yellow', message: t('shell.pushDenied') });
        return;
      }
      await subscribeThisBrowser(portal, vapidKey);
      notifications.show({ color: 'green', message: t('shell.pushEnabled') });
    } catch (error) {
      console.warn('No se han podido activar los avisos', error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Tooltip label={t('shell.enablePush')}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={t('shell.enablePush')}
        loading={busy}
        onClick={() => void enable()}
      >
        <IconBell size={20} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
