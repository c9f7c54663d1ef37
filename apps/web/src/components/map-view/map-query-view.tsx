import { Alert, Group, Loader } from '@mantine/core';
import { MapView, type MapViewProps } from './map-view';
import { ErrorAlert } from '../error-alert';

export interface MapQueryViewProps extends MapViewProps {
  /** The markers are still loading: a spinner with `loadingLabel` stands in for the map. */
  loading: boolean;
  /** Accessible name of the spinner, e.g. "Cargando el mapa de cargas…". */
  loadingLabel: string;
  /** A loading error to show instead of the map (Spanish message). */
  error?: string | undefined;
  /** Asks for the markers again after an error ("Reintentar"). */
  onRetry?: (() => void) | undefined;
  /** The server sent only part of the markers: `truncatedMessage` warns above the map. */
  truncated?: boolean | undefined;
  /** The warning shown when `truncated`. */
  truncatedMessage: string;
}

/** A MapView fed by a query: its spinner, its error and the "too many to show" warning. */
export function MapQueryView({
  loading,
  loadingLabel,
  error,
  onRetry,
  truncated,
  truncatedMessage,
  ...map
}: MapQueryViewProps) {
  if (loading)
    return (
      <Group justify="center" p="xl">
        <Loader aria-label={loadingLabel} />
      </Group>
    );
  if (error !== undefined) return <ErrorAlert onRetry={onRetry}>{error}</ErrorAlert>;
  return (
    <>
      {truncated && (
        <Alert color="yellow" variant="light" mb="sm">
          {truncatedMessage}
        </Alert>
      )}
      <MapView {...map} />
    </>
  );
}
