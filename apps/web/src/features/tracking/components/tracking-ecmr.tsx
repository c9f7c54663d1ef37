import { downloadEcmrPdfCliente } from '@extranet/contracts/ecmr/endpoints';
import type { EcmrTramo } from '@extranet/contracts/tracking/tracking';
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EcmrEstadoBadge } from '../../../components/ecmr-estado-badge';
import { DownloadLink } from '../../../components/inline-status';
import { endpointUrl } from '../../../lib/endpoint-client';

/**
 * The e-CMR of each leg of the shipment (issue 18): its state, the signed PDF once someone has
 * signed, and the public verification page its QR code opens.
 */
export function TrackingEcmr({ partida, ecmr }: { partida: string; ecmr: readonly EcmrTramo[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {ecmr.map((e) => (
        <Paper key={e.subpartida_id} component="li" withBorder p="sm" radius="sm">
          <Stack gap={6}>
            <Group gap="sm" wrap="wrap" justify="space-between">
              <Text size="sm" fw={600}>
                {t('ecmr.tracking.tramo', { tramo: e.tramo, numero: e.numero })}
              </Text>
              <EcmrEstadoBadge estado={e.estado} />
            </Group>
            <Group gap="md" wrap="wrap">
              {e.pdf ? (
                <DownloadLink
                  href={endpointUrl(downloadEcmrPdfCliente, {
                    params: { partida, subpartidaId: e.subpartida_id },
                  })}
                  aria-label={t('ecmr.tracking.descargarAria', { numero: e.numero })}
                >
                  {t('ecmr.tracking.descargar')}
                </DownloadLink>
              ) : (
                <Text size="sm" c="gray.7">
                  {t('ecmr.tracking.sinPdf')}
                </Text>
              )}
              <Anchor
                size="sm"
                href={e.verificacion_url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('ecmr.tracking.verificarAria', { numero: e.numero })}
                style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
              >
                {t('ecmr.tracking.verificar')}
                <IconExternalLink size={14} aria-hidden />
              </Anchor>
            </Group>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
