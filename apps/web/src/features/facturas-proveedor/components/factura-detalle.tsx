import { downloadArchivoProveedor } from '@extranet/contracts/archivos/endpoints';
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DownloadLink, InlineError, InlineLoader } from '../../../components/inline-status';
import { endpointUrl } from '../../../lib/endpoint-client';
import { formatCents, formatDate } from '../../../lib/format';
import { useFactura } from '../api/get-factura';

/** The expandable detail of an invoice: the transports it covers and its PDF. */
export function FacturaDetalle({ facturaId }: { facturaId: number }) {
  const { t } = useTranslation();
  const detalle = useFactura(facturaId);
  if (detalle.isPending) return <InlineLoader label={t('facturasProveedor.detalle.cargando')} />;
  if (detalle.isError)
    return (
      <InlineError onRetry={() => void detalle.refetch()}>{detalle.error.message}</InlineError>
    );
  const factura = detalle.data;
  return (
    <Stack gap={6}>
      <Group gap="md" wrap="wrap">
        {factura.archivo ? (
          <DownloadLink
            href={endpointUrl(downloadArchivoProveedor, { params: { id: factura.archivo.id } })}
          >
            {t('facturasProveedor.detalle.descargar', { nombre: factura.archivo.nombre })}
          </DownloadLink>
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
