import { anonymousSession, type AuthSession } from '@extranet/contracts/auth/session';
import { customerResources, type MenuEntry } from '@extranet/contracts/menus/menu';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storageKey } from '../../lib/storage';
import {
  apiError,
  json,
  mockApi,
  resetNotifications,
  sentBodies,
  TestProviders,
  testQueryClient,
  type ApiHandler,
} from '../../test/render';
import { createAppRouter } from '../router';

const session: AuthSession = {
  ...anonymousSession,
  success: 1,
  email: 'dos@demo.es',
  code: 'U-2',
  id: 21,
  name: 'Dos Clientes',
  sessionId: 's-1',
};

function menu(...recursos: string[]): MenuEntry[] {
  return recursos.map((recurso, index) => ({ recurso, api: `/demo/${index}`, menu: index }));
}

const withoutFacturas = menu(
  customerResources.tracking,
  customerResources.portes,
  customerResources.historico,
  customerResources.solicitar,
  customerResources.sugerencias,
);

function renderAt(path: string, handlers: Record<string, ApiHandler>) {
  const fetchMock = mockApi(handlers);
  const router = createAppRouter((routes) =>
    createMemoryRouter(routes, { initialEntries: [path] }),
  );
  render(
    <TestProviders queryClient={testQueryClient()}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { router, fetchMock };
}

const heading = (name: string) =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 3000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetNotifications();
});

describe('portal shell after login', () => {
  it('shows the user and only the sections whose resource the menu holds', async () => {
    renderAt('/clientes/portes', {
      'GET /api/auth': () => json(200, session),
      'GET /api/clientes/menu': () => json(200, withoutFacturas),
    });
    await heading('Portes');
    const nav = screen.getByRole('navigation');
    await waitFor(() =>
      expect(
        within(nav)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Tracking', 'Portes', 'Histórico', 'Solicitar Transporte', 'Sugerencias']),
    );
    const user = within(screen.getByRole('banner'));
    expect(await user.findAllByText('Dos Clientes')).not.toHaveLength(0);
    expect(user.getAllByText('dos@demo.es')).not.toHaveLength(0);
  });

  it('a page whose resource is missing says so', async () => {
    renderAt('/clientes/facturas', {
      'GET /api/auth': () => json(200, session),
      'GET /api/clientes/menu': () => json(200, withoutFacturas),
    });
    expect(await screen.findByText('No tiene acceso a esta sección.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Facturas' })).toBeNull();
  });

  it('Cerrar sesión logs out of that portal, forgets the push id and goes to its login', async () => {
    sessionStorage.setItem(storageKey('proveedores', 'pushId'), '5');
    const supplier = { ...session, client: false, supplier: true };
    const { router, fetchMock } = renderAt('/proveedores/cargas', {
      'GET /api/auth': () => json(200, supplier),
      'GET /api/proveedores/menu': () => json(200, menu('apiweb.proveedores.cargas')),
      'POST /api/proveedores/logout': () => new Response(null, { status: 204 }),
    });
    await heading('Cargas');
    await userEvent.click(
      screen.getAllByRole('button', { name: 'Cerrar sesión' })[0] as HTMLElement,
    );
    await heading('Acceso proveedores');
    expect(router.state.location.pathname).toBe('/proveedores/login');
    expect(sentBodies(fetchMock, 'POST /api/proveedores/logout')).toHaveLength(1);
    expect(sessionStorage.getItem(storageKey('proveedores', 'pushId'))).toBeNull();
  });
});

describe('access links', () => {
  it('exchanges the id+token once and keeps the suffix in the navigation', async () => {
    const { fetchMock, router } = renderAt('/clientes/tracking/12/tok-abcdefghij', {
      'POST /api/clientes/access': () => json(200, { ...session, id: 12, name: 'Visitante' }),
      'GET /api/clientes/menu': () => json(200, withoutFacturas),
    });
    await heading('Tracking');
    expect(sentBodies(fetchMock, 'POST /api/clientes/access')).toEqual([
      { id: 12, token: 'tok-abcdefghij' },
    ]);
    const nav = screen.getByRole('navigation');
    const portes = await within(nav).findByRole('link', { name: 'Portes' });
    expect(portes).toHaveAttribute('href', '/clientes/portes/12/tok-abcdefghij');
    await userEvent.click(portes);
    await heading('Portes');
    expect(router.state.location.pathname).toBe('/clientes/portes/12/tok-abcdefghij');
    // Cached per id+token: no second exchange.
    expect(sentBodies(fetchMock, 'POST /api/clientes/access')).toHaveLength(1);
    expect(sentBodies(fetchMock, 'GET /api/auth')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Cerrar sesión' })).toBeNull();
  });

  it('an invalid link shows a full-page message', async () => {
    renderAt('/proveedores/cargas/34/tok-caducado', {
      'POST /api/proveedores/access': () => apiError(404, 'NOT_FOUND', 'Recurso no encontrado.'),
    });
    expect(
      await screen.findByRole('heading', { name: 'Enlace no válido o caducado.' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
