import type { VehiculoPosicion } from '@extranet/contracts/vehiculos/vehiculo';
import { tipoVehiculoLabels } from '@extranet/contracts/vehiculos/constants';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MapQueryView } from '../../../components/map-view/map-query-view';
import type { MapMarker } from '../../../components/map-view/types';
import { formatDate } from '../../../lib/format';
import { useVehiculosMapa } from '../api/get-vehiculos-mapa';

/** One marker per vehicle: green with ✓ when available now, amber with … otherwise. */
export function vehiculoMarkers(
  items: readonly VehiculoPosicion[],
  t: (key: string, options?: Record<string, unknown>) => string,
  today: string,
): MapMarker[] {
  return items.map((v) => {
    const libre = v.disponible && (!v.disponible_desde || v.disponible_desde <= today);
    const estado = !v.disponible
      ? t('vehiculos.mapa.noDisponible')
      : libre
        ? t('vehiculos.mapa.disponibleYa')
        : t('vehiculos.mapa.disponibleDesde', { fecha: formatDate(v.disponible_desde) });
    return {
      id: v.id,
      position: { lat: v.lat, lng: v.lng },
      title: `${v.matricula}${v.conductor_nombre ? ` · ${v.conductor_nombre}` : ''}`,
      label: libre ? '✓' : '…',
      color: libre ? '#2b8a3e' : '#e67700',
      borderColor: libre ? '#1b5e20' : '#a35400',
      description: t('vehiculos.mapa.description', {
        tipo: tipoVehiculoLabels[v.tipo],
        estado,
        poblacion: v.ultima_poblacion ?? '',
      }),
    };
  });
}

/** The availability map of the carrier's active vehicles, with the list fallback. */
export function VehiculosMapaView() {
  const { t } = useTranslation();
  const mapa = useVehiculosMapa(true);
  const today = new Date().toISOString().slice(0, 10);
  const markers = useMemo(
    () => vehiculoMarkers(mapa.data?.items ?? [], t, today),
    [mapa.data, t, today],
  );
  return (
    <MapQueryView
      loading={mapa.isPending}
      loadingLabel={t('vehiculos.mapa.loading')}
      error={mapa.isError ? mapa.error.message : undefined}
      onRetry={() => void mapa.refetch()}
      truncated={mapa.data?.truncated}
      truncatedMessage={t('vehiculos.mapa.truncated')}
      markers={markers}
      label={t('vehiculos.mapa.label')}
      config={{ zoom: 6 }}
    />
  );
}
