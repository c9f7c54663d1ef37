import type {
  EnlaceConductor,
  EnlaceConductorCreado,
} from '@extranet/contracts/conductor/conductor';
import {
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCopy, IconLink, IconShare } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InlineError } from '../../../components/inline-status';
import { formatDateTime } from '../../../lib/format';
import {
  useCreateEnlaceConductor,
  useEnlacesConductor,
  useRevokeEnlaceConductor,
} from '../api/enlaces-conductor';
import { QrCode } from './qr-code';

/**
 * The driver link of a transport (issue 17): a button opening a dialog to create it, show it
 * as a QR code, copy or share it, and list and revoke the transport's links.
 */
export function EnlaceConductorButton({ transporteId }: { transporteId: number }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button
        variant="light"
        size="sm"
        leftSection={<IconLink size={16} aria-hidden />}
        onClick={open}
      >
        {t('transportes.enlaceConductor.boton')}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={t('transportes.enlaceConductor.titulo', { id: transporteId })}
        size="lg"
      >
        {opened && <EnlaceConductorPanel transporteId={transporteId} />}
      </Modal>
    </>
  );
}

function EnlaceConductorPanel({ transporteId }: { transporteId: number }) {
  const { t } = useTranslation();
  const enlaces = useEnlacesConductor(transporteId);
  const create = useCreateEnlaceConductor(transporteId);
  const revoke = useRevokeEnlaceConductor(transporteId);
  // The token is shown once, on creation: the server keeps only its hash.
  const [created, setCreated] = useState<EnlaceConductorCreado>();
  const error = create.error ?? revoke.error;

  return (
    <Stack gap="md">
      <Text size="sm">{t('transportes.enlaceConductor.explicacion')}</Text>
      {error && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}
      {created && created.activo && <NuevoEnlace enlace={created} transporteId={transporteId} />}
      <Group>
        <Button
          loading={create.isPending}
          onClick={() => create.mutate(undefined, { onSuccess: setCreated })}
        >
          {created || enlaces.data?.items.some((e) => e.activo)
            ? t('transportes.enlaceConductor.crearOtro')
            : t('transportes.enlaceConductor.crear')}
        </Button>
      </Group>
      <Title order={3} size="h5">
        {t('transportes.enlaceConductor.historial')}
      </Title>
      {enlaces.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{t('transportes.enlaceConductor.cargando')}</Text>
        </Group>
      ) : enlaces.isError ? (
        <InlineError onRetry={() => void enlaces.refetch()}>{enlaces.error.message}</InlineError>
      ) : enlaces.data.items.length === 0 ? (
        <Text size="sm">{t('transportes.enlaceConductor.ninguno')}</Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {enlaces.data.items.map((enlace) => (
            <EnlaceFila
              key={enlace.id}
              enlace={enlace}
              revoking={revoke.isPending && revoke.variables === enlace.id}
              onRevoke={() =>
                revoke.mutate(enlace.id, {
                  onSuccess: () => {
                    if (created?.id === enlace.id) setCreated(undefined);
                  },
                })
              }
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function NuevoEnlace({
  enlace,
  transporteId,
}: {
  enlace: EnlaceConductorCreado;
  transporteId: number;
}) {
  const { t } = useTranslation();
  const canShare = typeof navigator.share === 'function';
  return (
    <Stack gap="sm" align="center">
      <QrCode value={enlace.url} label={t('transportes.enlaceConductor.qr')} />
      <TextInput
        label={t('transportes.enlaceConductor.url')}
        value={enlace.url}
        readOnly
        w="100%"
        onFocus={(event) => event.currentTarget.select()}
      />
      <Group>
        <CopyButton value={enlace.url}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              leftSection={<IconCopy size={16} aria-hidden />}
              onClick={copy}
            >
              {copied
                ? t('transportes.enlaceConductor.copiado')
                : t('transportes.enlaceConductor.copiar')}
            </Button>
          )}
        </CopyButton>
        {canShare && (
          <Button
            variant="default"
            leftSection={<IconShare size={16} aria-hidden />}
            onClick={() =>
              void navigator
                .share({
                  title: t('transportes.enlaceConductor.boton'),
                  text: t('transportes.enlaceConductor.compartirTexto', { id: transporteId }),
                  url: enlace.url,
                })
                // Cancelled by the user: nothing to say.
                .catch(() => undefined)
            }
          >
            {t('transportes.enlaceConductor.compartir')}
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {t('transportes.enlaceConductor.soloUnaVez')}
      </Text>
    </Stack>
  );
}

function EnlaceFila({
  enlace,
  revoking,
  onRevoke,
}: {
  enlace: EnlaceConductor;
  revoking: boolean;
  onRevoke: () => void;
}) {
  const { t } = useTranslation();
  const fecha = formatDateTime(enlace.created_at);
  return (
    <Group component="li" gap="sm" wrap="wrap">
      <Badge color={enlace.activo ? 'green' : 'gray'} variant="light">
        {enlace.activo
          ? t('transportes.enlaceConductor.activo')
          : enlace.revoked_at
            ? t('transportes.enlaceConductor.anulado')
            : t('transportes.enlaceConductor.caducado')}
      </Badge>
      <Text size="sm">
        {t('transportes.enlaceConductor.creado', { fecha })} ·{' '}
        {t('transportes.enlaceConductor.caduca', { fecha: formatDateTime(enlace.expires_at) })}
        {enlace.last_used_at
          ? ` · ${t('transportes.enlaceConductor.ultimoUso', { fecha: formatDateTime(enlace.last_used_at) })}`
          : ''}
      </Text>
      {enlace.activo && (
        <Button
          size="xs"
          color="red"
          variant="subtle"
          loading={revoking}
          aria-label={t('transportes.enlaceConductor.anularEtiqueta', { fecha })}
          onClick={onRevoke}
        >
          {t('transportes.enlaceConductor.anular')}
        </Button>
      )}
    </Group>
  );
}
