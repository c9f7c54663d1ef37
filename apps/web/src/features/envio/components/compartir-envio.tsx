import type { EnlacePorte, EnlacePorteCreado } from '@extranet/contracts/envio/envio';
import { ENVIO_DIAS_OPCIONES, ENVIO_DIAS_TRAS_ENTREGA } from '@extranet/contracts/envio/constants';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  NativeSelect,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconShare2 } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RowAction } from '../../../components/data-table/row-action';
import { EnlacesCapacidad } from '../../../components/enlaces-capacidad';
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
 * "Compartir envío" (issue 19): the button of a shipment, on its page or in its row of a list.
 * A cancelled shipment cannot be shared: no button.
 */
export function CompartirEnvioBoton({
  porte,
  lugar,
  onOpen,
}: {
  porte: PorteDeAccion;
  lugar: LugarAccion;
  /** Opens the dialog of this shipment. */
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  if (porte.estado === 'anulado') return null;
  return lugar === 'fila' ? (
    <RowAction
      label={t('envio.botonFila')}
      row={porte.partida}
      icon={IconShare2}
      onClick={onOpen}
    />
  ) : (
    <Button
      variant="light"
      size="sm"
      leftSection={<IconShare2 size={16} aria-hidden />}
      onClick={onOpen}
    >
      {t('envio.boton')}
    </Button>
  );
}

/**
 * The dialog of one shipment's links: make one for someone without an account (what it shows,
 * how long it lives, whom to e-mail it to), list and revoke them. Mounted by the app while open,
 * so a list that turns from table to cards (a phone rotated) does not close it.
 */
export function CompartirEnvioDialog({
  porte,
  onClose,
}: {
  porte: PorteDeAccion;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t('envio.titulo', { partida: porte.partida })} size="lg">
      <CompartirEnvioPanel
        partida={porte.partida}
        entregaPasada={entregaPasada(porte.entregado_at)}
      />
    </Modal>
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
  return (
    <EnlacesCapacidad<EnlacePorte, EnlacePorteCreado>
      explicacion={t('envio.explicacion')}
      errorCrear={create.error}
      crear={(alCrear) => (
        <NuevoEnlaceForm create={create} entregaPasada={entregaPasada} alCrear={alCrear} />
      )}
      nuevo={(enlace) => ({
        etiqueta: t('envio.url'),
        qr: t('envio.qr'),
        nota: enlace.destinatario_email
          ? t('envio.enviadoA', { email: enlace.destinatario_email })
          : t('envio.soloUnaVez'),
        compartir: { title: t('envio.boton'), text: t('envio.compartirTexto', { partida }) },
      })}
      historial={{ titulo: t('envio.historial'), ninguno: t('envio.ninguno') }}
      enlaces={enlaces}
      detalle={(enlace) => <EnlaceDetalle enlace={enlace} />}
      revocar={revoke}
    />
  );
}

/** What the link shows, how long it lives, and whom to e-mail it to. */
function NuevoEnlaceForm({
  create,
  entregaPasada,
  alCrear,
}: {
  create: ReturnType<typeof useCreateEnlacePorte>;
  entregaPasada: boolean;
  alCrear: (enlace: EnlacePorteCreado) => void;
}) {
  const { t } = useTranslation();
  const [entrega, setEntrega] = useState(true);
  const [factura, setFactura] = useState(false);
  const [firma, setFirma] = useState(false);
  const [duracion, setDuracion] = useState(
    entregaPasada ? String(ENVIO_DIAS_TRAS_ENTREGA) : 'entrega',
  );
  const [email, setEmail] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      {
        entrega,
        factura,
        firma,
        dias: duracion === 'entrega' ? null : Number(duracion),
        email: email.trim() === '' ? null : email.trim(),
      },
      { onSuccess: alCrear },
    );
  };

  return (
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
        <Checkbox
          label={t('envio.firma')}
          description={t('envio.firmaAyuda')}
          checked={firma}
          onChange={(e) => setFirma(e.currentTarget.checked)}
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
  );
}

/** Who made it and when, its expiry, what it shows, its openings and recipient. */
function EnlaceDetalle({ enlace }: { enlace: EnlacePorte }) {
  const { t } = useTranslation();
  const muestra = [
    t('envio.muestraSeguimiento'),
    ...(enlace.entrega ? [t('envio.muestraEntrega')] : []),
    ...(enlace.factura ? [t('envio.muestraFactura')] : []),
    ...(enlace.firma ? [t('envio.muestraFirma')] : []),
  ].join(', ');
  return (
    <>
      <Text size="sm">
        {t('envio.creadoPor', {
          quien: enlace.creado_por,
          fecha: formatDateTime(enlace.created_at),
        })}{' '}
        · {t('envio.caduca', { fecha: formatDateTime(enlace.expires_at) })}
      </Text>
      <Text size="xs" c="dimmed">
        {muestra} · {t('envio.aperturas', { count: enlace.aperturas })}
        {enlace.destinatario_email ? ` · ${enlace.destinatario_email}` : ''}
      </Text>
    </>
  );
}
