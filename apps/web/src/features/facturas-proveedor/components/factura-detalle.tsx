import { downloadArchivoProveedor } from '@extranet/contracts/archivos/endpoints';
import { Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { endpointUrl } from '../../../lib/endpoint-client';
import { formatCents, formatDate } from '../../../lib/format';
import { useFactura } from '../api/get-factura';

/** The expandable detail of an invoice: the transports it covers and its PDF. */
export function FacturaDetalle({ facturaId }: { facturaId: number }) {
  const { t } = useTranslation();
  const detalle = useFactura(facturaId);
  if (detalle.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm">{t('facturasProveedor.detalle.cargando')}</Text>
      </Group>
    );
  }
  if (detalle.isError) {
    return (
      <Text size="sm" c="red.8" role="alert">
        {detalle.error.message}
      </Text>
    );
  }
  const factura = detalle.data;
  return (
    <Stack gap={6}>
      <Group gap="md" wrap="wrap">
        {factura.archivo ? (
          <Anchor
            size="sm"
            href={endpointUrl(downloadArchivoProveedor, { params: { id: factura.archivo.id } })}
            download
            style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
          >
            <IconDownload size={14} aria-hidden />
            {t('facturasProveedor.detalle.descargar', { nombre: factura.archivo.nombre })}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            {t('facturasProveedor.detalle.sinFichero')}
          </Text>
        )}
        {factura.fecha_pago && (
          <Text size="sm">
            {t('facturasProveedor.detalle.pagadaEl', { fecha: formatDate(factura.fecha_pago) })}
          </Text>
        )}
      </Group>
      <Text size="sm" fw={600}>
        {t('facturasProveedor.detalle.transportes', {
          count: factura.transportes_detalle.length,
        })}
      </Text>
      <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {factura.transportes_detalle.map((tr) => (
          <Group key={tr.id} component="li" gap="sm" wrap="wrap">
            <Text size="sm" fw={500}>
              {t('facturasProveedor.detalle.transporte', { id: tr.id, ref: tr.referencia })}
            </Text>
            <Text size="sm">
              {tr.origen_poblacion} → {tr.destino_poblacion}
            </Text>
            <Text size="sm" c="dimmed">
              {formatDate(tr.fecha_carga)} · {formatCents(tr.importe_centimos)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
