import {
  Alert,
  Badge,
  Box,
  Group,
  List,
  Loader,
  Paper,
  SegmentedControl,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { getInitialEntry } from '../../lib/initial-data';
import { DEFAULT_MAP_ZOOM, type LatLng, type MapConfig, type MapMarker } from './types';

// Each map is its own chunk, fetched only when it is shown: Google's wrapper when a key exists,
// MapLibre (about 200 KiB gzip) otherwise.
const GoogleMap = lazy(() => import('./google-map').then((m) => ({ default: m.GoogleMap })));
const MapLibreMap = lazy(() => import('./maplibre-map').then((m) => ({ default: m.MapLibreMap })));

/** Madrid: where the company's loads gravitate when there is nothing to centre on. */
const DEFAULT_CENTER: LatLng = { lat: 40.4168, lng: -3.7038 };

export interface MapViewProps {
  /** Markers to show (on the map, or in the list without one). */
  markers: readonly MapMarker[];
  /** Centre, zoom (default 9), options and key (default: the initial data's maps key). */
  config?: MapConfig;
  /** Accessible name of the map and of the list, e.g. "Mapa de cargas". */
  label: string;
  /** Height of the map (CSS length). */
  height?: string | number;
  /** Text when there are no markers. */
  emptyMessage?: string;
  /** A line through these points in order, e.g. a shipment's stops (offline map). */
  route?: readonly LatLng[];
}

function coordinates(position: LatLng): string {
  const format = (value: number) => value.toFixed(4).replace('.', ',');
  return `${format(position.lat)}; ${format(position.lng)}`;
}

/** The markers as an accessible list: the map's other view and its text version. */
export function MarkerList({ markers, label }: { markers: readonly MapMarker[]; label: string }) {
  const { t } = useTranslation();
  return (
    <List listStyleType="none" spacing={6} aria-label={label} p={0}>
      {markers.map((marker) => (
        <List.Item key={marker.id}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            {marker.label !== undefined && (
              <Badge
                color={marker.color ?? 'blue'}
                variant="filled"
                radius="sm"
                miw={32}
                styles={{ root: { border: `2px solid ${marker.borderColor ?? 'transparent'}` } }}
              >
                {marker.label}
              </Badge>
            )}
            <div>
              <Text size="sm" fw={600}>
                {marker.title}
              </Text>
              {marker.description && (
                <Text size="sm" c="gray.7">
                  {marker.description}
                </Text>
              )}
              <Text size="xs" c="gray.7">
                {t('mapa.coordinates', { value: coordinates(marker.position) })}
              </Text>
            </div>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}

/**
 * The map component (spec §2, §7, §9), shown by default with the list as the other view and,
 * for screen readers, beside the map. Google Maps with advanced markers when a key exists;
 * without one, or when Google's script fails, the offline MapLibre map drawn from the basemap
 * the portal ships (issue 14). The list alone only when the browser cannot draw (no WebGL).
 */
export function MapView({
  markers,
  config = {},
  label,
  height = 420,
  emptyMessage,
  route,
}: MapViewProps) {
  const { t } = useTranslation();
  const [view, setView] = useState<'mapa' | 'lista'>('mapa');
  const [googleFailed, setGoogleFailed] = useState(false);
  const [drawFailed, setDrawFailed] = useState(false);
  const apiKey = config.apiKey ?? getInitialEntry('config')?.mapsApiKey ?? '';
  const center = config.center ?? markers[0]?.position ?? DEFAULT_CENTER;
  const onGoogleFailed = useCallback(() => setGoogleFailed(true), []);
  const onDrawFailed = useCallback(() => setDrawFailed(true), []);

  if (markers.length === 0) {
    return (
      <Text c="gray.7" role="status">
        {emptyMessage ?? t('mapa.empty')}
      </Text>
    );
  }
  const list = <MarkerList markers={markers} label={label} />;

  let map: ReactNode;
  if (drawFailed) {
    map = (
      <Alert color="gray" variant="light" icon={<IconMapOff aria-hidden />} role="status">
        {t('mapa.loadFailed')}
      </Alert>
    );
  } else if (apiKey && !googleFailed) {
    map = (
      <GoogleMap
        markers={markers}
        config={{ ...config, apiKey }}
        fallbackCenter={center}
        height={height}
        label={label}
        onFailed={onGoogleFailed}
        route={route}
      />
    );
  } else {
    const options = config.options ?? {};
    map = (
      <MapLibreMap
        markers={markers}
        center={center}
        zoom={config.zoom ?? DEFAULT_MAP_ZOOM}
        minZoom={typeof options.minZoom === 'number' ? options.minZoom : undefined}
        maxZoom={typeof options.maxZoom === 'number' ? options.maxZoom : undefined}
        fitMarkers={config.center === undefined}
        route={route}
        height={height}
        label={label}
        onFailed={onDrawFailed}
      />
    );
  }

  return (
    <Box>
      <SegmentedControl
        aria-label={t('mapa.view')}
        size="xs"
        mb="sm"
        value={view}
        onChange={(value) => setView(value === 'lista' ? 'lista' : 'mapa')}
        data={[
          { value: 'mapa', label: t('mapa.viewMap') },
          { value: 'lista', label: t('mapa.viewList') },
        ]}
      />
      {view === 'lista' ? (
        <Paper withBorder p="md">
          {list}
        </Paper>
      ) : (
        <>
          <Paper withBorder radius="sm" style={{ overflow: 'hidden' }}>
            <Suspense
              fallback={
                <Group h={height} justify="center">
                  <Loader aria-label={t('mapa.loading')} />
                </Group>
              }
            >
              {map}
            </Suspense>
          </Paper>
          {/* The map's text version: what a screen reader reads instead of the canvas. */}
          <VisuallyHidden>{list}</VisuallyHidden>
        </>
      )}
    </Box>
  );
}
