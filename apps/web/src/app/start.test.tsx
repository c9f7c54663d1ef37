import type { LoginResponse } from '@extranet/contracts/auth/login';
import { anonymousSession } from '@extranet/contracts/auth/session';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { saveAfterLogin } from '../lib/storage';
import {
  clearInitialData,
  json,
  mockApi,
  resetNotifications,
  sentBodies,
  setInitialRegions,
} from '../test/render';
import { loginPortalAt } from './login-app';
import { startApp } from './start';

const signedIn: LoginResponse = {
  success: 1,
  clientes: [{ id: 1, razon_social: 'Única S.A.', localidad: 'Madrid' }],
  proveedores: [],
  menus: [],
  recoverEmailSent: false,
};

let root: Root | undefined;

/** Starts the app as main.tsx does, the browser at `path`. */
function startAt(path: string) {
  window.history.replaceState(null, '', path);
  const container = document.createElement('div');
  document.body.append(container);
  const created = createRoot(container);
  root = created;
  act(() => startApp(created));
}

afterEach(async () => {
  act(() => root?.unmount());
  root = undefined;
  document.body.replaceChildren();
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  clearInitialData();
  resetNotifications();
  await i18n.changeLanguage('es');
});

describe('loginPortalAt', () => {
  it('finds the login pages as the router matches them', () => {
    expect(loginPortalAt('/login')).toBe('clientes');
    expect(loginPortalAt('/Login/')).toBe('clientes');
    expect(loginPortalAt('/proveedores/login')).toBe('proveedores');
    expect(loginPortalAt('/proveedores/login/')).toBe('proveedores');
  });

  it('leaves every other page to the router', () => {
    for (const path of ['/', '/clientes/tracking', '/proveedores', '/login/x', '/nueva-clave']) {
      expect(loginPortalAt(path)).toBeUndefined();
    }
  });
});

describe('startApp (issue 21: the login pages without the router)', () => {
  it('shows the customer login with its skip link and title', async () => {
    setInitialRegions([{ codigo: 'es', nombre: 'Europa', activa: true }]);
    mockApi({ 'GET /api/auth': () => json(200, anonymousSession) });
    startAt('/login');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Acceso clientes' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Saltar al contenido' })).toHaveAttribute(
      'href',
      '#main-content',
    );
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    await waitFor(() => expect(document.title).toBe('Acceso clientes'));
  });

  it('applies the lang parameter before the login page shows', async () => {
    mockApi({ 'GET /api/auth': () => json(200, anonymousSession) });
    startAt('/login?lang=en');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Customer access' }),
    ).toBeInTheDocument();
    expect(i18n.language).toBe('en');
  });

  it('opens the portal page in place after a login, the login replaced in the history', async () => {
    setInitialRegions([{ codigo: 'es', nombre: 'Europa', activa: true }]);
    const fetchMock = mockApi({
      'GET /api/auth': () => json(200, anonymousSession),
      'POST /api/proveedores/login': () =>
        json(200, { ...signedIn, proveedores: signedIn.clientes }),
    });
    // The page the guard sent the user from: an unknown one, so no portal data is needed.
    saveAfterLogin('proveedores', '/proveedores-no-existe');
    startAt('/proveedores/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^E-mail/), 'proveedor@demo.es');
    await user.type(screen.getByLabelText(/^Contraseña/), 'demo1234');
    const historyLength = window.history.length;
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'NOT FOUND' }, { timeout: 4000 }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/proveedores-no-existe');
    expect(window.history.length).toBe(historyLength);
    expect(screen.queryByLabelText(/^E-mail/)).not.toBeInTheDocument();
    expect(sentBodies(fetchMock, 'POST /api/proveedores/login')).toHaveLength(1);
  });

  it('loads the router for every other page', async () => {
    startAt('/no-existe');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'NOT FOUND' }, { timeout: 4000 }),
    ).toBeInTheDocument();
  });

  it('starts a portal page in its frame: the product name shows at once, before the session', async () => {
    let answer: () => void = () => undefined;
    const session = new Promise<void>((resolve) => (answer = resolve));
    mockApi({
      'GET /api/auth': async () => {
        await session;
        return json(200, anonymousSession);
      },
    });
    startAt('/clientes/tracking');
    // The first render, before the router or any answer.
    expect(screen.getByText('Extranet')).toBeInTheDocument();
    expect(screen.getByRole('status')).toBeInTheDocument();
    answer();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Acceso clientes' }, { timeout: 4000 }),
    ).toBeInTheDocument();
  });

  it('starts a login page without the portal frame', () => {
    setInitialRegions([{ codigo: 'es', nombre: 'Europa', activa: true }]);
    mockApi({ 'GET /api/auth': () => json(200, anonymousSession) });
    startAt('/login');
    expect(screen.queryByText('Extranet')).not.toBeInTheDocument();
  });
});
