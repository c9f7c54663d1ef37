import {
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCopy, IconShare } from '@tabler/icons-react';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/format';
import { InlineError, InlineLoader } from './inline-status';
import { QrCode } from './qr-code';

/** A capability link as its list shows it (a driver's link, a shipment's link). */
export interface EnlaceListado {
  id: number;
  created_at: string;
  revoked_at: string | null;
  /** Neither revoked nor expired. */
  activo: boolean;
}

/** The answer of a creation: the link and, this once, its URL. */
export interface EnlaceCreado {
  id: number;
  activo: boolean;
  url: string;
}

/** How a new link is presented. */
export interface EnlaceNuevoTextos {
  /** The URL box's label ("Enlace para el conductor"). */
  etiqueta: string;
  /** The QR code's accessible name. */
  qr: string;
  /** Under the buttons: why to keep it now (it is not shown again), or where it was sent. */
  nota: string;
  /** What the system share sheet says, where the browser has one. */
  compartir: { title: string; text: string };
}

export interface EnlacesCapacidadProps<E extends EnlaceListado, C extends EnlaceCreado> {
  /** What the link opens and for whom, above everything. */
  explicacion: string;
  /**
   * The feature's way of making one (a button, a form). It calls `alCrear` with the answer;
   * `hayActivo` says whether a live link exists already.
   */
  crear: (alCrear: (enlace: C) => void, hayActivo: boolean) => ReactNode;
  /** The creation's failure (shown with the revocation's). */
  errorCrear: Error | null;
  /** The new link's texts. */
  nuevo: (enlace: C) => EnlaceNuevoTextos;
  /** The list's heading and its empty text. */
  historial: { titulo: string; ninguno: string };
  /** The links, newest first. */
  enlaces: UseQueryResult<{ items: E[] }, Error>;
  /** What a row says beside its state (who made it, its expiry, its use). */
  detalle: (enlace: E) => ReactNode;
  /** Revokes a link by id: it stops opening at once. */
  revocar: UseMutationResult<unknown, Error, number>;
}

/**
 * The dialog body of a capability link (issues 17 and 19): make one, show it once (QR code,
 * URL to copy or share), and list the links with their state and a button to revoke each.
 * The server keeps only the token's hash, so the URL is never shown again.
 */
export function EnlacesCapacidad<E extends EnlaceListado, C extends EnlaceCreado>({
  explicacion,
  crear,
  errorCrear,
  nuevo,
  historial,
  enlaces,
  detalle,
  revocar,
}: EnlacesCapacidadProps<E, C>) {
  const { t } = useTranslation();
  const [creado, setCreado] = useState<C>();
  const error = errorCrear ?? revocar.error;
  const hayActivo = creado !== undefined || (enlaces.data?.items.some((e) => e.activo) ?? false);
  return (
    <Stack gap="md">
      <Text size="sm">{explicacion}</Text>
      {error && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}
      {creado && creado.activo && <EnlaceNuevo url={creado.url} {...nuevo(creado)} />}
      {crear(setCreado, hayActivo)}
      <Title order={3} size="h5">
        {historial.titulo}
      </Title>
      {enlaces.isPending ? (
        <InlineLoader label={t('enlaces.cargando')} />
      ) : enlaces.isError ? (
        <InlineError onRetry={() => void enlaces.refetch()}>{enlaces.error.message}</InlineError>
      ) : enlaces.data.items.length === 0 ? (
        <Text size="sm">{historial.ninguno}</Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {enlaces.data.items.map((enlace) => (
            <EnlaceFila
              key={enlace.id}
              enlace={enlace}
              detalle={detalle(enlace)}
              revoking={revocar.isPending && revocar.variables === enlace.id}
              onRevoke={() =>
                revocar.mutate(enlace.id, {
                  onSuccess: () => {
                    if (creado?.id === enlace.id) setCreado(undefined);
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

function EnlaceNuevo({ url, etiqueta, qr, nota, compartir }: EnlaceNuevoTextos & { url: string }) {
  const { t } = useTranslation();
  const canShare = typeof navigator.share === 'function';
  return (
    <Stack gap="sm" align="center">
      <QrCode value={url} label={qr} />
      <TextInput
        label={etiqueta}
        value={url}
        readOnly
        w="100%"
        onFocus={(event) => event.currentTarget.select()}
      />
      <Group>
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              leftSection={<IconCopy size={16} aria-hidden />}
              onClick={copy}
            >
              {copied ? t('enlaces.copiado') : t('enlaces.copiar')}
            </Button>
          )}
        </CopyButton>
        {canShare && (
          <Button
            variant="default"
            leftSection={<IconShare size={16} aria-hidden />}
            onClick={() =>
              void navigator
                .share({ ...compartir, url })
                // Cancelled by the user: nothing to say.
                .catch(() => undefined)
            }
          >
            {t('enlaces.compartir')}
          </Button>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {nota}
      </Text>
    </Stack>
  );
}

function EnlaceFila({
  enlace,
  detalle,
  revoking,
  onRevoke,
}: {
  enlace: EnlaceListado;
  detalle: ReactNode;
  revoking: boolean;
  onRevoke: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group component="li" gap="sm" wrap="wrap" align="flex-start">
      <Badge color={enlace.activo ? 'green' : 'gray'} variant="light">
        {enlace.activo
          ? t('enlaces.activo')
          : enlace.revoked_at
            ? t('enlaces.anulado')
            : t('enlaces.caducado')}
      </Badge>
      <Stack gap={0} style={{ flex: 1, minWidth: 200 }}>
        {detalle}
      </Stack>
      {enlace.activo && (
        <Button
          size="xs"
          color="red"
          variant="subtle"
          loading={revoking}
          aria-label={t('enlaces.anularEtiqueta', { fecha: formatDateTime(enlace.created_at) })}
          onClick={onRevoke}
        >
          {t('enlaces.anular')}
        </Button>
      )}
    </Group>
  );
}
