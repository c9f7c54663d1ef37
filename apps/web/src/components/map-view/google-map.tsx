import {
  AdvancedMarker,
  APIProvider,
  Map,
  Pin,
  useMap,
  useMapsLibrary,
} from '@vis.gl/react-google-maps';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DEFAULT_MAP_ZOOM,
  MAP_LIBRARIES,
  MAPS_IMPORT_ERROR,
  MAPS_LOAD_ERROR,
  MARKER_LABEL_STYLE,
  type LatLng,
  type MapConfig,
  type MapMarker,
} from './types';

export interface GoogleMapProps {
  /** Markers to draw. */
  markers: readonly MapMarker[];
  /** Map settings; `apiKey` is required here. */
  config: MapConfig & { apiKey: string };
  /** Initial centre when the config has none. */
  fallbackCenter: LatLng;
  /** Height of the map (CSS length). */
  height: string | number;
  /** Accessible name of the map region. */
  label: string;
  /** Called when the script cannot load, so the caller draws the offline map instead. */
  onFailed: () => void;
  /** A line through these points in order (the tracking route), as on the offline map. */
  route?: readonly LatLng[] | undefined;
}

/** The route as a Google polyline, in the offline map's colours. */
function RouteLine({ path }: { path: readonly LatLng[] }) {
  const map = useMap();
  const maps = useMapsLibrary('maps');
  useEffect(() => {
    if (!map || !maps || path.length < 2) return;
    const line = new maps.Polyline({
      path: [...path],
      map,
      strokeColor: '#1864ab',
      strokeOpacity: 0.9,
      strokeWeight: 4,
    });
    return () => line.setMap(null);
  }, [map, maps, path]);
  return null;
}

/**
 * The Google map itself (its own chunk: only loaded when there is a key). Advanced markers need
 * a map id; Google's `DEMO_MAP_ID` serves until the configuration provides one.
 */
export function GoogleMap({
  markers,
  config,
  fallbackCenter,
  height,
  label,
  onFailed,
  route,
}: GoogleMapProps) {
  const { i18n } = useTranslation();
  return (
    <APIProvider
      apiKey={config.apiKey}
      libraries={MAP_LIBRARIES}
      language={i18n.language}
      // The page sends only its origin as Referer (server security headers): a key restricted
      // to the portal's site is checked against the origin, never a path with a token.
      authReferrerPolicy="origin"
      onLoad={() => {
        const maps = (globalThis as { google?: { maps?: { importLibrary?: unknown } } }).google
          ?.maps;
        if (typeof maps?.importLibrary !== 'function') {
          console.error(MAPS_IMPORT_ERROR);
          onFailed();
        }
      }}
      onError={(error) => {
        // Spec §8: only the console hears about it; the page falls back to the offline map.
        console.error(MAPS_LOAD_ERROR, error);
        onFailed();
      }}
    >
      <div role="region" aria-label={label} style={{ height, width: '100%' }}>
        <Map
          defaultCenter={config.center ?? fallbackCenter}
          defaultZoom={config.zoom ?? DEFAULT_MAP_ZOOM}
          mapId="DEMO_MAP_ID"
          gestureHandling="cooperative"
          {...config.options}
        >
          {route && <RouteLine path={route} />}
          {markers.map((marker) => (
            <AdvancedMarker
              key={marker.id}
              position={marker.position}
              title={marker.title}
              {...marker.options}
            >
              <Pin background={marker.color} borderColor={marker.borderColor} glyphColor="#ffffff">
                {marker.label !== undefined && (
                  // Spec §9: default label white text, 17px.
                  <span style={{ ...MARKER_LABEL_STYLE, fontWeight: 600 }}>{marker.label}</span>
                )}
              </Pin>
            </AdvancedMarker>
          ))}
        </Map>
      </div>
    </APIProvider>
  );
}
