import type { ParadaPrevista } from '@extranet/contracts/conductor/seguimiento';
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EstadoEtaBadge } from '../../../components/estado-eta-badge';
import { formatHora, formatInteger } from '../../../lib/format';

/**
 * The shipment's planned stops with the ETA the driver link stored: window, km and status of
 * each stop to come; arrival and completion of the ones reached.
 */
export function ParadasPrevistas({ paradas }: { paradas: readonly ParadaPrevista[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
      {paradas.map((p) => (
        <Stack
          key={p.id}
          gap={2}
          component="li"
          aria-label={`${t(`seguimiento.${p.tipo}`)} ${p.poblacion}`}
        >
          <Group gap="xs" wrap="wrap">
            <Text fw={600} span>
              {t(`seguimiento.${p.tipo}`)} · {p.poblacion}
            </Text>
            {p.completada_at === null && p.estado && <EstadoEtaBadge estado={p.estado} />}
          </Group>
          <Text size="sm" c="gray.7">
            {t('seguimiento.prevista', {
              desde: formatHora(p.ventana_desde),
              hasta: formatHora(p.ventana_hasta),
            })}
          </Text>
          {p.completada_at !== null ? (
            <Text size="sm">{t('seguimiento.hecha', { hora: formatHora(p.completada_at) })}</Text>
          ) : p.llegada_at !== null ? (
            <Text size="sm">{t('seguimiento.llegada', { hora: formatHora(p.llegada_at) })}</Text>
          ) : (
            p.eta_at && (
              <Text size="sm">
                {t('seguimiento.eta', { eta: formatHora(p.eta_at) })} (
                {t('seguimiento.ventana', {
                  desde: formatHora(p.eta_desde),
                  hasta: formatHora(p.eta_hasta),
                })}
                )
                {p.km_restantes !== null &&
                  ` · ${t('seguimiento.kmRestantes', { km: formatInteger(p.km_restantes) })}`}
              </Text>
            )
          )}
          {/* A stop reached: how late it was reached, a fact of the past (the shipment's
              "Retraso" is what it expects now); before it, the delay it expects there. */}
          {p.retraso > 0 && (
            <Text size="sm" fw={600} c="red.9">
              {p.llegada_at !== null
                ? t('tracking.retraso', { min: formatInteger(p.retraso) })
                : t('seguimiento.tarde', { min: formatInteger(p.retraso) })}
            </Text>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
