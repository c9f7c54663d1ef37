import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconBellOff, IconBellRinging, IconAlertTriangle } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Portal } from '../../../lib/portal';
import { pushSupported, subscribeThisBrowser, vapidPublicKey } from '../push-setup';

/** A browser that never answers the subscription (no push service) must not leave it spinning. */
const SUBSCRIBE_TIMEOUT_MS = 20_000;

type Estado =
  | { kind: 'unsupported' }
  | { kind: 'unconfigured' }
  | { kind: 'default' }
  | { kind: 'granted' }
  | { kind: 'denied'; retried: boolean }
  | { kind: 'failed'; reason: string };

function initialEstado(): Estado {
  if (!pushSupported()) return { kind: 'unsupported' };
  if (vapidPublicKey() === '') return { kind: 'unconfigured' };
  const permission = Notification.permission;
  if (permission === 'granted') return { kind: 'granted' };
  if (permission === 'denied') return { kind: 'denied', retried: false };
  return { kind: 'default' };
}

function withTimeout<T>(promise: Promise<T>, message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(message)), SUBSCRIBE_TIMEOUT_MS);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** Why the notices are off (refused or failed), what to do, and the retry. */
function Problema({
  color,
  icon,
  title,
  retry,
  children,
}: {
  color: string;
  icon: ReactNode;
  title: string;
  retry: ReactNode;
  children: ReactNode;
}) {
  return (
    <Alert color={color} variant="light" role="alert" icon={icon} title={title}>
      <Stack gap="xs" align="flex-start">
        {children}
        {retry}
      </Stack>
    </Alert>
  );
}

/**
 * "Avisos en este navegador" (issue 20 point 2): asks for the notification permission only when
 * the user clicks, and says plainly what happened: on, refused by the browser (how to allow it,
 * with a retry) or failed (why, with a retry). Before, a refusal made the bell disappear.
 */
export function PushOptIn({ portal }: { portal: Portal }) {
  const { t } = useTranslation();
  const [estado, setEstado] = useState<Estado>(initialEstado);
  const [busy, setBusy] = useState(false);

  async function activar() {
    setBusy(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setEstado({ kind: 'denied', retried: estado.kind === 'denied' });
        return;
      }
      await withTimeout(subscribeThisBrowser(portal, vapidPublicKey()), t('push.sinRespuesta'));
      setEstado({ kind: 'granted' });
    } catch (error) {
      console.warn('No se han podido activar los avisos', error);
      setEstado({
        kind: 'failed',
        reason: error instanceof Error && error.message ? error.message : String(error),
      });
    } finally {
      setBusy(false);
    }
  }

  const retry = (
    <Button size="sm" variant="default" loading={busy} onClick={() => void activar()}>
      {t('push.reintentar')}
    </Button>
  );

  let body;
  switch (estado.kind) {
    case 'unsupported':
      body = <Text size="sm">{t('push.noSoportado')}</Text>;
      break;
    case 'unconfigured':
      body = <Text size="sm">{t('push.noConfigurado')}</Text>;
      break;
    case 'granted':
      body = (
        <Group gap="xs" wrap="nowrap">
          <IconBellRinging size={18} aria-hidden />
          <Text size="sm">{t('push.activos')}</Text>
        </Group>
      );
      break;
    case 'default':
      body = (
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('push.explicacion')}</Text>
          <Button size="sm" loading={busy} onClick={() => void activar()}>
            {t('push.activar')}
          </Button>
        </Stack>
      );
      break;
    case 'denied':
      body = (
        <Problema
          color="yellow"
          icon={<IconBellOff aria-hidden />}
          title={t('push.bloqueadoTitulo')}
          retry={retry}
        >
          <Text size="sm">{t('push.bloqueado')}</Text>
          {estado.retried && <Text size="sm">{t('push.sigueBloqueado')}</Text>}
        </Problema>
      );
      break;
    case 'failed':
      body = (
        <Problema
          color="red"
          icon={<IconAlertTriangle aria-hidden />}
          title={t('push.falloTitulo')}
          retry={retry}
        >
          <Text size="sm">{t('push.fallo', { motivo: estado.reason })}</Text>
        </Problema>
      );
      break;
  }

  return (
    <Stack gap="xs" component="section" aria-labelledby="push-opt-in-title">
      <Text id="push-opt-in-title" fw={600} size="sm">
        {t('push.titulo')}
      </Text>
      {body}
    </Stack>
  );
}
