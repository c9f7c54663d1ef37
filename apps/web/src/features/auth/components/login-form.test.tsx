import type { ClienteResumen, LoginResponse } from '@extranet/contracts/auth/login';
import { anonymousSession } from '@extranet/contracts/auth/session';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Portal } from '../../../lib/portal';
import { readAfterLogin, saveAfterLogin, storageKey } from '../../../lib/storage';
import {
  apiError,
  json,
  mockApi,
  renderRoute,
  sentBodies,
  setInitialRegions,
} from '../../../test/render';
import { EUROPA, ITALIA, withLoginPage } from '../../../test/login';
import { takeHandedOverMenus } from '../login-handoff';
import { LoginForm } from './login-form';

const menus = [{ recurso: 'apiweb.clientes.tracking', api: '/x', menu: 1 }];

function loginResponse(overrides: Partial<LoginResponse> = {}): LoginResponse {
  return {
    success: 1,
    clientes: [{ id: 1, razon_social: 'Única S.A.', localidad: 'Madrid' }],
    proveedores: [{ id: 9, razon_social: 'Trans S.L.', localidad: 'Bilbao' }],
    menus,
    recoverEmailSent: false,
    ...overrides,
  };
}

function clientes(count: number): ClienteResumen[] {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    razon_social: `Cliente ${index + 1}`,
    localidad: index % 2 ? 'Zaragoza' : 'Valencia',
  }));
}

function renderForm(portal: Portal = 'clientes') {
  const loginPath = portal === 'clientes' ? '/login' : '/proveedores/login';
  const user = userEvent.setup();
  const result = renderRoute(<LoginForm portal={portal} />, loginPath);
  return { ...result, user };
}

/** The calls made, without the form's own `GET /api/auth` on mount (a pending choice). */
function callsBesidesSessionCheck(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls.filter(
    ([url, init]) => `${init?.method ?? 'GET'} ${url}` !== 'GET /api/auth',
  );
}

const email = () => screen.getByLabelText(/^E-mail/);
const password = () => screen.getByLabelText(/^Contraseña/);
const loginButton = () => screen.getByRole('button', { name: 'Login' });

async function fillAndSubmit(
  user: ReturnType<typeof userEvent.setup>,
  mail: string,
  clave = 'demo1234',
) {
  await user.type(email(), mail);
  await user.type(password(), clave);
  await user.click(loginButton());
}

withLoginPage([EUROPA, ITALIA]);

describe('LoginForm fields (spec §2, §5)', () => {
  it('enables Login only when both e-mail and password are filled', async () => {
    const { user } = renderForm();
    expect(loginButton()).toBeDisabled();
    await user.type(email(), 'a@b.es');
    expect(loginButton()).toBeDisabled();
    await user.type(password(), 'x');
    expect(loginButton()).toBeEnabled();
    await user.clear(email());
    expect(loginButton()).toBeDisabled();
  });

  it('shows the validity message and sends nothing when the e-mail is invalid', async () => {
    const fetchMock = mockApi({});
    const { user } = renderForm();
    await fillAndSubmit(user, 'no-es-un-email');
    // Spec §8 (notification) and §5 (inline, with its full stop).
    expect(
      await screen.findByText('Por favor, corregir todos los errores antes de hacer Login'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Por favor, corregir todos los errores antes de hacer Login.'),
    ).toBeInTheDocument();
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(callsBesidesSessionCheck(fetchMock)).toEqual([]);
  });

  it('hides the region selector with a single active region', () => {
    setInitialRegions([EUROPA]);
    renderForm();
    expect(screen.queryByLabelText('Región')).not.toBeInTheDocument();
  });

  it('shows the region selector with several regions, Europa by default, and sends dregion', async () => {
    const fetchMock = mockApi({ 'POST /api/login': () => json(200, loginResponse()) });
    const { user } = renderForm();
    const region = screen.getByRole('combobox', { name: 'Región' });
    expect(screen.getByRole('option', { name: 'Europa', selected: true })).toBeInTheDocument();
    await user.selectOptions(region, 'Italia');
    await fillAndSubmit(user, 'cliente@demo.it');
    await screen.findByText('landed');
    expect(sentBodies(fetchMock, 'POST /api/login')).toEqual([
      { usuario: 'cliente@demo.it', clave: 'demo1234', dregion: 'it', remembered: false },
    ]);
  });
});

describe('saved password (spec §2, §9)', () => {
  it('stores the user, never the password, after a successful login', async () => {
    mockApi({ 'POST /api/login': () => json(200, loginResponse()) });
    const { user } = renderForm();
    await fillAndSubmit(user, 'cliente@demo.es');
    await screen.findByText('landed');
    const stored = localStorage.getItem(storageKey('clientes', 'login'));
    expect(JSON.parse(stored ?? '{}')).toEqual({ usuario: 'cliente@demo.es', remembered: true });
    expect(stored).not.toContain('demo1234');
    expect(localStorage.getItem(storageKey('proveedores', 'login'))).toBeNull();
  });

  it('disables the password with a delete button and logs in with the remember token', async () => {
    localStorage.setItem(
      storageKey('clientes', 'login'),
      JSON.stringify({ usuario: 'cliente@demo.es', remembered: true }),
    );
    const fetchMock = mockApi({ 'POST /api/login': () => json(200, loginResponse()) });
    const { user } = renderForm();
    expect(email()).toHaveValue('cliente@demo.es');
    expect(password()).toBeDisabled();
    expect(password()).toHaveAttribute('placeholder', '••••••••');
    expect(screen.getByRole('button', { name: 'Borrar contraseña guardada' })).toBeInTheDocument();
    // The saved password counts as filled.
    expect(loginButton()).toBeEnabled();
    await user.click(loginButton());
    await screen.findByText('landed');
    expect(sentBodies(fetchMock, 'POST /api/login')).toEqual([
      { usuario: 'cliente@demo.es', clave: '', dregion: 'es', remembered: true },
    ]);
  });

  it('the delete button clears the saved state and enables the password', async () => {
    localStorage.setItem(
      storageKey('clientes', 'login'),
      JSON.stringify({ usuario: 'cliente@demo.es', remembered: true }),
    );
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Borrar contraseña guardada' }));
    expect(password()).toBeEnabled();
    expect(loginButton()).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Borrar contraseña guardada' })).toBeNull();
    expect(localStorage.getItem(storageKey('clientes', 'login'))).toBeNull();
  });

  it('drops the saved state when the remembered login is refused', async () => {
    localStorage.setItem(
      storageKey('proveedores', 'login'),
      JSON.stringify({ usuario: 'proveedor@demo.es', remembered: true }),
    );
    mockApi({
      'POST /api/proveedores/login': () =>
        apiError(401, 'INVALID_CREDENTIALS', 'Credenciales incorrectas.'),
    });
    const { user } = renderForm('proveedores');
    await user.click(loginButton());
    expect(
      await screen.findByText(
        'E-mail "proveedor@demo.es" o Contraseña incorrectos. No puede conectar.',
      ),
    ).toBeInTheDocument();
    expect(password()).toBeEnabled();
    expect(localStorage.getItem(storageKey('proveedores', 'login'))).toBeNull();
  });
});

describe('login messages (spec §8)', () => {
  it('a failed login shows the exact danger text', async () => {
    mockApi({
      'POST /api/login': () => apiError(401, 'INVALID_CREDENTIALS', 'Credenciales incorrectas.'),
    });
    const { user, router } = renderForm();
    await fillAndSubmit(user, 'cliente@demo.es', 'mala');
    const alert = await screen.findByText(
      'E-mail "cliente@demo.es" o Contraseña incorrectos. No puede conectar.',
    );
    expect(alert.closest('[role="alert"]')).not.toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem(storageKey('clientes', 'login'))).toBeNull();
  });

  it('success: 0 is a failed login too', async () => {
    mockApi({ 'POST /api/login': () => json(200, loginResponse({ success: 0 })) });
    const { user } = renderForm();
    await fillAndSubmit(user, 'x@y.es');
    expect(
      await screen.findByText('E-mail "x@y.es" o Contraseña incorrectos. No puede conectar.'),
    ).toBeInTheDocument();
  });

  it('NO_CLIENTS shows the customer text', async () => {
    mockApi({ 'POST /api/login': () => apiError(403, 'NO_CLIENTS', 'Sin clientes.') });
    const { user } = renderForm();
    await fillAndSubmit(user, 'sinclientes@demo.es');
    expect(
      await screen.findByText('Usuario sin clientes asignados. No puede conectar.'),
    ).toBeInTheDocument();
  });

  it('a successful customer login with no clients shows the customer text', async () => {
    mockApi({ 'POST /api/login': () => json(200, loginResponse({ clientes: [] })) });
    const { user, router } = renderForm();
    await fillAndSubmit(user, 'sinclientes@demo.es');
    expect(
      await screen.findByText('Usuario sin clientes asignados. No puede conectar.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('NO_SUPPLIERS shows the supplier text', async () => {
    mockApi({
      'POST /api/proveedores/login': () => apiError(403, 'NO_SUPPLIERS', 'Sin proveedores.'),
    });
    const { user } = renderForm('proveedores');
    await fillAndSubmit(user, 'sinclientes@demo.es');
    expect(
      await screen.findByText('Usuario sin proveedores asignados. No puede conectar.'),
    ).toBeInTheDocument();
  });

  it('TOO_MANY_ATTEMPTS shows the server message', async () => {
    mockApi({
      'POST /api/login': () =>
        apiError(429, 'TOO_MANY_ATTEMPTS', 'Demasiados intentos. Espere 30 segundos.'),
    });
    const { user } = renderForm();
    await fillAndSubmit(user, 'cliente@demo.es');
    expect(await screen.findByText('Demasiados intentos. Espere 30 segundos.')).toBeInTheDocument();
  });
});

describe('customer login flow (spec §4)', () => {
  it('one client: straight to the stored afterLogin, which is then forgotten', async () => {
    saveAfterLogin('clientes', '/clientes/historico?desde=2025-01-01');
    mockApi({ 'POST /api/login': () => json(200, loginResponse()) });
    const { user, router } = renderForm();
    await fillAndSubmit(user, 'cliente@demo.es');
    await screen.findByText('landed');
    expect(router.state.location.pathname).toBe('/clientes/historico');
    expect(router.state.location.search).toBe('?desde=2025-01-01');
    expect(readAfterLogin('clientes')).toBeUndefined();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('one client without afterLogin: to /clientes/tracking', async () => {
    mockApi({ 'POST /api/login': () => json(200, loginResponse()) });
    const { user, router } = renderForm();
    await fillAndSubmit(user, 'cliente@demo.es');
    await screen.findByText('landed');
    expect(router.state.location.pathname).toBe('/clientes/tracking');
  });

  it('ignores an afterLogin that points to another origin', async () => {
    saveAfterLogin('clientes', '//evil.example/x');
    mockApi({ 'POST /api/login': () => json(200, loginResponse()) });
    const { user, router } = renderForm();
    await fillAndSubmit(user, 'cliente@demo.es');
    await screen.findByText('landed');
    expect(router.state.location.pathname).toBe('/clientes/tracking');
  });

  it('several clients: a mandatory dialog, then choice, menus refreshed, navigation', async () => {
    saveAfterLogin('clientes', '/clientes/portes');
    const fetchMock = mockApi({
      'POST /api/login': () => json(200, loginResponse({ clientes: clientes(2), menus: [] })),
      'PUT /api/clientes/cliente': () => json(200, { ...anonymousSession, success: 1, id: 2 }),
      'GET /api/clientes/updatemenu': () => json(200, menus),
    });
    const { user, router } = renderForm();
    await fillAndSubmit(user, 'dos@demo.es');

    const dialog = await screen.findByRole('dialog', { name: 'Seleccionar cliente conexión' });
    // Mandatory: no close button, no Cancelar, Escape does nothing.
    expect(within(dialog).queryByRole('button', { name: 'Cancelar' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /cerrar/i })).toBeNull();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    // Two clients: no search box.
    expect(within(dialog).queryByRole('searchbox')).toBeNull();

    const select = within(dialog).getByRole('button', { name: 'Seleccionar' });
    expect(select).toBeDisabled();
    await user.click(within(dialog).getByText('Cliente 2'));
    expect(select).toBeEnabled();
    await user.click(select);

    await screen.findByText('landed');
    expect(router.state.location.pathname).toBe('/clientes/portes');
    expect(sentBodies(fetchMock, 'PUT /api/clientes/cliente')).toEqual([
      { id: 2, razon_social: 'Cliente 2', localidad: 'Zaragoza' },
    ]);
    expect(sentBodies(fetchMock, 'GET /api/clientes/updatemenu')).toHaveLength(1);
    // Handed to the portal's new query cache.
    expect(takeHandedOverMenus()).toEqual({ portal: 'clientes', menus });
  });

  it.each([
    ['clientes', 'Seleccionar cliente conexión', '/api/clientes/cliente', '/clientes/tracking'],
    [
      'proveedores',
      'Seleccionar proveedor conexión',
      '/api/proveedores/proveedor',
      '/proveedores/cargas',
    ],
  ] as const)(
    '%s: a reload during the choice shows the mandatory dialog again (issue 14.3)',
    async (portal, title, choosePath, landing) => {
      const pending = {
        ...anonymousSession,
        success: 1 as const,
        client: portal === 'clientes',
        supplier: portal === 'proveedores',
        pendingChoice: clientes(3),
      };
      const updateMenu =
        portal === 'clientes' ? '/api/clientes/updatemenu' : '/api/proveedores/updatemenu';
      const fetchMock = mockApi({
        'GET /api/auth': () => json(200, pending),
        [`PUT ${choosePath}`]: () => json(200, { ...pending, pendingChoice: undefined, id: 3 }),
        [`GET ${updateMenu}`]: () => json(200, menus),
      });
      const { user, router } = renderForm(portal);
      const dialog = await screen.findByRole('dialog', { name: title });
      expect(within(dialog).queryByRole('button', { name: 'Cancelar' })).toBeNull();
      await user.click(within(dialog).getByRole('radio', { name: 'Cliente 3 (Valencia)' }));
      await user.click(within(dialog).getByRole('button', { name: 'Seleccionar' }));
      await screen.findByText('landed');
      expect(router.state.location.pathname).toBe(landing);
      expect(sentBodies(fetchMock, `PUT ${choosePath}`)).toEqual([
        { id: 3, razon_social: 'Cliente 3', localidad: 'Valencia' },
      ]);
    },
  );

  it('a failed menu update after the choice is only logged', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({
      'POST /api/login': () => json(200, loginResponse({ clientes: clientes(3) })),
      'PUT /api/clientes/cliente': () => json(200, { ...anonymousSession, success: 1, id: 1 }),
      'GET /api/clientes/updatemenu': () => apiError(500, 'INTERNAL', 'Error interno.'),
    });
    const { user, router } = renderForm();
    await fillAndSubmit(user, 'grupo@demo.es');
    await user.click(await screen.findByRole('radio', { name: 'Cliente 1 (Valencia)' }));
    await user.click(screen.getByRole('button', { name: 'Seleccionar' }));
    await screen.findByText('landed');
    expect(router.state.location.pathname).toBe('/clientes/tracking');
    expect(error).toHaveBeenCalled();
    expect(screen.queryByText('Error interno.')).not.toBeInTheDocument();
  });
});

describe('supplier login flow (spec §4)', () => {
  it('lands on /proveedores/cargas by default', async () => {
    const fetchMock = mockApi({ 'POST /api/proveedores/login': () => json(200, loginResponse()) });
    const { user, router } = renderForm('proveedores');
    await fillAndSubmit(user, 'proveedor@demo.es');
    await screen.findByText('landed');
    expect(router.state.location.pathname).toBe('/proveedores/cargas');
    expect(callsBesidesSessionCheck(fetchMock)).toHaveLength(1);
  });

  it('lands on the stored afterLogin', async () => {
    saveAfterLogin('proveedores', '/proveedores/panel');
    mockApi({ 'POST /api/proveedores/login': () => json(200, loginResponse()) });
    const { user, router } = renderForm('proveedores');
    await fillAndSubmit(user, 'proveedor@demo.es');
    await waitFor(() => expect(router.state.location.pathname).toBe('/proveedores/panel'));
  });

  it('a successful supplier login without suppliers shows the supplier text', async () => {
    mockApi({
      'POST /api/proveedores/login': () => json(200, loginResponse({ proveedores: [] })),
    });
    const { user } = renderForm('proveedores');
    await fillAndSubmit(user, 'sinclientes@demo.es');
    expect(
      await screen.findByText('Usuario sin proveedores asignados. No puede conectar.'),
    ).toBeInTheDocument();
  });
});
