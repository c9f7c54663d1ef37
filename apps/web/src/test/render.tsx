import { INITIAL_DATA_ELEMENT_ID } from '@extranet/contracts/initial-data/initial-data';
import type { Region } from '@extranet/contracts/regiones/region';
import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { OpenPortalByRouter } from '../app/layouts/login-route';
import { theme } from '../app/theme';
import '../i18n';

/** Providers of the app with Mantine's test environment: no transitions, no portals. */
export function TestProviders({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient: QueryClient;
}) {
  return (
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <Notifications />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}

export function testQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

/**
 * Renders `element` at `path` in a memory router; every other path renders a "landed" marker
 * with the path, so tests can see where a navigation went. A login form opens its portal by a
 * navigation, as in the app's router (app/layouts/login-route.tsx).
 */
export function renderRoute(
  element: ReactElement,
  path = '/login',
  extraRoutes: RouteObject[] = [],
) {
  const queryClient = testQueryClient();
  const router = createMemoryRouter(
    [
      { path, element: <OpenPortalByRouter>{element}</OpenPortalByRouter> },
      ...extraRoutes,
      { path: '*', element: <p>landed</p> },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...result, router, queryClient };
}

export type ApiHandler = (body: unknown, init: RequestInit) => Response | Promise<Response>;

export function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function apiError(status: number, code: string, message: string): Response {
  return json(status, { error: { code, message } });
}

/** Stubs fetch with one handler per "METHOD /path"; any other call fails the test loudly. */
export function mockApi(handlers: Record<string, ApiHandler>) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    const handler = handlers[key];
    if (!handler) throw new Error(`Llamada inesperada: ${key}`);
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    return handler(body, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON bodies sent to "METHOD /path". */
export function sentBodies(fetchMock: ReturnType<typeof mockApi>, key: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => `${init?.method ?? 'GET'} ${url}` === key)
    .map(([, init]) =>
      typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    );
}

/** Puts the initial-data element in the page with these active regions. */
export function setInitialRegions(regiones: Region[], vapidPublicKey = '') {
  document.getElementById(INITIAL_DATA_ELEMENT_ID)?.remove();
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = INITIAL_DATA_ELEMENT_ID;
  script.textContent = JSON.stringify({
    updated: new Date().toISOString(),
    regiones,
    config: { mapsApiKey: '', vapidPublicKey },
  });
  document.head.append(script);
}

export function clearInitialData() {
  document.getElementById(INITIAL_DATA_ELEMENT_ID)?.remove();
}

/** Mantine keeps notifications in a global store: empty it between tests. */
export function resetNotifications() {
  act(() => {
    notifications.clean();
    notifications.cleanQueue();
  });
}
