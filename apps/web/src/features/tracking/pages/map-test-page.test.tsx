import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearInitialData, TestProviders, testQueryClient } from '../../../test/render';
import {
  MAP_TEST_CONFIG,
  MAP_TEST_MARKERS,
  MAP_TEST_MAX_ZOOM,
  MAP_TEST_MIN_ZOOM,
  MAP_TEST_ZOOM,
} from '../map-test-markers';
import { MapTestPage } from './map-test-page';

// Never load Google's script in tests; jsdom has no WebGL for the offline map.
vi.mock('../../../components/map-view/google-map', async () => ({
  GoogleMap: (await import('../../../test/map-stand-ins')).FailingGoogleMap,
}));
vi.mock('../../../components/map-view/maplibre-map', async () => ({
  MapLibreMap: (await import('../../../test/map-stand-ins')).MapLibreStandIn,
}));

afterEach(() => clearInitialData());

describe('map test (spec §2, §9)', () => {
  it('zooms 7 by default, between 3 and 9, passed as map options', () => {
    expect(MAP_TEST_ZOOM).toBe(7);
    expect(MAP_TEST_MIN_ZOOM).toBe(3);
    expect(MAP_TEST_MAX_ZOOM).toBe(9);
    expect(MAP_TEST_CONFIG.zoom).toBe(7);
    expect(MAP_TEST_CONFIG.options).toEqual({ minZoom: 3, maxZoom: 9 });
  });

  it('has fixed markers in Peru', () => {
    const titles = MAP_TEST_MARKERS.map((m) => m.title);
    expect(titles).toEqual(
      expect.arrayContaining(['Lima', 'Cusco', 'Arequipa', 'Trujillo', 'Iquitos']),
    );
    for (const marker of MAP_TEST_MARKERS) {
      // Peru's bounding box.
      expect(marker.position.lat).toBeGreaterThan(-18.5);
      expect(marker.position.lat).toBeLessThan(0);
      expect(marker.position.lng).toBeGreaterThan(-81.5);
      expect(marker.position.lng).toBeLessThan(-68.5);
    }
  });

  it('without a maps key draws the markers on the offline map, and as a list', async () => {
    render(
      <TestProviders queryClient={testQueryClient()}>
        <MapTestPage />
      </TestProviders>,
    );
    const map = await screen.findByTestId('maplibre');
    expect(map.dataset.markers?.split('|')).toEqual(MAP_TEST_MARKERS.map((m) => m.title));
    const items = within(
      screen.getByRole('list', { name: 'Puntos de prueba en Perú' }),
    ).getAllByRole('listitem');
    expect(items).toHaveLength(MAP_TEST_MARKERS.length);
    expect(items[0]).toHaveTextContent('Lima');
  });
});
