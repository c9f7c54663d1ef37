import { ActionIcon } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconTooltip } from '../../../components/icon-tooltip';

// Loaded on first use: the shell's chunk stays small (bundle budget).
const TotpSettingsDialog = lazy(() =>
  import('./totp-settings-dialog').then((module) => ({ default: module.TotpSettingsDialog })),
);

/**
 * "Verificación en dos pasos" in the portal header (issue 7): opens a dialog to enrol an
 * authenticator app (QR code and secret, confirmed with a first code) or to disable it.
 * Not shown to access-link sessions, which have no user.
 */
export function TotpSettingsButton() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <IconTooltip label={t('totp.settingsTitle')}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('totp.settingsTitle')}
          onClick={() => setOpened(true)}
        >
          <IconShieldLock size={18} aria-hidden />
        </ActionIcon>
      </IconTooltip>
      {opened && (
        <Suspense fallback={null}>
          <TotpSettingsDialog onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}
