import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearInitialData, TestProviders, testQueryClient } from '../../test/render';
import { MapView } from './map-view';
import type { MapLibreMapProps } from './maplibre-map';
import type { MapMarker } from './types';

// Never load Google's script in tests: the lazy map "fails" as soon as it mounts.
vi.mock('./google-map', async () => ({
  GoogleMap: (await import('../../test/map-stand-ins')).FailingGoogleMap,
}));

// jsdom has no WebGL: a stand-in shows what the offline map was asked to draw, and a label of
// "sin-webgl" makes it fail the way a browser without WebGL does.
vi.mock('./maplibre-map', () => ({
  MapLibreMap: (props: MapLibreMapProps) => {
    useEffect(() => {
      if (props.label === 'sin-webgl') props.onFailed();
    }, [props]);
    return (
      <div
        data-testid="maplibre"
        data-zoom={props.zoom}
        data-min-zoom={props.minZoom}
        data-max-zoom={props.maxZoom}
        data-fit={String(props.fitMarkers)}
        data-route={JSON.stringify(props.route ?? null)}
        data-markers={props.markers.map((m) => m.title).join('|')}
      />
    );
  },
}));

const markers: MapMarker[] = [
  {
    id: 1,
    position: { lat: 40.4168, lng: -3.7038 },
    title: 'Madrid (ES)',
    label: '3',
    color: '#1864ab',
    description: '3 cargas',
  },
  { id: 2, position: { lat: 41.3874, lng: 2.1686 }, title: 'Barcelona (ES)', label: '1' },
];

function renderMap(ui: React.ReactElement) {
  return render(<TestProviders queryClient={testQueryClient()}>{ui}</TestProviders>);
}

afterEach(() => {
  clearInitialData();
  vi.restoreAllMocks();
});

describe('MapView', () => {
  it('without a key draws the offline map of the markers, with the list beside it for screen readers', async () => {
    renderMap(<MapView markers={markers} label="Mapa de cargas" />);
    const map = await screen.findByTestId('maplibre');
    expect(map.dataset.markers).toBe('Madrid (ES)|Barcelona (ES)');
    // Spec §9: the component's default zoom, 9; no centre given, so it fits the markers.
    expect(map.dataset.zoom).toBe('9');
    expect(map.dataset.fit).toBe('true');
    expect(screen.queryByText(/Mapa no disponible/)).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Mapa' })).toBeChecked();
    const list = screen.getByRole('list', { name: 'Mapa de cargas' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Madrid (ES)');
    expect(items[0]).toHaveTextContent('3 cargas');
    expect(items[0]).toHaveTextContent('40,4168; -3,7038');
  });

  it('shows the list instead of the map in the "Lista" view, and the map again in "Mapa"', async () => {
    const user = userEvent.setup();
    renderMap(<MapView markers={markers} label="Mapa de cargas" />);
    await screen.findByTestId('maplibre');
    await user.click(screen.getByRole('radio', { name: 'Lista' }));
    expect(screen.queryByTestId('maplibre')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Mapa de cargas' })).toBeVisible();
    await user.click(screen.getByRole('radio', { name: 'Mapa' }));
    expect(await screen.findByTestId('maplibre')).toBeInTheDocument();
  });

  it('when Google fails, draws the offline map instead (no message on the page)', async () => {
    renderMap(<MapView markers={markers} label="Mapa de cargas" config={{ apiKey: 'clave' }} />);
    expect(await screen.findByTestId('maplibre')).toBeInTheDocument();
    expect(screen.queryByText(/could not load/)).not.toBeInTheDocument();
    expect(screen.queryByText('No se ha podido cargar el mapa.')).not.toBeInTheDocument();
  });

  it('passes the zoom limits and the route on, and keeps an explicit centre', async () => {
    const route = [markers[0]!.position, markers[1]!.position];
    renderMap(
      <MapView
        markers={markers}
        label="Ruta"
        route={route}
        config={{ center: route[0], zoom: 7, options: { minZoom: 3, maxZoom: 9 } }}
      />,
    );
    const map = await screen.findByTestId('maplibre');
    expect(map.dataset).toMatchObject({ zoom: '7', minZoom: '3', maxZoom: '9', fit: 'false' });
    expect(JSON.parse(map.dataset.route!)).toEqual(route);
  });

  it('when the browser cannot draw (no WebGL), says so and shows the list', async () => {
    renderMap(<MapView markers={markers} label="sin-webgl" />);
    expect(await screen.findByText('No se ha podido cargar el mapa.')).toBeInTheDocument();
    expect(screen.queryByTestId('maplibre')).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'sin-webgl' })).toBeInTheDocument();
  });

  it('says when there is nothing to show', () => {
    renderMap(<MapView markers={[]} label="Mapa" emptyMessage="No hay cargas." />);
    expect(screen.getByText('No hay cargas.')).toBeInTheDocument();
  });
});
