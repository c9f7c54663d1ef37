import type { Solicitud, SolicitudEstado } from '@extranet/contracts/solicitudes/solicitud';
import { Badge, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../../components/paged-list';
import { formatDate, formatDateTime, formatInteger, formatKg } from '../../../lib/format';
import { useSolicitudes } from '../api/get-solicitudes';

const ESTADO_COLOR: Record<SolicitudEstado, string> = {
  recibida: 'gray.7',
  en_estudio: 'blue.8',
  aceptada: 'green.9',
  rechazada: 'red.9',
};

function SolicitudItem({ solicitud: s }: { solicitud: Solicitud }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" radius="md" component="li">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text fw={600}>
          {s.origen_poblacion}
          {s.origen_pais_iso ? ` (${s.origen_pais_iso})` : ''} → {s.destino_poblacion}
          {s.destino_pais_iso ? ` (${s.destino_pais_iso})` : ''}
        </Text>
        <Badge color={ESTADO_COLOR[s.estado]} variant="filled" tt="none" radius="sm">
          {t(`solicitudes.estado.${s.estado}`)}
        </Badge>
      </Group>
      <Text size="sm" c="gray.7">
        {t('solicitudes.carga', { fecha: formatDate(s.fecha_carga) })}
        {s.fecha_entrega
          ? ` · ${t('solicitudes.entrega', { fecha: formatDate(s.fecha_entrega) })}`
          : ''}
        {s.mercancia ? ` · ${s.mercancia}` : ''}
        {s.bultos !== null
          ? ` · ${formatInteger(s.bultos)} ${t('solicitudes.bultos').toLowerCase()}`
          : ''}
        {s.peso_kg !== null ? ` · ${formatKg(s.peso_kg)}` : ''}
      </Text>
      <Text size="xs" c="gray.7">
        {t('solicitudes.enviadaEl', { fecha: formatDateTime(s.created_at) })}
      </Text>
    </Paper>
  );
}

/** This client's past transport requests with their status. */
export function SolicitudesList() {
  const { t } = useTranslation();
  return (
    <PagedList
      query={useSolicitudes()}
      label={t('solicitudes.historial')}
      emptyMessage={t('solicitudes.sinSolicitudes')}
      moreLabel={t('solicitudes.verMas')}
      renderItem={(s) => <SolicitudItem key={s.id} solicitud={s} />}
    />
  );
}
