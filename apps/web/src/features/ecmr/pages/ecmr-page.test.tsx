import type { EcmrDetalle, NotaEcmr } from '@extranet/contracts/ecmr/ecmr';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, sentBodies, TestProviders, testQueryClient } from '../../../test/render';
import { EcmrPage } from './ecmr-page';

const H1 = 'a'.repeat(64);
const H2 = 'b'.repeat(64);
const parte = (nombre: string) => ({
  nombre,
  cif: null,
  direccion: null,
  cp: '50001',
  poblacion: 'Zaragoza',
  pais_iso: 'ES',
});
const NOTA: NotaEcmr = {
  numero: 'TE1-1',
  remitente: parte('Conservas del Ebro S.A.'),
  destinatario: parte('Destino Lyon SARL'),
  lugar_entrega: { direccion: null, cp: '69001', poblacion: 'Lyon', pais_iso: 'FR', fecha: null },
  lugar_carga: {
    direccion: null,
    cp: '50001',
    poblacion: 'Zaragoza',
    pais_iso: 'ES',
    fecha: '2026-11-27',
  },
  documentos_anexos: null,
  mercancias: [
    {
      marcas: null,
      bultos: 12,
      embalaje: null,
      naturaleza: null,
      numero_estadistico: null,
      peso_bruto_kg: 3400,
      volumen_m3: null,
    },
  ],
  instrucciones_remitente: null,
  forma_pago: null,
  reembolso: null,
  transportista: { ...parte('Transportes Demo S.L.'), matricula: '9876XYZ', conductor: 'Marta' },
  porteadores_sucesivos: [],
  reservas_transportista: null,
  estipulaciones: null,
  establecido_en: { lugar: 'Zaragoza', fecha: '2026-11-27' },
  referencias: { transporte: 'TE1', subpartida: 1, partida: 'ECMR-1' },
};
const SIN_FIRMAR: EcmrDetalle = {
  id: 3,
  subpartida_id: 77,
  transporte_id: 9,
  numero: 'TE1-1',
  estado: 'sin_firmar',
  version: 1,
  documento_sha256: H1,
  contenido: NOTA,
  editable: true,
  verificacion_url: 'https://extranet.example/ecmr/verificar/abc',
  firmas: [],
  eventos: [],
  created_at: '2026-11-27T08:00:00.000Z',
};
const FIRMA = {
  id: 5,
  rol: 'remitente' as const,
  nombre: 'Ana Remitente',
  canal: 'movil_conductor' as const,
  firmado_at: '2026-11-27T09:00:00.000Z',
  version: 1,
  documento_sha256: H1,
  posicion: { lat: 41.65, lng: -0.89 },
  dispositivo: null,
  reservas: null,
  fotos: [],
};
/** The first version, as the versions' list gives it. */
const VERSION_1 = {
  version: 1,
  documento_sha256: H1,
  created_at: SIN_FIRMAR.created_at,
  contenido: NOTA,
};
const URL_ECMR = '/api/proveedores/subpartidas/77/ecmr';

function mount(handlers: Parameters<typeof mockApi>[0]) {
  const fetchMock = mockApi(handlers);
  const router = createMemoryRouter(
    [{ path: '/proveedores/ecmr/:subpartidaId', Component: EcmrPage }],
    {
      initialEntries: ['/proveedores/ecmr/77'],
    },
  );
  render(
    <TestProviders queryClient={testQueryClient()}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('EcmrPage', () => {
  it('before any signature: edits in place, required fields marked and checked, only the changed box sent', async () => {
    const fetchMock = mount({
      [`GET ${URL_ECMR}`]: () => json(200, SIN_FIRMAR),
      [`GET ${URL_ECMR}/versiones`]: () =>
        json(200, {
          items: [VERSION_1],
        }),
      [`PATCH ${URL_ECMR}`]: () =>
        json(200, { ...SIN_FIRMAR, contenido: { ...NOTA, reembolso: '250 EUR' } }),
    });
    expect(await screen.findByText('e-CMR: Sin firmar')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '1 · Remitente' })).toHaveTextContent(
      'Conservas del Ebro S.A.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Editar' }));
    const form = await screen.findByRole('form', { name: 'Editar el e-CMR' });
    const remitente = within(form).getByRole('group', { name: '1 · Remitente' });
    const nombre = within(remitente).getByRole('textbox', { name: /Nombre/ });
    fireEvent.change(nombre, { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await within(remitente).findByText('Este campo es obligatorio.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, `PATCH ${URL_ECMR}`)).toEqual([]);

    fireEvent.change(nombre, { target: { value: 'Conservas del Ebro S.A.' } });
    fireEvent.change(within(form).getByRole('textbox', { name: '15 · Reembolso' }), {
      target: { value: ' 250 EUR ' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByRole('region', { name: '15 · Reembolso' })).toHaveTextContent(
      '250 EUR',
    );
    expect(sentBodies(fetchMock, `PATCH ${URL_ECMR}`)).toEqual([
      { documento_sha256: H1, cambios: { reembolso: '250 EUR' } },
    ]);
    // A form of some forty fields: role queries over it are slow on a loaded machine.
  }, 60_000);

  it('after a signature: "Nueva versión", the diff with the version before and the signatures that no longer cover it', async () => {
    const v2: EcmrDetalle = {
      ...SIN_FIRMAR,
      estado: 'recogida_firmada',
      version: 2,
      documento_sha256: H2,
      contenido: { ...NOTA, reembolso: '300 EUR' },
      firmas: [{ ...FIRMA, cubre_version_actual: false }],
    };
    mount({
      [`GET ${URL_ECMR}`]: () => json(200, v2),
      [`GET ${URL_ECMR}/versiones`]: () =>
        json(200, {
          items: [
            VERSION_1,
            {
              version: 2,
              documento_sha256: H2,
              created_at: '2026-11-27T10:00:00.000Z',
              contenido: v2.contenido,
            },
          ],
        }),
      [`GET ${URL_ECMR}/diferencias?desde=1&hasta=2`]: () =>
        json(200, {
          desde: 1,
          hasta: 2,
          cambios: [{ campo: 'reembolso', antes: '250 EUR', despues: '300 EUR' }],
        }),
    });
    expect(await screen.findByText('e-CMR: Recogida firmada')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nueva versión' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
    const firmas = screen.getByRole('region', { name: 'Firmas' });
    expect(firmas).toHaveTextContent('Remitente: Ana Remitente');
    expect(
      within(firmas).getByText('Ya no cubre la versión actual (firmó la versión 1)'),
    ).toBeInTheDocument();
    const versiones = screen.getByRole('region', { name: 'Versiones' });
    const fila = await within(versiones).findByRole('row', { name: /15 · Reembolso/ });
    expect(
      within(fila)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['250 EUR', '300 EUR']);
    expect(versiones).toHaveTextContent('Remitente: Ana Remitente (firmó la versión 1)');
    expect(screen.getByRole('link', { name: 'Descargar PDF' })).toHaveAttribute(
      'href',
      `${URL_ECMR}/pdf`,
    );
  });

  it('a leg without a note offers to create it', async () => {
    mount({
      [`GET ${URL_ECMR}`]: () =>
        json(404, { error: { code: 'NOT_FOUND', message: 'e-CMR no encontrado.' } }),
    });
    expect(await screen.findByText('Esta subpartida aún no tiene e-CMR.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Crear e-CMR' })).toBeInTheDocument();
  });
});
