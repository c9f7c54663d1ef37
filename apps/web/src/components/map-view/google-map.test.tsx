import { render, screen } from '@testing-library/react';
import { useEffect, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TestProviders, testQueryClient } from '../../test/render';
import { GoogleMap } from './google-map';

// No network here: the maps library is replaced by stand-ins that show the props they get.
// The provider "loads" as the key says: 'falla' → the script fails, 'sin-api' → it loads but
// defines no google.maps.importLibrary.
const polylines = vi.hoisted(() => [] as { path: unknown; map: unknown; removed: boolean }[]);

vi.mock('@vis.gl/react-google-maps', () => ({
  useMap: () => ({ id: 'mapa' }),
  useMapsLibrary: (name: string) =>
    name === 'maps'
      ? {
          Polyline: class {
            entry: { path: unknown; map: unknown; removed: boolean };
            constructor(options: { path: unknown; map: unknown }) {
              this.entry = { path: options.path, map: options.map, removed: false };
              polylines.push(this.entry);
            }
            setMap(map: unknown) {
              if (map === null) this.entry.removed = true;
            }
          },
        }
      : null,
  APIProvider: ({
    apiKey,
    libraries,
    onLoad,
    onError,
    children,
  }: {
    apiKey: string;
    libraries: string[];
    onLoad: () => void;
    onError: (error: unknown) => void;
    children: ReactNode;
  }) => {
    useEffect(() => {
      if (apiKey === 'falla') onError(new Error('The Google Maps JavaScript API could not load.'));
      if (apiKey === 'sin-api') onLoad();
    }, [apiKey, onLoad, onError]);
    return (
      <div data-testid="provider" data-libraries={libraries.join(',')}>
        {children}
      </div>
    );
  },
  Map: ({ defaultZoom, children }: { defaultZoom: number; children: ReactNode }) => (
    <div data-testid="map" data-zoom={defaultZoom}>
      {children}
    </div>
  ),
  AdvancedMarker: ({ title, children }: { title: string; children: ReactNode }) => (
    <div data-testid="marker" title={title}>
      {children}
    </div>
  ),
  Pin: ({
    background,
    borderColor,
    children,
  }: {
    background?: string;
    borderColor?: string;
    children: ReactNode;
  }) => (
    <div data-testid="pin" data-background={background} data-border={borderColor}>
      {children}
    </div>
  ),
}));

afterEach(() => vi.restoreAllMocks());

function renderGoogleMap(
  zoom?: number,
  apiKey = 'clave',
  onFailed = () => {},
  route?: { lat: number; lng: number }[],
) {
  return render(
    <TestProviders queryClient={testQueryClient()}>
      <GoogleMap
        markers={[
          {
            id: 1,
            position: { lat: 40.4, lng: -3.7 },
            title: 'Madrid',
            label: '3',
            color: '#1864ab',
            borderColor: '#0b3a6e',
          },
        ]}
        config={{ apiKey, ...(zoom === undefined ? {} : { zoom }) }}
        fallbackCenter={{ lat: 40, lng: -3 }}
        height={300}
        label="Mapa"
        onFailed={onFailed}
        route={route}
      />
    </TestProviders>,
  );
}

describe('GoogleMap (spec §2, §7, §9)', () => {
  it('loads the marker, places, core and maps libraries and zooms 9 by default', () => {
    renderGoogleMap();
    expect(screen.getByTestId('provider').dataset.libraries).toBe('marker,places,core,maps');
    expect(screen.getByTestId('map').dataset.zoom).toBe('9');
  });

  it('uses the zoom of the configuration when given', () => {
    renderGoogleMap(7);
    expect(screen.getByTestId('map').dataset.zoom).toBe('7');
  });

  it('draws advanced markers with colour, border colour and a white 17px label', () => {
    renderGoogleMap();
    const pin = screen.getByTestId('pin');
    expect(pin.dataset.background).toBe('#1864ab');
    expect(pin.dataset.border).toBe('#0b3a6e');
    const label = screen.getByText('3');
    expect(label.style.color).toBe('rgb(255, 255, 255)');
    expect(label.style.fontSize).toBe('17px');
    expect(screen.getByTestId('marker')).toHaveAttribute('title', 'Madrid');
  });

  it("logs the spec's loader message when the script fails, and hands over to the offline map", () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const onFailed = vi.fn();
    renderGoogleMap(undefined, 'falla', onFailed);
    expect(error).toHaveBeenCalledWith(
      'The Google Maps JavaScript API could not load.',
      expect.any(Error),
    );
    expect(onFailed).toHaveBeenCalled();
  });

  it("logs the spec's importLibrary message when the script defines no API", () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const onFailed = vi.fn();
    renderGoogleMap(undefined, 'sin-api', onFailed);
    expect(error).toHaveBeenCalledWith('google.maps.importLibrary is not installed.');
    expect(onFailed).toHaveBeenCalled();
  });

  it('draws the route as a polyline on the map, and removes it with the map', () => {
    const route = [
      { lat: 41.65, lng: -0.88 },
      { lat: 44.84, lng: -0.58 },
    ];
    const { unmount } = renderGoogleMap(undefined, 'clave', () => {}, route);
    expect(polylines).toHaveLength(1);
    expect(polylines[0]).toMatchObject({ path: route, map: { id: 'mapa' }, removed: false });
    unmount();
    expect(polylines[0]!.removed).toBe(true);
  });
});
