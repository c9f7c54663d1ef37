import type { EnlacePorte, EnlacePorteCreado } from '@extranet/contracts/envio/envio';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../lib/format';
import { PorteAcciones } from '../lib/porte-acciones';
import { json, mockApi, sentBodies, TestProviders, testQueryClient } from '../test/render';
import { PorteAccionesCliente } from './porte-acciones-cliente';

const DIA = 86_400_000;
const LISTA = 'GET /api/clientes/portes/2600012/enlaces';
const CREAR = 'POST /api/clientes/portes/2600012/enlaces';

const enlace: EnlacePorte = {
  id: 5,
  partida: '2600012',
  creado_por: 'Marta Ruiz',
  created_at: '2026-11-20T09:30:00.000Z',
  expires_at: '2026-11-27T09:30:00.000Z',
  dias_tras_entrega: null,
  revoked_at: null,
  entrega: true,
  factura: false,
  firma: false,
  destinatario_email: null,
  aperturas: 0,
  last_opened_at: null,
  activo: true,
};
const creado: EnlacePorteCreado = {
  ...enlace,
  url: 'https://extranet.example/envio/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-ABCDE',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * The customer shell's actions around two pages: a list with one shipment's row actions, and
 * another page; the wrapper stays mounted between them, as the shell does.
 */
function renderFila(porte: { estado: 'entregado' | 'anulado'; entregado_at: string | null }) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <PorteAccionesCliente>
            <Outlet />
          </PorteAccionesCliente>
        ),
        children: [
          {
            path: '/clientes/portes',
            element: (
              <>
                <PorteAcciones porte={{ partida: '2600012', ...porte }} lugar="fila" />
                <p>Portes</p>
              </>
            ),
          },
          { path: '/clientes/historico', element: <p>Histórico</p> },
        ],
      },
    ],
    { initialEntries: ['/clientes/portes'] },
  );
  render(
    <TestProviders queryClient={testQueryClient()}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { router };
}

describe('Compartir envío from a row', () => {
  it('from a row: a shipment delivered long ago takes 7 days; the link shows once, with its QR', async () => {
    let items: EnlacePorte[] = [];
    const fetchMock = mockApi({
      [LISTA]: () => json(200, { items }),
      [CREAR]: () => {
        items = [enlace];
        return json(201, creado);
      },
      'DELETE /api/clientes/enlaces-porte/5': () => {
        items = [{ ...enlace, activo: false, revoked_at: '2026-11-21T10:00:00.000Z' }];
        return new Response(null, { status: 204 });
      },
    });
    renderFila({
      estado: 'entregado',
      entregado_at: new Date(Date.now() - 20 * DIA).toISOString(),
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Compartir · 2600012' }));
    const dialog = await screen.findByRole('dialog', { name: 'Compartir envío 2600012' });
    await within(dialog).findByText('Aún no hay enlaces.');
    // "Until 7 days after delivery" is over: not offered, 7 days chosen.
    const duracion = within(dialog).getByRole('combobox', { name: 'Duración' });
    expect(duracion).toHaveValue('7');
    expect(
      within(duracion).queryByRole('option', { name: 'Hasta 7 días después de la entrega' }),
    ).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear enlace' }));
    expect(await within(dialog).findByRole('textbox', { name: 'Enlace del envío' })).toHaveValue(
      creado.url,
    );
    expect(sentBodies(fetchMock, CREAR)).toEqual([
      { entrega: true, factura: false, firma: false, dias: 7, email: null },
    ]);
    expect(
      await within(dialog).findByRole('img', { name: 'Código QR del enlace del envío' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copiar' })).toBeInTheDocument();
    expect(
      within(dialog).getByText('Copie el enlace ahora: por seguridad no se vuelve a mostrar.'),
    ).toBeInTheDocument();

    // The list, refreshed, has the link; revoking it hides its URL and marks it.
    const anular = await within(dialog).findByRole('button', {
      name: `Anular el enlace creado el ${formatDateTime(enlace.created_at)}`,
    });
    expect(within(dialog).getByText(/^Creado por Marta Ruiz el /)).toBeInTheDocument();
    fireEvent.click(anular);
    expect(await within(dialog).findByText('Anulado')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).queryByRole('textbox', { name: 'Enlace del envío' })).toBeNull(),
    );
  });

  it('a shipment delivered yesterday defaults to "until 7 days after delivery"; another page closes it', async () => {
    mockApi({ [LISTA]: () => json(200, { items: [] }) });
    const { router } = renderFila({
      estado: 'entregado',
      entregado_at: new Date(Date.now() - DIA).toISOString(),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Compartir · 2600012' }));
    const dialog = await screen.findByRole('dialog', { name: 'Compartir envío 2600012' });
    expect(within(dialog).getByRole('combobox', { name: 'Duración' })).toHaveValue('entrega');
    await act(() => router.navigate('/clientes/historico'));
    expect(await screen.findByText('Histórico')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a link for the consignee lets its holder sign the delivery only when ticked, and says so in the list', async () => {
    let items: EnlacePorte[] = [];
    const fetchMock = mockApi({
      [LISTA]: () => json(200, { items }),
      [CREAR]: () => {
        items = [{ ...enlace, firma: true }];
        return json(201, { ...creado, firma: true });
      },
    });
    renderFila({ estado: 'entregado', entregado_at: new Date(Date.now() - DIA).toISOString() });
    fireEvent.click(await screen.findByRole('button', { name: 'Compartir · 2600012' }));
    const dialog = await screen.findByRole('dialog', { name: 'Compartir envío 2600012' });
    const firma = within(dialog).getByRole('checkbox', {
      name: 'El destinatario puede firmar la entrega',
    });
    expect(firma).not.toBeChecked();
    expect(firma).toHaveAccessibleDescription(
      /Márquelo solo si envía el enlace al destinatario\.$/,
    );
    fireEvent.click(firma);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Crear enlace' }));
    await within(dialog).findByRole('textbox', { name: 'Enlace del envío' });
    expect(sentBodies(fetchMock, CREAR)).toEqual([
      { entrega: true, factura: false, firma: true, dias: null, email: null },
    ]);
    expect(
      await within(dialog).findByText(/^Seguimiento, prueba de entrega, firma de la entrega · /),
    ).toBeInTheDocument();
  });

  it('a cancelled shipment has nothing to share', async () => {
    renderFila({ estado: 'anulado', entregado_at: null });
    // Once the feature's chunk is loaded, still no button.
    expect(await screen.findByText('Portes')).toBeInTheDocument();
    await act(() => import('../features/envio/components/compartir-envio'));
    expect(screen.queryByRole('button', { name: /Compartir/ })).toBeNull();
  });
});
