import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { MapView } from '../../../components/map-view/map-view';
import type { MapMarker } from '../../../components/map-view/types';
import { formatDate, formatDateTime } from '../../../lib/format';
import type { TrackingPorte } from '@extranet/contracts/tracking/tracking';
import { nombreParada } from './tracking-timeline';

/** Stop markers (blue) and the current position (red, on top). */
export const MARCADOR_PARADA = { color: '#1864ab', borderColor: '#0b3a6e' } as const;
export const MARCADOR_ACTUAL = { color: '#c92a2a', borderColor: '#7a1010' } as const;

/** One marker per stop labelled with its order, and the vehicle's current position. */
export function trackingMarkers(
  detalle: Pick<TrackingPorte, 'paradas' | 'posicion_actual'>,
  t: (key: string, options?: Record<string, unknown>) => string,
): MapMarker[] {
  const markers: MapMarker[] = [];
  detalle.paradas.forEach((parada, index) => {
    if (parada.lat === null || parada.lng === null) return;
    markers.push({
      id: `parada-${parada.id}`,
      position: { lat: parada.lat, lng: parada.lng },
      title: `${index + 1}. ${nombreParada(parada)}`,
      label: String(index + 1),
      ...MARCADOR_PARADA,
      description: `${formatDate(parada.fecha)} ${parada.hora}`,
    });
  });
  if (detalle.posicion_actual) {
    const { lat, lng, fecha, hora, posicion_at } = detalle.posicion_actual;
    markers.push({
      id: 'posicion-actual',
      position: { lat, lng },
      title: t('tracking.posicionActual'),
      label: '●',
      ...MARCADOR_ACTUAL,
      // The driver's ping: its instant in the viewer's time zone; a stop: as it was reported.
      description: posicion_at ? formatDateTime(posicion_at) : `${formatDate(fecha)} ${hora}`,
      options: { zIndex: 1000 },
    });
  }
  return markers;
}

/** The shipment's route on the map (or as a list without a maps key). */
export function TrackingMapa({
  detalle,
}: {
  detalle: Pick<TrackingPorte, 'paradas' | 'posicion_actual'>;
}) {
  const { t } = useTranslation();
  const markers = useMemo(() => trackingMarkers(detalle, t), [detalle, t]);
  const center = detalle.posicion_actual ?? markers.at(-1)?.position;
  // The route on the map: the stops in their order (the current position is not a stop).
  const route = useMemo(
    () => markers.filter((m) => m.id !== 'posicion-actual').map((m) => m.position),
    [markers],
  );
  return (
    <MapView
      markers={markers}
      route={route}
      label={t('tracking.mapa')}
      config={{ center, zoom: 6 }}
      height={380}
      emptyMessage={t('tracking.mapaVacio')}
    />
  );
}
