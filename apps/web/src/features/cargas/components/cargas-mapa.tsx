import type { CargaMapa } from '@extranet/contracts/cargas/carga';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MapQueryView } from '../../../components/map-view/map-query-view';
import type { MapMarker } from '../../../components/map-view/types';
import { formatDate, formatKg } from '../../../lib/format';
import { useCargasMapa } from '../api/get-cargas-mapa';
import type { CargasFiltros } from '../api/get-cargas';

/** One marker per origin town; its label is the number of loads leaving from there. */
export function cargasPorOrigen(
  items: readonly CargaMapa[],
  t: (key: string, options?: Record<string, unknown>) => string,
): MapMarker[] {
  const groups = new Map<string, CargaMapa[]>();
  for (const item of items) {
    const key = `${item.origen_pais_iso}|${item.origen_poblacion}`;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return [...groups.entries()].map(([key, group]) => {
    const first = group[0]!;
    const peso = group.reduce((sum, c) => sum + c.peso_kg, 0);
    const fecha = group.map((c) => c.fecha_carga).sort()[0];
    return {
      id: key,
      position: { lat: first.origen_lat, lng: first.origen_lng },
      title: t('cargas.mapa.markerTitle', {
        poblacion: first.origen_poblacion,
        pais: first.origen_pais_iso,
      }),
      label: String(group.length),
      color: '#1864ab',
      borderColor: '#0b3d6b',
      description: t('cargas.mapa.markerDescription', {
        count: group.length,
        peso: formatKg(peso),
        fecha: formatDate(fecha),
      }),
    };
  });
}

/** The map tab: loads grouped by origin town, with the list fallback. */
export function CargasMapaView({ filtros }: { filtros: CargasFiltros }) {
  const { t } = useTranslation();
  const mapa = useCargasMapa(filtros, true);
  const markers = useMemo(() => cargasPorOrigen(mapa.data?.items ?? [], t), [mapa.data, t]);
  return (
    <MapQueryView
      loading={mapa.isPending}
      loadingLabel={t('cargas.mapa.loading')}
      error={mapa.isError ? mapa.error.message : undefined}
      onRetry={() => void mapa.refetch()}
      truncated={mapa.data?.truncated}
      truncatedMessage={t('cargas.mapa.truncated')}
      markers={markers}
      label={t('cargas.mapa.label')}
      emptyMessage={t('cargas.empty')}
      config={{ zoom: 6 }}
    />
  );
}
