import { downloadArchivoProveedor } from '@extranet/contracts/archivos/endpoints';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EstadoEtaBadge } from '../../../components/estado-eta-badge';
import { UltimaPosicion } from '../../../components/ultima-posicion';
import { DownloadLink, InlineError, InlineLoader } from '../../../components/inline-status';
import { endpointUrl } from '../../../lib/endpoint-client';
import { usePortalContext } from '../../../lib/portal-context';
import { formatDateTime, formatInteger, formatKg } from '../../../lib/format';
import { useTransporte } from '../api/get-transporte';
import { EcmrSubpartida } from './ecmr-subpartida';
import { EnlaceConductorButton } from './enlace-conductor';

/**
 * The expandable detail of a history row: its subpartidas, each with its CMR or "Pendiente",
 * and the driver link of the transport.
 */
export function SubpartidasDetalle({ transporteId }: { transporteId: number }) {
  const { t } = useTranslation();
  const detalle = useTransporte(transporteId);
  const suffix = usePortalContext()?.accessSuffix ?? '';
  if (detalle.isPending) return <InlineLoader label={t('transportes.subpartidas.cargando')} />;
  if (detalle.isError)
    return (
      <InlineError onRetry={() => void detalle.refetch()}>{detalle.error.message}</InlineError>
    );
  const subpartidas = detalle.data.subpartidas_detalle;
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {t('transportes.subpartidas.titulo', { count: subpartidas.length })}
      </Text>
      <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {subpartidas.map((s) => (
          <Group key={s.id} component="li" gap="sm" wrap="wrap">
            <Text size="sm" fw={500}>
              {t('transportes.subpartidas.numero', { numero: s.numero })}
            </Text>
            <Text size="sm">
              {s.origen_poblacion} → {s.destino_poblacion}
            </Text>
            <Text size="sm" c="dimmed">
              {t('transportes.subpartidas.carga', {
                bultos: formatInteger(s.bultos),
                peso: formatKg(s.peso_kg),
              })}
            </Text>
            {s.cmr_archivo_id ? (
              <DownloadLink
                href={endpointUrl(downloadArchivoProveedor, { params: { id: s.cmr_archivo_id } })}
              >
                {t('transportes.subpartidas.descargar', { numero: s.numero })}
                {s.cmr_subido_at
                  ? ` (${t('transportes.subpartidas.subidoEl', { fecha: formatDateTime(s.cmr_subido_at) })})`
                  : ''}
              </DownloadLink>
            ) : (
              <Group gap="xs">
                <Badge color="orange" variant="light">
                  {t('transportes.subpartidas.pendiente')}
                </Badge>
                <Anchor
                  size="sm"
                  component={Link}
                  to={`/proveedores/subir-albaranes-entrega${suffix}?transporte=${transporteId}&opened=${transporteId}`}
                >
                  {t('transportes.subpartidas.subir')}
                </Anchor>
              </Group>
            )}
            <EcmrSubpartida subpartidaId={s.id} numero={s.numero} estado={s.ecmr_estado} />
          </Group>
        ))}
      </Stack>
      {detalle.data.seguimiento && (
        // What the driver link stored: the position the vehicle panel and the customer see.
        <Group gap="sm" wrap="wrap">
          <EstadoEtaBadge estado={detalle.data.seguimiento.estado} />
          <UltimaPosicion at={detalle.data.seguimiento.posicion_at} size="sm" />
          {detalle.data.seguimiento.km_restantes !== null && (
            <Text size="sm" c="gray.7">
              {t('seguimiento.kmRestantes', {
                km: formatInteger(detalle.data.seguimiento.km_restantes),
              })}
            </Text>
          )}
        </Group>
      )}
      {detalle.data.estado !== 'anulado' && (
        <Group>
          <EnlaceConductorButton transporteId={transporteId} />
        </Group>
      )}
    </Stack>
  );
}
