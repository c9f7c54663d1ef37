import type {
  EnlaceConductor,
  EnlaceConductorCreado,
} from '@extranet/contracts/conductor/conductor';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EnlacesCapacidad } from '../../../components/enlaces-capacidad';
import { formatDateTime } from '../../../lib/format';
import {
  useCreateEnlaceConductor,
  useEnlacesConductor,
  useRevokeEnlaceConductor,
} from '../api/enlaces-conductor';

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
  return (
    <EnlacesCapacidad<EnlaceConductor, EnlaceConductorCreado>
      explicacion={t('transportes.enlaceConductor.explicacion')}
      errorCrear={create.error}
      crear={(alCrear, hayActivo) => (
        <Group>
          <Button
            loading={create.isPending}
            onClick={() => create.mutate(undefined, { onSuccess: alCrear })}
          >
            {hayActivo
              ? t('transportes.enlaceConductor.crearOtro')
              : t('transportes.enlaceConductor.crear')}
          </Button>
        </Group>
      )}
      nuevo={() => ({
        etiqueta: t('transportes.enlaceConductor.url'),
        qr: t('transportes.enlaceConductor.qr'),
        nota: t('transportes.enlaceConductor.soloUnaVez'),
        compartir: {
          title: t('transportes.enlaceConductor.boton'),
          text: t('transportes.enlaceConductor.compartirTexto', { id: transporteId }),
        },
      })}
      historial={{
        titulo: t('transportes.enlaceConductor.historial'),
        ninguno: t('transportes.enlaceConductor.ninguno'),
      }}
      enlaces={enlaces}
      detalle={(enlace) => (
        <Text size="sm">
          {t('transportes.enlaceConductor.creado', { fecha: formatDateTime(enlace.created_at) })} ·{' '}
          {t('transportes.enlaceConductor.caduca', { fecha: formatDateTime(enlace.expires_at) })}
          {enlace.last_used_at
            ? ` · ${t('transportes.enlaceConductor.ultimoUso', { fecha: formatDateTime(enlace.last_used_at) })}`
            : ''}
        </Text>
      )}
      revocar={revoke}
    />
  );
}
