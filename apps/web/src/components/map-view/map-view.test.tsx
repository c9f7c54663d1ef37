import { render, screen, within } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearInitialData, TestProviders, testQueryClient } from '../../test/render';
import { MapView } from './map-view';
import type { MapMarker } from './types';

// Never load Google's script in tests: the lazy map "fails" as soon as it mounts.
vi.mock('./google-map', () => ({
  GoogleMap: ({ onFailed }: { onFailed: () => void }) => {
    useEffect(() => onFailed(), [onFailed]);
    return null;
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

afterEach(() => clearInitialData());

describe('MapView', () => {
  it('without a key shows the message and the markers as a list with their labels', () => {
    renderMap(<MapView markers={markers} label="Mapa de cargas" />);
    expect(
      screen.getByText('Mapa no disponible: falta la clave del servicio de mapas.'),
    ).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Mapa de cargas' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Madrid (ES)');
    expect(items[0]).toHaveTextContent('3 cargas');
    expect(items[0]).toHaveTextContent('3');
    expect(items[0]).toHaveTextContent('40,4168; -3,7038');
    expect(items[1]).toHaveTextContent('Barcelona (ES)');
  });

  it('when the script fails, says so and shows the list; the loader message only goes to the console', async () => {
    renderMap(<MapView markers={markers} label="Mapa de cargas" config={{ apiKey: 'clave' }} />);
    expect(await screen.findByText('No se ha podido cargar el mapa.')).toBeInTheDocument();
    expect(screen.queryByText(/could not load/)).not.toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Mapa de cargas' })).toBeInTheDocument();
  });

  it('says when there is nothing to show', () => {
    renderMap(<MapView markers={[]} label="Mapa" emptyMessage="No hay cargas." />);
    expect(screen.getByText('No hay cargas.')).toBeInTheDocument();
  });
});
