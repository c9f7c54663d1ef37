import type { AlbaranPendiente } from '@extranet/contracts/transportes/documentos-pendientes';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { json, mockApi, TestProviders, testQueryClient } from '../../../test/render';
import { defaultOpened } from '../upload-query';
import {
  SubirAlbaranesEntregaPage,
  subirAlbaranesEntregaLoader,
} from './subir-albaranes-entrega-page';

function transporte(id: number, subpartidaIds: number[]): AlbaranPendiente {
  return {
    id,
    referencia: `T${id}`,
    matricula: '1234 BCD',
    conductor: 'Ana',
    fecha_carga: '2026-11-10',
    fecha_descarga: '2026-11-11',
    origen_poblacion: 'Zaragoza',
    destino_poblacion: 'Lyon',
    importe_centimos: 120000,
    estado: 'entregado',
    subpartidas: subpartidaIds.map((sid, i) => ({
      id: sid,
      numero: i + 1,
      origen_poblacion: 'Zaragoza',
      destino_poblacion: 'Lyon',
      bultos: 10,
      peso_kg: 2000,
      cmr_archivo_id: null,
      cmr_subido_at: null,
      ecmr_estado: null,
    })),
  };
}

const LIST = [transporte(101, [1011]), transporte(202, [2021, 2022]), transporte(303, [3031])];

function mount(query: string, apiQuery: string, items = LIST) {
  const fetchMock = mockApi({
    [`GET /api/proveedores/albaranes-pendientes?${apiQuery}`]: () =>
      json(200, { items, nextCursor: null }),
  });
  const path = '/proveedores/subir-albaranes-entrega';
  const router = createMemoryRouter(
    [
      {
        path,
        loader: subirAlbaranesEntregaLoader,
        Component: SubirAlbaranesEntregaPage,
        HydrateFallback: () => null,
      },
    ],
    { initialEntries: [`${path}${query}`] },
  );
  render(
    <TestProviders queryClient={testQueryClient()}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { fetchMock, router };
}

async function control(id: number) {
  return screen.findByRole('button', { name: new RegExp(`Transporte ${id} · T${id}`) });
}

const BOTON_ENLACE = 'Enlace del conductor';

afterEach(() => vi.unstubAllGlobals());

describe('SubirAlbaranesEntregaPage', () => {
  it('opens the first transport by default, with an upload per pending subpartida', async () => {
    mount('', 'transporteId=0&subpartidaId=0&limit=50');
    expect(await control(101)).toHaveAttribute('aria-expanded', 'true');
    expect(await control(202)).toHaveAttribute('aria-expanded', 'false');
    expect(await control(303)).toHaveAttribute('aria-expanded', 'false');
    const section = screen.getByRole('region', { name: 'Subpartida 1 · T101' });
    expect(within(section).getByRole('button', { name: /Subir albarán/ })).toBeDisabled();
    expect(within(section).getByRole('button', { name: 'Elegir fichero' })).toBeInTheDocument();
  });

  it("shows each pending leg's e-CMR state with its full text and a link to the note", async () => {
    const [primero] = LIST;
    const conEcmr = {
      ...primero!,
      subpartidas: primero!.subpartidas.map((s) => ({
        ...s,
        ecmr_estado: 'recogida_firmada' as const,
      })),
    };
    mount('', 'transporteId=0&subpartidaId=0&limit=50', [conEcmr]);
    const section = await screen.findByRole('region', { name: 'Subpartida 1 · T101' });
    expect(within(section).getByText('e-CMR: Recogida firmada')).toBeInTheDocument();
    expect(
      within(section).getByRole('link', { name: 'Ver el e-CMR de la subpartida 1' }),
    ).toHaveAttribute('href', '/proveedores/ecmr/1011');
  });

  it('opens the transport named by `opened` and sends the query filters to the API', async () => {
    const { fetchMock } = mount(
      '?desde=2026-11-01&hasta=2026-11-30&transporte=202&subpartida=2022&opened=202',
      'fechaDesde=2026-11-01&fechaHasta=2026-11-30&transporteId=202&subpartidaId=2022&limit=50',
      [LIST[1]!],
    );
    expect(await control(202)).toHaveAttribute('aria-expanded', 'true');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('falls back to the first transport when `opened` is not in the list', async () => {
    mount('?opened=999', 'transporteId=0&subpartidaId=0&limit=50');
    expect(await control(101)).toHaveAttribute('aria-expanded', 'true');
    expect(await control(303)).toHaveAttribute('aria-expanded', 'false');
  });

  it('offers the driver link of a transport on the road, not of a delivered one', async () => {
    // Issue 17: the driver photographs the CMR from the phone; the link is made from here too.
    const enRuta = { ...transporte(404, [4041]), estado: 'en_transito' as const };
    mount('?opened=404', 'transporteId=0&subpartidaId=0&limit=50', [enRuta, LIST[0]!]);
    const panel = await screen.findByRole('region', { name: /Transporte 404/ });
    expect(within(panel).getByRole('button', { name: BOTON_ENLACE })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: BOTON_ENLACE })).toHaveLength(1);
  });

  it('says so when nothing is pending', async () => {
    mount('', 'transporteId=0&subpartidaId=0&limit=50', []);
    expect(
      await screen.findByText('No hay transportes pendientes de albarán.'),
    ).toBeInTheDocument();
  });
});

describe('defaultOpened', () => {
  it('is the `opened` transport when listed, else the first, else none', () => {
    expect(defaultOpened(LIST, 303)).toEqual(['303']);
    expect(defaultOpened(LIST, 5)).toEqual(['101']);
    expect(defaultOpened(LIST)).toEqual(['101']);
    expect(defaultOpened([], 5)).toEqual([]);
  });
});
