import type { EnlacePorte, EnlacePorteCreado } from '@extranet/contracts/envio/envio';
import { ENVIO_DIAS_OPCIONES, ENVIO_DIAS_TRAS_ENTREGA } from '@extranet/contracts/envio/constants';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  CopyButton,
  Group,
  Loader,
  Modal,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCopy, IconShare2 } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RowAction } from '../../../components/data-table/row-action';
import { formatDateTime } from '../../../lib/format';
import type { LugarAccion, PorteDeAccion } from '../../../lib/porte-acciones';
import { useCreateEnlacePorte, useEnlacesPorte, useRevokeEnlacePorte } from '../api/enlaces-porte';

/** Whether "until 7 days after delivery" is already over: then the days must be chosen. */
function entregaPasada(entregadoAt: string | null): boolean {
  return (
    entregadoAt !== null &&
    Date.now() - new Date(entregadoAt).getTime() >= ENVIO_DIAS_TRAS_ENTREGA * 86_400_000
  );
}

/**
 * "Compartir envío" (issue 19): a button (on the shipment's page, or its row's in a list)
 * opening a dialog to make a link of one shipment for someone without an account, choosing
 * what it shows and how long it lives, and to list and revoke the shipment's links. A
 * cancelled shipment cannot be shared: no button.
 */
export function CompartirEnvio({ porte, lugar }: { porte: PorteDeAccion; lugar: LugarAccion }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  if (porte.estado === 'anulado') return null;
  return (
    <>
      {lugar === 'fila' ? (
        <RowAction
          label={t('envio.botonFila')}
          row={porte.partida}
          icon={IconShare2}
          onClick={open}
        />
      ) : (
        <Button
          variant="light"
          size="sm"
          leftSection={<IconShare2 size={16} aria-hidden />}
          onClick={open}
        >
          {t('envio.boton')}
        </Button>
      )}
      <Modal
        opened={opened}
        onClose={close}
        title={t('envio.titulo', { partida: porte.partida })}
        size="lg"
      >
        {opened && (
          <CompartirEnvioPanel
            partida={porte.partida}
            entregaPasada={entregaPasada(porte.entregado_at)}
          />
        )}
      </Modal>
    </>
  );
}

function CompartirEnvioPanel({
  partida,
  entregaPasada,
}: {
  partida: string;
  /** Delivered more than 7 days ago: "until 7 days after delivery" is not offered. */
  entregaPasada: boolean;
}) {
  const { t } = useTranslation();
  const enlaces = useEnlacesPorte(partida);
  const create = useCreateEnlacePorte(partida);
  const revoke = useRevokeEnlacePorte(partida);
  // The token is shown once, on creation: the server keeps only its hash.
  const [created, setCreated] = useState<EnlacePorteCreado>();
  const [entrega, setEntrega] = useState(true);
  const [factura, setFactura] = useState(false);
  const [duracion, setDuracion] = useState(
    entregaPasada ? String(ENVIO_DIAS_TRAS_ENTREGA) : 'entrega',
  );
  const [email, setEmail] = useState('');
  const error = create.error ?? revoke.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      {
        entrega,
        factura,
        dias: duracion === 'entrega' ? null : Number(duracion),
        email: email.trim() === '' ? null : email.trim(),
      },
      { onSuccess: setCreated },
    );
  };

  return (
    <Stack gap="md">
      <Text size="sm">{t('envio.explicacion')}</Text>
      {error && (
        <Alert color="red" role="alert">
          {error.message}
        </Alert>
      )}
      {created && created.activo && <NuevoEnlace enlace={created} />}
      <form onSubmit={submit} aria-label={t('envio.formulario')}>
        <Stack gap="sm">
          <Checkbox label={t('envio.seguimiento')} checked disabled readOnly />
          <Checkbox
            label={t('envio.entrega')}
            checked={entrega}
            onChange={(e) => setEntrega(e.currentTarget.checked)}
          />
          <Checkbox
            label={t('envio.factura')}
            checked={factura}
            onChange={(e) => setFactura(e.currentTarget.checked)}
          />
          <NativeSelect
            label={t('envio.duracion')}
            value={duracion}
            onChange={(e) => setDuracion(e.currentTarget.value)}
            data={[
              ...(entregaPasada ? [] : [{ value: 'entrega', label: t('envio.duracionEntrega') }]),
              ...ENVIO_DIAS_OPCIONES.map((d) => ({
                value: String(d),
                label: t('envio.duracionDias', { count: d }),
              })),
            ]}
          />
          <TextInput
            type="email"
            label={t('envio.email')}
            description={t('envio.emailAyuda')}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            autoComplete="email"
          />
          <Group>
            <Button type="submit" loading={create.isPending}>
              {t('envio.crear')}
            </Button>
          </Group>
        </Stack>
      </form>
      <Title order={3} size="h5">
        {t('envio.historial')}
      </Title>
      {enlaces.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{t('envio.cargando')}</Text>
        </Group>
      ) : enlaces.isError ? (
        <Group gap="xs">
          <Text size="sm" c="red.8" role="alert">
            {enlaces.error.message}
          </Text>
          <Button size="xs" variant="subtle" onClick={() => void enlaces.refetch()}>
            {t('envio.reintentar')}
          </Button>
        </Group>
      ) : enlaces.data.items.length === 0 ? (
        <Text size="sm">{t('envio.ninguno')}</Text>
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

function NuevoEnlace({ enlace }: { enlace: EnlacePorteCreado }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <TextInput
        label={t('envio.url')}
        value={enlace.url}
        readOnly
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
              {copied ? t('envio.copiado') : t('envio.copiar')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="xs" c="dimmed">
        {enlace.destinatario_email
          ? t('envio.enviadoA', { email: enlace.destinatario_email })
          : t('envio.soloUnaVez')}
      </Text>
    </Stack>
  );
}

function EnlaceFila({
  enlace,
  revoking,
  onRevoke,
}: {
  enlace: EnlacePorte;
  revoking: boolean;
  onRevoke: () => void;
}) {
  const { t } = useTranslation();
  const fecha = formatDateTime(enlace.created_at);
  const muestra = [
    t('envio.muestraSeguimiento'),
    ...(enlace.entrega ? [t('envio.muestraEntrega')] : []),
    ...(enlace.factura ? [t('envio.muestraFactura')] : []),
  ].join(', ');
  return (
    <Group component="li" gap="sm" wrap="wrap" align="flex-start">
      <Badge color={enlace.activo ? 'green' : 'gray'} variant="light">
        {enlace.activo
          ? t('envio.activo')
          : enlace.revoked_at
            ? t('envio.anulado')
            : t('envio.caducado')}
      </Badge>
      <Stack gap={0} style={{ flex: 1, minWidth: 200 }}>
        <Text size="sm">
          {t('envio.creadoPor', { quien: enlace.creado_por, fecha })} ·{' '}
          {t('envio.caduca', { fecha: formatDateTime(enlace.expires_at) })}
        </Text>
        <Text size="xs" c="dimmed">
          {muestra} · {t('envio.aperturas', { count: enlace.aperturas })}
          {enlace.destinatario_email ? ` · ${enlace.destinatario_email}` : ''}
        </Text>
      </Stack>
      {enlace.activo && (
        <Button
          size="xs"
          color="red"
          variant="subtle"
          loading={revoking}
          aria-label={t('envio.anularEtiqueta', { fecha })}
          onClick={onRevoke}
        >
          {t('envio.anular')}
        </Button>
      )}
    </Group>
  );
}
