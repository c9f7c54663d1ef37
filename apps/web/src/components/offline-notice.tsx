import { Alert, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatHora } from '../lib/format';
import { offlineSnapshot, subscribeOffline, type OfflineState } from '../lib/offline-data';

/** Whether the page shows the worker's kept data (or could not reach the server at all). */
export function useOfflineState(): OfflineState {
  return useSyncExternalStore(subscribeOffline, offlineSnapshot, offlineSnapshot);
}

const NOTICE_ID = 'aviso-sin-conexion';

/**
 * Offline (issue 20): "Sin conexión: datos de las HH:mm" (dd/mm before it when not
 * today) above the page, which stays readable
 * while its actions (every button and field inside) are disabled, the notice saying why.
 */
export function OfflineBoundary({ children }: { /** The page. */ children: ReactNode }) {
  const { t } = useTranslation();
  const state = useOfflineState();
  return (
    <>
      {state.offline && (
        <Alert
          id={NOTICE_ID}
          role="status"
          color="yellow"
          variant="light"
          mb="md"
          icon={<IconWifiOff aria-hidden />}
        >
          <Text fw={600}>
            {state.savedAt
              ? t('pwa.offlineSince', { time: formatHora(state.savedAt) })
              : t('pwa.offline')}
          </Text>
          <Text size="sm">{t('pwa.offlineReadOnly')}</Text>
        </Alert>
      )}
      <fieldset
        disabled={state.offline}
        aria-describedby={state.offline ? NOTICE_ID : undefined}
        style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}
      >
        {children}
      </fieldset>
    </>
  );
}
