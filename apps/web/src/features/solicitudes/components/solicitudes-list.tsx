import type { Solicitud, SolicitudEstado } from '@extranet/contracts/solicitudes/solicitud';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state';
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
  const solicitudes = useSolicitudes();
  if (solicitudes.isPending) {
    return (
      <Stack gap="xs" aria-busy="true">
        <Skeleton height={64} />
        <Skeleton height={64} />
      </Stack>
    );
  }
  if (solicitudes.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {solicitudes.error.message}
      </Alert>
    );
  }
  const items = solicitudes.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return <EmptyState message={t('solicitudes.sinSolicitudes')} />;
  return (
    <Stack gap="xs">
      <Stack
        gap="xs"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('solicitudes.historial')}
      >
        {items.map((s) => (
          <SolicitudItem key={s.id} solicitud={s} />
        ))}
      </Stack>
      {solicitudes.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void solicitudes.fetchNextPage()}
          loading={solicitudes.isFetchingNextPage}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('solicitudes.verMas')}
        </Button>
      )}
    </Stack>
  );
}
