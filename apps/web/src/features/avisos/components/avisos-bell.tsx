import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconTooltip } from '../../../components/icon-tooltip';
import { useAvisosResumen } from '../api/get-avisos';

// Loaded on first use: the shell's chunk stays small (bundle budget).
const CentroAvisos = lazy(() =>
  import('./centro-avisos').then((module) => ({ default: module.CentroAvisos })),
);

export interface AvisosBellProps {
  /** The browser's push opt-in, shown in the preferences (composed by the shell). */
  pushPanel: ReactNode;
}

/**
 * The bell of the portal header (issue 20 point 2): how many notices are unread, and the
 * notice centre it opens (list, read/unread, preferences per kind and channel).
 */
export function AvisosBell({ pushPanel }: AvisosBellProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const resumen = useAvisosResumen(true);
  const noLeidos = resumen.data?.noLeidos ?? 0;
  const label = noLeidos > 0 ? t('avisos.bellNoLeidos', { count: noLeidos }) : t('avisos.bell');
  return (
    <>
      <IconTooltip label={label}>
        <Indicator
          label={noLeidos > 99 ? '99+' : noLeidos}
          size={18}
          disabled={noLeidos === 0}
          color="red"
          offset={4}
        >
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={label}
            aria-haspopup="dialog"
            onClick={() => {
              setLoaded(true);
              setOpened(true);
            }}
          >
            <IconBell size={18} aria-hidden />
          </ActionIcon>
        </Indicator>
      </IconTooltip>
      {loaded && (
        <Suspense fallback={null}>
          <CentroAvisos opened={opened} onClose={() => setOpened(false)} pushPanel={pushPanel} />
        </Suspense>
      )}
    </>
  );
}
