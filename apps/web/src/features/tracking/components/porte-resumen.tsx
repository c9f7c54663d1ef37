import { Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PorteEstadoBadge } from '../../../components/porte-estado-badge';
import { EstadoEtaBadge } from '../../../components/estado-eta-badge';
import { UltimaPosicion } from '../../../components/ultima-posicion';
import {
  formatDate,
  formatDateTime,
  formatHora,
  formatInteger,
  formatKg,
} from '../../../lib/format';
import type { TrackingPorte } from '@extranet/contracts/tracking/tracking';
import { CountryCode } from './country-code';

function Lugar({
  poblacion,
  cp,
  iso,
}: {
  poblacion: string;
  cp: string | null;
  iso: string | null;
}) {
  return (
    <span>
      {iso && (
        <>
          <CountryCode iso={iso} />{' '}
        </>
      )}
      {poblacion}
      {cp ? ` (${cp})` : ''}
    </span>
  );
}

/** The head of a tracked shipment: status, origin → destination, dates, packages and weight. */
export function PorteResumen({ porte }: { porte: TrackingPorte }) {
  const { t } = useTranslation();
  const datos: Array<[string, string]> = [
    [t('tracking.refCliente'), porte.ref_cliente ?? '—'],
    [t('tracking.cargaPrevista'), formatDate(porte.fecha_carga_prevista)],
    [t('tracking.entregaPrevista'), formatDate(porte.fecha_entrega_prevista) || '—'],
    ...(porte.entregado_at
      ? ([[t('tracking.entregado'), formatDateTime(porte.entregado_at)]] as Array<[string, string]>)
      : []),
    // The shipment's figures, as the "Portes" list shows them (live while the driver shares).
    ...(porte.seguimiento?.eta_at
      ? ([
          [
            t('tracking.etaEntrega'),
            `${formatHora(porte.seguimiento.eta_at)} (${t('seguimiento.ventana', {
              desde: formatHora(porte.seguimiento.eta_desde),
              hasta: formatHora(porte.seguimiento.eta_hasta),
            })})`,
          ],
        ] as Array<[string, string]>)
      : []),
    [
      t('tracking.retrasoActual'),
      porte.retraso > 0
        ? t('portes.minutos', { min: formatInteger(porte.retraso) })
        : t('portes.sinRetraso'),
    ],
    ...(porte.kilometros_destino !== null && !porte.entregado_at
      ? ([[t('tracking.kmRestantes'), `${formatInteger(porte.kilometros_destino)} km`]] as Array<
          [string, string]
        >)
      : []),
    [t('tracking.bultos'), formatInteger(porte.bultos)],
    [t('tracking.peso'), formatKg(porte.peso_kg)],
  ];
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Title order={2} size="h3">
          {t('tracking.partida', { partida: porte.partida })}
        </Title>
        <Group gap="xs">
          <PorteEstadoBadge estado={porte.estado} />
          {porte.seguimiento && <EstadoEtaBadge estado={porte.seguimiento.estado} />}
        </Group>
      </Group>
      {porte.seguimiento && (
        <UltimaPosicion at={porte.seguimiento.posicion_at} size="sm" c="gray.7" mt={4} />
      )}
      <Group gap="xs" mt="xs" wrap="wrap" fz="lg">
        <Lugar
          poblacion={porte.origen_poblacion}
          cp={porte.origen_cp}
          iso={porte.origen_pais_iso}
        />
        <IconArrowRight size={18} aria-label={t('tracking.hacia')} />
        <Lugar
          poblacion={porte.destino_poblacion}
          cp={porte.destino_cp}
          iso={porte.destino_pais_iso}
        />
      </Group>
      <SimpleGrid
        cols={{ base: 2, sm: 3, md: datos.length }}
        mt="md"
        spacing="sm"
        component="dl"
        m={0}
      >
        {datos.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="xs" c="gray.7">
              {label}
            </Text>
            <Text component="dd" m={0} fw={500}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      {porte.incidencia && (
        <Text mt="sm" c="red.9" fw={500}>
          {t('tracking.incidencia', { texto: porte.incidencia })}
        </Text>
      )}
    </Paper>
  );
}
