import { Alert, Badge, Box, Group, List, Loader, Paper, Text } from '@mantine/core';
import { IconMapOff } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getInitialEntry } from '../../lib/initial-data';
import type { LatLng, MapConfig, MapMarker } from './types';

// The Google wrapper is its own chunk, fetched only when a key exists.
const GoogleMap = lazy(() => import('./google-map').then((m) => ({ default: m.GoogleMap })));

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
}

function coordinates(position: LatLng): string {
  const format = (value: number) => value.toFixed(4).replace('.', ',');
  return `${format(position.lat)}; ${format(position.lng)}`;
}

/** The markers as an accessible list: the fallback without a map, and the map's text version. */
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
 * The map component (spec §2, §7, §9): Google Maps with advanced markers when a key exists.
 * Without a key, or when the script fails, a clear message and the same data as a list: the
 * portal stays fully usable without maps (tests and CI never load Google's script).
 */
export function MapView({ markers, config = {}, label, height = 420, emptyMessage }: MapViewProps) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const apiKey = config.apiKey ?? getInitialEntry('config')?.mapsApiKey ?? '';
  const center = config.center ?? markers[0]?.position ?? DEFAULT_CENTER;

  const list =
    markers.length === 0 ? (
      <Text c="gray.7" role="status">
        {emptyMessage ?? t('mapa.empty')}
      </Text>
    ) : (
      <MarkerList markers={markers} label={label} />
    );

  if (!apiKey || failed) {
    return (
      <Box>
        <Alert color="gray" variant="light" icon={<IconMapOff aria-hidden />} mb="md" role="status">
          {apiKey ? t('mapa.loadFailed') : t('mapa.noKey')}
        </Alert>
        <Paper withBorder p="md">
          {list}
        </Paper>
      </Box>
    );
  }

  return (
    <Box>
      <Suspense
        fallback={
          <Group h={height} justify="center">
            <Loader aria-label={t('mapa.loading')} />
          </Group>
        }
      >
        <GoogleMap
          markers={markers}
          config={{ ...config, apiKey }}
          fallbackCenter={center}
          height={height}
          label={label}
          onFailed={() => setFailed(true)}
        />
      </Suspense>
      <details style={{ marginTop: 12 }}>
        <summary>{t('mapa.showList')}</summary>
        <Box mt="sm">{list}</Box>
      </details>
    </Box>
  );
}
