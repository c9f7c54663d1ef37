import { fireEvent, screen, within } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import {
  clearInitialData,
  json,
  mockApi,
  TestProviders,
  testQueryClient,
} from '../../../test/render';
import { TrackingPage } from './tracking-page';
import type { MapLibreMapProps } from '../../../components/map-view/maplibre-map';

// Never load Google's script in tests.
vi.mock('../../../components/map-view/google-map', () => ({
  GoogleMap: ({ onFailed }: { onFailed: () => void }) => {
    useEffect(() => onFailed(), [onFailed]);
    return null;
  },
}));

// jsdom has no WebGL: the offline map is a stand-in listing what it was asked to draw.
vi.mock('../../../components/map-view/maplibre-map', () => ({
  MapLibreMap: ({ markers, route }: MapLibreMapProps) => (
    <div
      data-testid="maplibre"
      data-markers={markers.map((m) => m.title).join('|')}
      data-route={JSON.stringify(route ?? null)}
    />
  ),
}));

/** The page under both of its routes (spec §2), at `path`. */
function renderRoute(element: React.ReactElement, path: string) {
  const router = createMemoryRouter(
    [
      { path: '/clientes/tracking/:clienteId?/:token?/:porteId?', element },
      { path: '/clientes/tracking-porte/:porteId/:clienteId?/:token?', element },
    ],
    { initialEntries: [path] },
  );
  return render(
    <TestProviders queryClient={testQueryClient()}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearInitialData();
});

const detalle = {
  partida: '2600012',
  ref_cliente: 'PED-12345',
  estado: 'en_transito',
  incidencia: null,
  origen_poblacion: 'Madrid',
  origen_cp: '28001',
  origen_pais_iso: 'ES',
  origen_lat: 40.4,
  origen_lng: -3.7,
  destino_poblacion: 'Lyon',
  destino_cp: '69001',
  destino_pais_iso: 'FR',
  destino_lat: 45.76,
  destino_lng: 4.83,
  fecha_carga_prevista: '2026-11-20',
  fecha_entrega_prevista: '2026-11-22',
  entregado_at: null,
  bultos: 12,
  peso_kg: 8500,
  p_facturable_kg: 8500,
  paradas: [
    {
      id: 1,
      partida: '2600012',
      fecha: '2026-11-20',
      hora: '08:00',
      comentarios: 'Mercancía cargada',
      cp: '28001',
      kilometros_destino: 1050,
      pais: 'España',
      pais_iso: 'ES',
      poblacion: 'Madrid',
      poblacionB: null,
      retraso: 0,
      lat: 40.4,
      lng: -3.7,
    },
    {
      id: 2,
      partida: '2600012',
      fecha: '2026-11-21',
      hora: '12:30',
      comentarios: 'Atasco',
      cp: '50001',
      kilometros_destino: 750,
      pais: 'España',
      pais_iso: 'ES',
      poblacion: 'Zaragoza',
      poblacionB: null,
      retraso: 30,
      lat: 41.65,
      lng: -0.88,
    },
  ],
  posicion_actual: {
    lat: 41.65,
    lng: -0.88,
    poblacion: 'Zaragoza',
    fecha: '2026-11-21',
    hora: '12:30',
  },
  retraso: 30,
  kilometros_destino: 120,
  documentos: [{ id: 7, tipo: 'cmr', nombre: 'CMR 2600012.pdf', factura_id: null }],
};

describe('TrackingPage', () => {
  it("with nothing selected nor searched says 'Por favor, seleccionar un registro a mostrar'", () => {
    mockApi({});
    renderRoute(<TrackingPage />, '/clientes/tracking');
    expect(screen.getByText('Por favor, seleccionar un registro a mostrar')).toBeInTheDocument();
  });

  it('searches and links each result to its tracking', async () => {
    mockApi({
      'GET /api/clientes/tracking?q=PED-1': () =>
        json(200, {
          items: [
            {
              partida: '2600012',
              ref_cliente: 'PED-12345',
              estado: 'en_transito',
              origen_poblacion: 'Madrid',
              destino_poblacion: 'Lyon',
              fecha_carga_prevista: '2026-11-20',
              fecha_entrega_prevista: null,
            },
          ],
        }),
    });
    renderRoute(<TrackingPage />, '/clientes/tracking');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar partida o referencia' }), {
      target: { value: 'PED-1' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    const link = await screen.findByRole('link', { name: /2600012 · PED-12345/ });
    expect(link).toHaveAttribute('href', '/clientes/tracking-porte/2600012?q=PED-1');
    expect(
      screen.queryByText('Por favor, seleccionar un registro a mostrar'),
    ).not.toBeInTheDocument();
  });

  it('shows the shipment of the route: summary, stops, map list fallback and documents', async () => {
    mockApi({ 'GET /api/clientes/portes/2600012/tracking': () => json(200, detalle) });
    renderRoute(<TrackingPage />, '/clientes/tracking-porte/2600012');
    expect(await screen.findByRole('heading', { name: 'Partida 2600012' })).toBeInTheDocument();
    expect(screen.getByText('En tránsito')).toBeInTheDocument();
    expect(screen.getByText('8.500 kg')).toBeInTheDocument();
    expect(screen.getByText('Retraso: 30 min')).toBeInTheDocument();
    // No maps key: the offline map draws the stops, joined by the route, and the position.
    const map = await screen.findByTestId('maplibre');
    expect(map.dataset.markers).toMatch(/^1\. Madrid.*\|2\. Zaragoza.*\|Posición actual$/);
    expect(JSON.parse(map.dataset.route!)).toHaveLength(2);
    const markers = within(screen.getByRole('list', { name: 'Ruta del porte' })).getAllByRole(
      'listitem',
    );
    expect(markers.map((m) => m.textContent)).toEqual([
      expect.stringContaining('1. Madrid'),
      expect.stringContaining('2. Zaragoza'),
      expect.stringContaining('Posición actual'),
    ]);
    expect(screen.getByRole('link', { name: 'CMR · CMR 2600012.pdf' })).toHaveAttribute(
      'href',
      '/api/clientes/archivos/7',
    );
  });

  it('says when the shipment is not the client’s', async () => {
    mockApi({
      'GET /api/clientes/portes/999/tracking': () =>
        json(404, { error: { code: 'NOT_FOUND', message: 'Porte no encontrado.' } }),
    });
    renderRoute(<TrackingPage />, '/clientes/tracking-porte/999');
    expect(
      await screen.findByText('El porte 999 no existe o no pertenece a este cliente.'),
    ).toBeInTheDocument();
  });
});
