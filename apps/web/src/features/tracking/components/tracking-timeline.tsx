import { Badge, Group, Text, Timeline } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { countryName, formatDate, formatInteger } from '../../../lib/format';
import type { ParadaSeguimiento } from '@extranet/contracts/tracking/tracking';
import { CountryCode } from './country-code';

/** Delays above this many minutes are shown in red; shorter ones in orange. */
export const RETRASO_GRAVE_MIN = 60;

/** Colours of the delay badge (dark enough for white text to pass WCAG AA). */
export const RETRASO_COLOR = { leve: '#b34700', grave: '#c92a2a' } as const;

/**
 * The place name of a stop: its own town. `poblacionB` is the destination as the stop reports
 * it (the ERP's contract), never the stop's name: "Zaragoza (Bordeaux)" read as a place, and a
 * stop without a town named after the destination showed "148 km hasta destino" (issue 17).
 */
export function nombreParada(parada: Pick<ParadaSeguimiento, 'poblacion'>): string {
  return parada.poblacion?.trim() ?? '';
}

/** The stops of a shipment, oldest first, as a vertical timeline (spec §3 stop fields). */
export function TrackingTimeline({ paradas }: { paradas: readonly ParadaSeguimiento[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Timeline
      active={paradas.length - 1}
      bulletSize={28}
      lineWidth={2}
      role="list"
      aria-label={t('tracking.paradas')}
    >
      {paradas.map((parada, index) => {
        // Each reported stop's delay is how late it was reached there, in the past tense: the
        // shipment's "Retraso" is its delay now, and a late loading caught up since leaves it
        // at "—" (issue 17).
        const retraso = parada.retraso > 0 ? parada.retraso : 0;
        const grave = retraso > RETRASO_GRAVE_MIN;
        const pais =
          parada.pais_iso !== null
            ? countryName(parada.pais_iso, i18n.language)
            : (parada.pais ?? '');
        return (
          <Timeline.Item
            key={parada.id}
            role="listitem"
            color={retraso ? (grave ? 'red.9' : 'orange.9') : 'blue.7'}
            bullet={
              <Text size="xs" fw={700} c="white" aria-hidden>
                {index + 1}
              </Text>
            }
            title={
              <Group gap="xs" wrap="wrap">
                <Text fw={600} component="span">
                  {nombreParada(parada) || t('tracking.sinPoblacion')}
                </Text>
                {retraso > 0 && (
                  <Badge
                    color={grave ? RETRASO_COLOR.grave : RETRASO_COLOR.leve}
                    variant="filled"
                    tt="none"
                    radius="sm"
                    leftSection={<IconClockExclamation size={14} aria-hidden />}
                    data-retraso={grave ? 'grave' : 'leve'}
                  >
                    {t('tracking.retraso', { min: formatInteger(retraso) })}
                  </Badge>
                )}
              </Group>
            }
          >
            <Text size="sm" c="gray.7">
              <time dateTime={`${parada.fecha}T${parada.hora}`}>
                {formatDate(parada.fecha)} {parada.hora}
              </time>
              {parada.cp ? ` · ${t('tracking.cp')} ${parada.cp}` : ''}
              {pais ? ' · ' : ''}
              {parada.pais_iso && (
                <>
                  <CountryCode iso={parada.pais_iso} />{' '}
                </>
              )}
              {pais}
            </Text>
            {parada.kilometros_destino !== null && (
              <Text size="sm" c="gray.7">
                {t('tracking.kmDestino', { km: formatInteger(parada.kilometros_destino) })}
              </Text>
            )}
            {parada.comentarios && (
              <Text size="sm" mt={2}>
                {parada.comentarios}
              </Text>
            )}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
