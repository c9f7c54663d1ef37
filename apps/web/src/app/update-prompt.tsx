import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import i18n, { loadAllTexts } from '../i18n';

/**
 * "Hay una versión nueva" with "Recargar" (issue 20): a notification that stays until used or
 * closed. Its own chunk, loaded only when a new worker is waiting.
 */
export async function showUpdatePrompt(apply: () => void): Promise<void> {
  // A login page has only its own texts so far.
  await loadAllTexts();
  notifications.show({
    id: 'nueva-version',
    autoClose: false,
    withCloseButton: true,
    title: i18n.t('pwa.newVersion'),
    message: (
      <Button size="xs" mt="xs" onClick={apply}>
        {i18n.t('pwa.reload')}
      </Button>
    ),
  });
}
