import type { FirmaEcmr } from '@extranet/contracts/ecmr/ecmr';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';

/** The signatures of the note: role, name, time, position, and whether each still covers it. */
export function FirmasLista({ firmas }: { firmas: FirmaEcmr[] }) {
  const { t } = useTranslation();
  if (firmas.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        {t('ecmr.firmas.vacio')}
      </Text>
    );
  }
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {firmas.map((f) => (
        <Paper key={f.id} component="li" withBorder p="sm" radius="sm">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" fw={600}>
              {t(`ecmr.firmas.rol.${f.rol}`)}: {f.nombre}
            </Text>
            <Badge
              color={f.cubre_version_actual ? 'green.9' : 'red.9'}
              variant="filled"
              tt="none"
              radius="sm"
              styles={{
                label: { overflow: 'visible', textOverflow: 'clip', whiteSpace: 'normal' },
              }}
              h="auto"
              py={2}
            >
              {f.cubre_version_actual
                ? t('ecmr.firmas.cubre')
                : t('ecmr.firmas.noCubre', { version: f.version })}
            </Badge>
          </Group>
          <Text size="sm" c="gray.7">
            {t('ecmr.firmas.cuando', { fecha: formatDateTime(f.firmado_at) })} ·{' '}
            {f.posicion
              ? t('ecmr.firmas.posicion', {
                  lat: f.posicion.lat.toFixed(5),
                  lng: f.posicion.lng.toFixed(5),
                })
              : t('ecmr.firmas.sinPosicion')}{' '}
            · {t('ecmr.version', { version: f.version })}
          </Text>
          {f.reservas && (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {t('ecmr.firmas.reservas', { texto: f.reservas })}
            </Text>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
