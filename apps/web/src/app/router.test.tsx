import { anonymousSession, type AuthSession } from '@extranet/contracts/auth/session';
import { customerResources, supplierResources } from '@extranet/contracts/menus/resources';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import es from '../i18n/es.json';
import { storageKey } from '../lib/storage';
import { customerNavigation, supplierNavigation } from './navigation';
import { AppProviders } from './providers';
import { createAppRouter, createAppRoutes, leafHandle } from './router';

const customerSession: AuthSession = { ...anonymousSession, success: 1, email: 'c@demo.es', id: 1 };
const supplierSession: AuthSession = { ...customerSession, client: false, supplier: true };

type AuthAnswer = AuthSession | 'fail' | Promise<AuthSession>;

const allMenus = [...Object.values(customerResources), ...Object.values(supplierResources)].map(
  (recurso, index) => ({ recurso, api: `/demo/${recurso}`, menu: index + 1 }),
);

function stubAuth(answer: AuthAnswer) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    if (url === '/api/clientes/menu' || url === '/api/proveedores/menu') return json(allMenus);
    const emptyLists = ['/api/proveedores/cargas?', '/api/clientes/portes?'];
    if (emptyLists.some((list) => url.startsWith(list)))
      return json({ items: [], nextCursor: null });
    if (init.method === 'POST' && url.endsWith('/access')) {
      return json({ ...customerSession, name: 'Enlace' });
    }
    if (url !== '/api/auth') throw new Error(`Llamada inesperada: ${url}`);
    if (answer === 'fail') return new Response('', { status: 500 });
    return json(await answer);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/**
 * The login form's own GET /api/auth on every login page (a pending company choice, issue
 * 14.3); the guard's checks are counted on top of it.
 */
const LOGIN_FORM_CHECK = 1;

/** Calls of GET /api/auth only (the shell also asks for menus and access links). */
function authCalls(fetchMock: ReturnType<typeof stubAuth>) {
  return fetchMock.mock.calls.filter(([url]) => url === '/api/auth').length;
}

function renderAt(path: string, auth: AuthAnswer = anonymousSession) {
  const fetchMock = stubAuth(auth);
  const router = createAppRouter((routes) =>
    createMemoryRouter(routes, { initialEntries: [path] }),
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, fetchMock };
}

function heading(name: string) {
  return screen.findByRole('heading', { level: 1, name }, { timeout: 3000 });
}

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('es');
});

const customerRoutes: [string, string][] = [
  ['/clientes/maptest', 'Mapa'],
  ['/clientes/tracking', 'Tracking'],
  ['/clientes/tracking-porte/P123', 'Tracking'],
  ['/clientes/file/55', 'Archivo'],
  ['/clientes/portes', 'Portes'],
  ['/clientes/historico', 'Histórico'],
  ['/clientes/facturas', 'Facturas'],
  ['/clientes/solicitar_transporte', 'Solicitar Transporte'],
  ['/clientes/sugerencias', 'Sugerencias'],
];

const supplierRoutes: [string, string][] = [
  ['/proveedores/cargas', 'Cargas'],
  ['/proveedores/panel', 'Panel de vehículos'],
  ['/proveedores/transportes', 'Histórico Transportes'],
  ['/proveedores/facturas', 'Histórico Facturas'],
  ['/proveedores/subir-albaranes-entrega', 'Subir albaranes de entrega'],
  ['/proveedores/subir-facturas', 'Subir facturas'],
  ['/proveedores/certificados', 'Certificados'],
  ['/proveedores/prevencion', 'Prevención'],
];

describe('routes (spec §2)', () => {
  it.each(customerRoutes)('%s shows "%s" to a signed-in customer', async (path, title) => {
    renderAt(path, customerSession);
    expect(await heading(title)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(title));
  });

  it.each(supplierRoutes)('%s shows "%s" to a signed-in supplier', async (path, title) => {
    renderAt(path, supplierSession);
    expect(await heading(title)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(title));
  });

  it.each([
    ['/login', 'Acceso clientes'],
    ['/proveedores/login', 'Acceso proveedores'],
  ])('%s shows "%s" without navigation or session check', async (path, title) => {
    const { fetchMock } = renderAt(path);
    expect(await heading(title)).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /cerrar/i })).not.toBeInTheDocument();
    // No guard check: only the form's own.
    await waitFor(() => expect(authCalls(fetchMock)).toBe(LOGIN_FORM_CHECK));
  });

  it.each(['/nada', '/clientes/nada', '/proveedores/cargas/1/t/extra'])(
    'unknown path %s shows NOT FOUND',
    async (path) => {
      renderAt(path);
      expect(await heading('NOT FOUND')).toBeInTheDocument();
    },
  );

  it.each([
    ['/', '/clientes/tracking'],
    ['/access', '/clientes/tracking'],
    ['/access/ABC123', '/clientes/tracking-porte/ABC123'],
    ['/clientes', '/clientes/tracking'],
    ['/proveedores', '/proveedores/cargas'],
    ['/proveedores/access', '/proveedores/cargas'],
  ])('%s redirects to %s', async (from, to) => {
    const { router } = renderAt(
      from,
      from.startsWith('/proveedores') ? supplierSession : customerSession,
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(to));
    expect(await heading(to.includes('proveedores') ? 'Cargas' : 'Tracking')).toBeInTheDocument();
  });

  it('keeps every handle title equal to its es.json title', () => {
    const routes: RouteObject[] = createAppRoutes({
      navigate: () => undefined,
      pendingLocation: () => undefined,
      requiresAuth: () => true,
    });
    const titles = es.routes as Record<string, { title: string; nav?: string }>;
    for (const [path] of [
      ...customerRoutes,
      ...supplierRoutes,
      ['/login'],
      ['/proveedores/login'],
    ]) {
      const handle = leafHandle(routes, path ?? '');
      expect(handle, path).toBeDefined();
      expect(titles[handle?.name ?? '']?.title, path).toBe(handle?.title);
      if (handle?.navLabel) expect(titles[handle.name]?.nav).toBe(handle.navLabel);
    }
  });
});

describe('portal shells', () => {
  it('lists the customer navigation with aria-current on the current page', async () => {
    renderAt('/clientes/portes', customerSession);
    await heading('Portes');
    const nav = screen.getByRole('navigation');
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Tracking',
      'Portes',
      'Histórico',
      'Facturas',
      'Solicitar Transporte',
      'Sugerencias',
    ]);
    expect(links).toHaveLength(customerNavigation.length);
    expect(within(nav).getByRole('link', { name: 'Portes' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Tracking' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
    expect(screen.getByRole('link', { name: 'Saltar al contenido' })).toHaveAttribute(
      'href',
      '#main-content',
    );
    expect(screen.getByRole('button', { name: 'Abrir navegación' })).toBeInTheDocument();
  });

  it('lists the supplier navigation with the nav labels Listado and Panel', async () => {
    renderAt('/proveedores/panel', supplierSession);
    await heading('Panel de vehículos');
    const links = within(screen.getByRole('navigation')).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Listado',
      'Panel',
      'Histórico Transportes',
      'Histórico Facturas',
      'Subir albaranes de entrega',
      'Subir facturas',
      'Certificados',
      'Prevención',
    ]);
    expect(links).toHaveLength(supplierNavigation.length);
    expect(links[1]).toHaveAttribute('aria-current', 'page');
  });
});

describe('route guard (spec §4)', () => {
  it('sends an anonymous customer to /login and stores the full target path', async () => {
    const { router, fetchMock } = renderAt('/clientes/portes?desde=2025-01-01');
    expect(await heading('Acceso clientes')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(authCalls(fetchMock)).toBe(1 + LOGIN_FORM_CHECK));
    expect(sessionStorage.getItem(storageKey('clientes', 'afterLogin'))).toBe(
      '/clientes/portes?desde=2025-01-01',
    );
  });

  it('treats a failed session check as anonymous', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { router } = renderAt('/clientes/facturas', 'fail');
    expect(await heading('Acceso clientes')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionStorage.getItem(storageKey('clientes', 'afterLogin'))).toBe('/clientes/facturas');
    expect(warn).toHaveBeenCalled();
  });

  it.each([
    ['/clientes/tracking', 'Tracking', customerSession],
    ['/proveedores/certificados', 'Certificados', supplierSession],
  ])(
    "asks GET /api/auth once on the first screen of %s: the header shows the guard's answer",
    async (path, title, session) => {
      const { fetchMock } = renderAt(path, session);
      await heading(title);
      expect(
        await screen.findByRole('region', { name: es.shell.signedInAs }, { timeout: 3000 }),
      ).toHaveTextContent('c@demo.es');
      expect(authCalls(fetchMock)).toBe(1);
    },
  );

  it.each([
    ['/proveedores/cargas', supplierSession, 'Cargas', '/api/proveedores/cargas?', es.cargas.empty],
    [
      '/clientes/tracking',
      customerSession,
      'Tracking',
      '/api/clientes/portes?',
      es.tracking.enCursoVacio,
    ],
  ])(
    "asks for %s's first data with the navigation, once: the page takes it",
    async (path, session, title, list, shown) => {
      const { fetchMock } = renderAt(path, session);
      await heading(title);
      const urls = () => fetchMock.mock.calls.map(([url]) => url);
      const listed = (url: string) => url.startsWith(list);
      await waitFor(() => expect(urls().filter(listed)).toHaveLength(1));
      // Before the shell asked for its menus: not after the page's first render, which waits
      // for them (without the loader's prefetch, the list came after the menus).
      const menu = urls().findIndex((url) => url.endsWith('/menu'));
      expect(urls().findIndex(listed)).toBeLessThan(menu);
      expect(await screen.findByText(shown)).toBeInTheDocument();
      expect(urls().filter(listed)).toHaveLength(1);
    },
  );

  it('does not ask for the load list before an access link has opened its session', async () => {
    const { fetchMock } = renderAt('/proveedores/cargas/34/tok-2');
    await heading('Cargas');
    const urls = fetchMock.mock.calls.map(([url]) => url);
    const access = urls.findIndex((url) => url.endsWith('/access'));
    const lista = urls.findIndex((url) => url.startsWith('/api/proveedores/cargas?'));
    expect(lista === -1 || lista > access).toBe(true);
  });

  it('checks the session again on every navigation inside the portal', async () => {
    const { router, fetchMock } = renderAt('/clientes/tracking', customerSession);
    await heading('Tracking');
    await router.navigate('/clientes/portes');
    await heading('Portes');
    expect(authCalls(fetchMock)).toBeGreaterThanOrEqual(2);
  });

  it.each([
    ['/clientes/tracking/12/tok-1/99', 'Tracking'],
    ['/clientes/tracking-porte/P1/12/tok-1', 'Tracking'],
    ['/clientes/file/5/12/tok-1', 'Archivo'],
    ['/clientes/portes/12/tok-1', 'Portes'],
    ['/proveedores/cargas/34/tok-2', 'Cargas'],
    ['/proveedores/subir-facturas/34/tok-2?transporte=3', 'Subir facturas'],
  ])('skips the check for the access link %s', async (path, title) => {
    const { fetchMock, router } = renderAt(path);
    expect(await heading(title)).toBeInTheDocument();
    expect(authCalls(fetchMock)).toBe(0);
    expect(router.state.location.pathname).toBe(path.split('?')[0]);
  });

  it('still checks when only the id (no token) is in the path', async () => {
    const { fetchMock } = renderAt('/clientes/portes/12');
    expect(await heading('Acceso clientes')).toBeInTheDocument();
    await waitFor(() => expect(authCalls(fetchMock)).toBe(1 + LOGIN_FORM_CHECK));
  });

  it('lets the supplier in without waiting, then sends an anonymous one to the login', async () => {
    let answer: (session: AuthSession) => void = () => undefined;
    const pending = new Promise<AuthSession>((resolve) => (answer = resolve));
    const { router, fetchMock } = renderAt('/proveedores/panel?x=1', pending);

    // The page renders while GET /api/auth is still unanswered.
    expect(await heading('Panel de vehículos')).toBeInTheDocument();
    // The guard's check (and the header's, from the same cache) are still unanswered.
    expect(authCalls(fetchMock)).toBeGreaterThanOrEqual(1);

    answer(anonymousSession);
    expect(await heading('Acceso proveedores')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/proveedores/login');
    expect(sessionStorage.getItem(storageKey('proveedores', 'afterLogin'))).toBe(
      '/proveedores/panel?x=1',
    );
  });

  it('keeps a signed-in supplier on the page', async () => {
    const { router, fetchMock } = renderAt('/proveedores/certificados', supplierSession);
    await heading('Certificados');
    // The background check has its answer: the shell shows the session and every GET
    // /api/auth response has been read.
    expect(
      await screen.findByRole('region', { name: es.shell.signedInAs }, { timeout: 3000 }),
    ).toHaveTextContent('c@demo.es');
    await waitFor(() => {
      const answers = fetchMock.mock.settledResults.filter(
        (_, i) => fetchMock.mock.calls[i]?.[0] === '/api/auth',
      );
      expect(answers.length).toBeGreaterThanOrEqual(1);
      for (const answer of answers) {
        expect(answer.type === 'fulfilled' && answer.value.bodyUsed).toBe(true);
      }
    });
    // A redirect would have saved the page to come back to before navigating.
    expect(sessionStorage.getItem(storageKey('proveedores', 'afterLogin'))).toBeNull();
    expect(router.state.location.pathname).toBe('/proveedores/certificados');
  });

  it('loads the language of a lang parameter before showing the page', async () => {
    renderAt('/clientes/sugerencias?lang=en', customerSession);
    expect(await heading('Suggestions')).toBeInTheDocument();
    expect(i18n.language).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });
});

describe('route resources', () => {
  it('every page resource is one of the contract resources', () => {
    const known = new Set<string>([
      ...Object.values(customerResources),
      ...Object.values(supplierResources),
    ]);
    const routes = createAppRoutes({
      navigate: () => undefined,
      pendingLocation: () => undefined,
      requiresAuth: () => false,
    });
    const resources: string[] = [];
    const walk = (list: RouteObject[]) => {
      for (const route of list) {
        const handle = route.handle as { resource?: string } | undefined;
        if (handle?.resource) resources.push(handle.resource);
        if (route.children) walk(route.children);
      }
    };
    walk(routes);
    expect(resources.length).toBeGreaterThan(10);
    for (const resource of resources) expect(known.has(resource)).toBe(true);
  });
});
