import { fireEvent, screen, within } from '@testing-library/react';
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
import { testParada } from '../test-parada';
import { TrackingPage } from './tracking-page';

// Never load Google's script in tests; jsdom has no WebGL for the offline map.
vi.mock('../../../components/map-view/google-map', async () => ({
  GoogleMap: (await import('../../../test/map-stand-ins')).FailingGoogleMap,
}));
vi.mock('../../../components/map-view/maplibre-map', async () => ({
  MapLibreMap: (await import('../../../test/map-stand-ins')).MapLibreStandIn,
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
    testParada({ hora: '08:00', kilometros_destino: 1050 }),
    testParada({
      id: 2,
      fecha: '2026-11-21',
      hora: '12:30',
      comentarios: 'Atasco',
      cp: '50001',
      kilometros_destino: 750,
      poblacion: 'Zaragoza',
      retraso: 30,
      lat: 41.65,
      lng: -0.88,
    }),
  ],
  posicion_actual: {
    lat: 41.65,
    lng: -0.88,
    fuente: 'parada',
    posicion_at: null,
    poblacion: 'Zaragoza',
    fecha: '2026-11-21',
    hora: '12:30',
  },
  retraso: 30,
  kilometros_destino: 120,
  seguimiento: null,
  paradas_previstas: [],
  documentos: [{ id: 7, tipo: 'cmr', nombre: 'CMR 2600012.pdf', factura_id: null }],
  ecmr: [],
};

/** Now in the tests with a live shipment: 17:00 UTC (the browser's zone is UTC in tests). */
const AHORA = new Date('2026-11-25T17:00:00.000Z');

const VIVO = {
  lat: 41.2,
  lng: -1.9,
  posicion_at: '2026-11-25T16:53:00.000Z',
  calculado_at: '2026-11-25T16:53:05.000Z',
  estado: 'con_retraso',
  km_restantes: 148,
  eta_at: '2026-11-25T19:40:00.000Z',
  eta_desde: '2026-11-25T19:10:00.000Z',
  eta_hasta: '2026-11-25T20:10:00.000Z',
  retraso: 95,
} as const;

function porteActivo(overrides: Record<string, unknown>) {
  return {
    id: 1,
    partida: '2600012',
    ref_cliente: null,
    estado: 'en_transito',
    incidencia: null,
    origen_poblacion: 'Madrid',
    origen_pais_iso: 'ES',
    destino_poblacion: 'Lyon',
    destino_pais_iso: 'FR',
    fecha_carga_prevista: '2026-11-24',
    fecha_entrega_prevista: '2026-11-25',
    entregado_at: null,
    bultos: 12,
    peso_kg: 8500,
    p_facturable_kg: 8500,
    retraso: 0,
    kilometros_destino: null,
    seguimiento: null,
    ultima_parada: null,
    ...overrides,
  };
}

describe('TrackingPage', () => {
  it('with nothing selected nor searched lists the shipments in progress with status and ETA', async () => {
    // Issue 17: the customer landed on an empty search.
    vi.useFakeTimers({ now: AHORA, toFake: ['Date'] });
    mockApi({
      'GET /api/clientes/portes?orden=fecha_carga_prevista_asc&limit=50': () =>
        json(200, {
          items: [
            porteActivo({ id: 1, partida: '2600012', seguimiento: VIVO, retraso: 95 }),
            porteActivo({ id: 2, partida: '2600019', estado: 'pendiente' }),
            porteActivo({ id: 3, partida: '2600026' }),
          ],
          nextCursor: null,
        }),
    });
    renderRoute(<TrackingPage />, '/clientes/tracking');
    const lista = await screen.findByRole('region', { name: 'Portes en curso' });
    const filas = await within(lista).findAllByRole('listitem');
    // In progress: on the road or with an incident, not waiting to load.
    expect(filas).toHaveLength(2);
    expect(within(filas[0]!).getByRole('link', { name: 'Partida 2600012' })).toHaveAttribute(
      'href',
      '/clientes/tracking-porte/2600012',
    );
    expect(filas[0]).toHaveTextContent('Con retraso');
    expect(filas[0]).toHaveTextContent('ETA entrega: 19:40');
    expect(filas[0]).toHaveTextContent('95 min tarde');
    expect(filas[0]).toHaveTextContent('Última posición hace 7 min');
    expect(filas[1]).toHaveTextContent('Partida 2600026');
    expect(filas[1]).not.toHaveTextContent('Última posición');
    vi.useRealTimers();
  });

  it('the live figures of a shipment: status, last position relative to now, ETA per stop', async () => {
    vi.useFakeTimers({ now: AHORA, toFake: ['Date'] });
    mockApi({
      'GET /api/clientes/portes/2600012/tracking': () =>
        json(200, {
          ...detalle,
          seguimiento: VIVO,
          retraso: 95,
          kilometros_destino: 148,
          posicion_actual: {
            lat: 41.2,
            lng: -1.9,
            fuente: 'conductor',
            posicion_at: VIVO.posicion_at,
            poblacion: null,
            fecha: '2026-11-25',
            hora: '16:53',
          },
          paradas_previstas: [
            {
              id: 9,
              orden: 2,
              tipo: 'descarga',
              poblacion: 'Lyon',
              cp: '69001',
              pais_iso: 'FR',
              ventana_desde: '2026-11-25T07:00:00.000Z',
              ventana_hasta: '2026-11-25T17:00:00.000Z',
              llegada_at: null,
              completada_at: null,
              km_restantes: 148,
              eta_at: VIVO.eta_at,
              eta_desde: VIVO.eta_desde,
              eta_hasta: VIVO.eta_hasta,
              estado: 'con_retraso',
              retraso: 95,
            },
          ],
        }),
    });
    renderRoute(<TrackingPage />, '/clientes/tracking-porte/2600012');
    expect(await screen.findByRole('heading', { name: 'Partida 2600012' })).toBeInTheDocument();
    // Relative to the instant the phone took it: never a wall-clock time hours off.
    expect(screen.getByText(/Última posición/)).toHaveTextContent('Última posición hace 7 min');
    expect(screen.getAllByText('Con retraso').length).toBeGreaterThanOrEqual(2);
    const previstas = screen.getByRole('region', { name: 'Próximas paradas' });
    expect(previstas).toHaveTextContent('Descarga · Lyon');
    expect(previstas).toHaveTextContent('ETA 19:40 (entre 19:10 y 20:10) · 148 km');
    expect(previstas).toHaveTextContent('95 min tarde');
    const resumen = screen
      .getByRole('heading', { name: 'Partida 2600012' })
      .closest('div')!.parentElement!;
    expect(resumen).toHaveTextContent('148 km');
    vi.useRealTimers();
  });

  it('a stop reached late says so in the past; the shipment, on time since, shows no delay', async () => {
    // Issue 17: "Retraso: 90 min" on a finished stop while the shipment said "—".
    vi.useFakeTimers({ now: AHORA, toFake: ['Date'] });
    const aTiempo = { ...VIVO, estado: 'a_tiempo', retraso: 0 };
    const plan = {
      cp: null,
      pais_iso: 'ES',
      km_restantes: null,
      eta_at: null,
      eta_desde: null,
      eta_hasta: null,
      estado: null,
    };
    mockApi({
      'GET /api/clientes/portes/2600012/tracking': () =>
        json(200, {
          ...detalle,
          paradas: [{ ...detalle.paradas[0], retraso: 90 }],
          seguimiento: aTiempo,
          retraso: 0,
          kilometros_destino: 148,
          paradas_previstas: [
            {
              ...plan,
              id: 8,
              orden: 1,
              tipo: 'carga',
              poblacion: 'Madrid',
              ventana_desde: '2026-11-25T06:00:00.000Z',
              ventana_hasta: '2026-11-25T08:00:00.000Z',
              llegada_at: '2026-11-25T09:30:00.000Z',
              completada_at: '2026-11-25T10:00:00.000Z',
              km_restantes: 0,
              retraso: 90,
            },
            {
              ...plan,
              id: 9,
              orden: 2,
              tipo: 'descarga',
              poblacion: 'Lyon',
              ventana_desde: '2026-11-25T07:00:00.000Z',
              ventana_hasta: '2026-11-25T21:00:00.000Z',
              llegada_at: null,
              completada_at: null,
              km_restantes: 148,
              eta_at: VIVO.eta_at,
              eta_desde: VIVO.eta_desde,
              eta_hasta: VIVO.eta_hasta,
              estado: 'a_tiempo',
              retraso: 0,
            },
          ],
        }),
    });
    renderRoute(<TrackingPage />, '/clientes/tracking-porte/2600012');
    const titulo = await screen.findByRole('heading', { name: 'Partida 2600012' });
    const previstas = screen.getByRole('region', { name: 'Próximas paradas' });
    const [carga, entrega] = within(previstas).getAllByRole('listitem');
    expect(carga).toHaveTextContent('Llegó con 90 min de retraso');
    expect(carga).not.toHaveTextContent('tarde');
    expect(entrega).not.toHaveTextContent(/retraso|tarde/);
    const timeline = screen.getByRole('list', { name: 'Paradas' });
    expect(timeline).toHaveTextContent('Llegó con 90 min de retraso');
    expect(timeline).not.toHaveTextContent('Retraso:');
    // The shipment's delay is the one it expects now: none.
    const resumen = titulo.closest('div')!.parentElement!;
    expect(within(resumen).getByText('Retraso').nextSibling).toHaveTextContent('—');
    expect(screen.getAllByText('A tiempo').length).toBeGreaterThanOrEqual(1);
    vi.useRealTimers();
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
    expect(screen.getByText('Llegó con 30 min de retraso')).toBeInTheDocument();
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

  it("shows each leg's e-CMR state, the signed PDF's download and the verification link", async () => {
    mockApi({
      'GET /api/clientes/portes/2600012/tracking': () =>
        json(200, {
          ...detalle,
          ecmr: [
            {
              subpartida_id: 41,
              tramo: 1,
              numero: 'T-1/1',
              estado: 'recogida_firmada',
              verificacion_url: 'https://extranet.example/ecmr/verificar/abc',
              pdf: true,
            },
            {
              subpartida_id: 42,
              tramo: 2,
              numero: 'T-1/2',
              estado: 'sin_firmar',
              verificacion_url: 'https://extranet.example/ecmr/verificar/def',
              pdf: false,
            },
          ],
        }),
    });
    renderRoute(<TrackingPage />, '/clientes/tracking-porte/2600012');
    const seccion = await screen.findByRole('region', { name: 'e-CMR' });
    expect(within(seccion).getByText('e-CMR: Recogida firmada')).toBeInTheDocument();
    expect(within(seccion).getByText('e-CMR: Sin firmar')).toBeInTheDocument();
    expect(
      within(seccion).getByRole('link', { name: 'Descargar el PDF del e-CMR T-1/1' }),
    ).toHaveAttribute('href', '/api/clientes/portes/2600012/ecmr/41/pdf');
    // Unsigned: no PDF yet, a sentence instead.
    expect(
      within(seccion).queryByRole('link', { name: 'Descargar el PDF del e-CMR T-1/2' }),
    ).not.toBeInTheDocument();
    expect(
      within(seccion).getByText('El PDF estará disponible en cuanto alguien lo firme.'),
    ).toBeInTheDocument();
    expect(within(seccion).getByRole('link', { name: 'Verificar el e-CMR T-1/1' })).toHaveAttribute(
      'href',
      'https://extranet.example/ecmr/verificar/abc',
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
