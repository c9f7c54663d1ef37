import { useEffect } from 'react';
import type { MapLibreMapProps } from '../components/map-view/maplibre-map';

/**
 * Google's map in tests (`vi.mock` of map-view/google-map): it never loads Google's script and
 * fails as soon as it mounts, so the page falls back to the offline map.
 */
export function FailingGoogleMap({ onFailed }: { onFailed: () => void }) {
  useEffect(() => onFailed(), [onFailed]);
  return null;
}

/**
 * The offline map in tests (`vi.mock` of map-view/maplibre-map): jsdom has no WebGL, so a
 * stand-in lists the markers and the route it was asked to draw.
 */
export function MapLibreStandIn({ markers, route }: MapLibreMapProps) {
  return (
    <div
      data-testid="maplibre"
      data-markers={markers.map((m) => m.title).join('|')}
      data-route={JSON.stringify(route ?? null)}
    />
  );
}
