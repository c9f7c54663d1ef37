import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { DataRouter, LoaderFunctionArgs, Params, RouteObject } from 'react-router';
import { createBrowserRouter, matchRoutes, redirect } from 'react-router';
import { customerResources, supplierResources } from '@extranet/contracts/menus/resources';
import { AppLoader } from '../components/page-loader';
import { ClienteLoginPage } from '../features/auth/pages/cliente-login-page';
import { ProveedorLoginPage } from '../features/auth/pages/proveedor-login-page';
import { loadAllTexts } from '../i18n';
import { createGuardLoader, rootLoader, type RouterBridge } from './guard-loaders';
import { LoginRoute } from './layouts/login-route';
import { RootLayout } from './layouts/root-layout';
import { RouteErrorPage } from './route-error-page';
import { isRouteHandle, type RouteHandle } from './route-handle';

// Every page and shell is its own chunk: only the code of the visited portal is downloaded.
// It renders once all texts are in: the entry only has the login pages' (i18n/index.ts).
function lazyComponent<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => {
    const [module] = await Promise.all([load(), loadAllTexts()]);
    return { Component: pick(module) };
  };
}

/**
 * A page's loader that starts the page's first query in the portal's query cache, without
 * waiting for it: the page's data is asked for with the navigation, not after the page's first
 * render (issue 20). Not on an access link's visit, whose session the page has yet to open.
 */
function prefetching(
  load: () => Promise<(client: QueryClient, url: URL, params: Params) => void>,
): (args: LoaderFunctionArgs) => Promise<null> {
  return async ({ request, params }) => {
    if (params.token) return null;
    const [prefetch, { portalQueryClient }] = await Promise.all([load(), import('./query-client')]);
    prefetch(portalQueryClient(), new URL(request.url), params);
    return null;
  };
}

function customer(handle: Omit<RouteHandle, 'portal' | 'requiresAuth'>): RouteHandle {
  return { ...handle, portal: 'clientes', requiresAuth: true };
}

function supplier(handle: Omit<RouteHandle, 'portal' | 'requiresAuth'>): RouteHandle {
  return { ...handle, portal: 'proveedores', requiresAuth: true };
}

/** Supplier pages also accept the access-link suffix `/:proveedorId/:token` (spec §2). */
const supplierSuffix = ':proveedorId?/:token?';
/** Customer pages accept `/:clienteId/:token` (spec §2). */
const customerSuffix = ':clienteId?/:token?';

function redirectTo(to: string) {
  // Keep the query (e.g. `?lang=`) across the redirect.
  return ({ request }: LoaderFunctionArgs) => redirect(`${to}${new URL(request.url).search}`);
}

/** A route that only redirects; `element: null` says it renders nothing on purpose. */
function redirectRoute(route: Pick<RouteObject, 'path' | 'index'>, to: string): RouteObject {
  return { ...route, loader: redirectTo(to), element: null };
}

/**
 * A layout route giving `children` the data cache and the calendar (app/data-scope.tsx). The
 * login pages stay outside: neither is in their first download (issue 7).
 */
function withDataScope(children: RouteObject[]): RouteObject {
  return {
    lazy: lazyComponent(
      () => import('./data-scope'),
      (m) => m.DataScope,
    ),
    children,
  };
}

/** Every route of spec §2. `bridge` connects the guard loaders to the router built from them. */
export function createAppRoutes(bridge: RouterBridge): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RouteErrorPage,
      HydrateFallback: AppLoader,
      loader: rootLoader,
      children: [
        redirectRoute({ path: '/' }, '/clientes/tracking'),
        redirectRoute({ path: '/access' }, '/clientes/tracking'),
        {
          path: '/access/:partida',
          element: null,
          loader: (args) =>
            redirectTo(`/clientes/tracking-porte/${encodeURIComponent(args.params.partida ?? '')}`)(
              args,
            ),
        },

        // Login pages: a centred box, no navigation bar. Most visits start here, so they are in
        // the entry (with their texts), and a first visit shows them without this router at
        // all (app/start.tsx, issue 21); these routes show them once the router is there.
        {
          Component: LoginRoute,
          children: [
            {
              path: '/login',
              handle: {
                name: 'cliente-login',
                title: 'Acceso clientes',
                portal: 'clientes',
                requiresAuth: false,
              } satisfies RouteHandle,
              Component: ClienteLoginPage,
            },
            {
              path: '/proveedores/login',
              handle: {
                name: 'proveedor-login',
                title: 'Acceso proveedores',
                portal: 'proveedores',
                requiresAuth: false,
              } satisfies RouteHandle,
              Component: ProveedorLoginPage,
            },
            withDataScope([
              {
                // The recovery e-mail's link: `/nueva-clave?portal=clientes#<token>`.
                path: '/nueva-clave',
                handle: {
                  name: 'nueva-clave',
                  title: 'Nueva contraseña',
                  requiresAuth: false,
                } satisfies RouteHandle,
                lazy: lazyComponent(
                  () => import('../features/auth/pages/nueva-clave-page'),
                  (m) => m.NuevaClavePage,
                ),
              },
              {
                // The QR code of an e-CMR's PDF: anyone holding the document checks it.
                path: '/ecmr/verificar/:verificacionId',
                handle: {
                  name: 'ecmr-verificacion',
                  title: 'Verificación del e-CMR',
                  requiresAuth: false,
                } satisfies RouteHandle,
                lazy: lazyComponent(
                  () => import('../features/ecmr/pages/verificacion-page'),
                  (m) => m.VerificacionEcmrPage,
                ),
              },
            ]),
          ],
        },

        // The portals, in one data scope: switching between them keeps the cache.
        withDataScope([
          {
            path: '/clientes',
            loader: createGuardLoader('clientes', bridge),
            // Check the session on every navigation, not only when the layout's params change.
            shouldRevalidate: () => true,
            lazy: lazyComponent(
              () => import('./layouts/customer-shell'),
              (m) => m.CustomerShell,
            ),
            children: [
              redirectRoute({ index: true }, '/clientes/tracking'),
              {
                path: 'maptest',
                handle: customer({ name: 'map-test', title: 'Mapa', hidden: true }),
                lazy: lazyComponent(
                  () => import('../features/tracking/pages/map-test-page'),
                  (m) => m.MapTestPage,
                ),
              },
              {
                path: `tracking/${customerSuffix}/:porteId?`,
                handle: customer({
                  name: 'cliente-tracking',
                  title: 'Tracking',
                  resource: customerResources.tracking,
                }),
                lazy: lazyComponent(
                  () => import('../features/tracking/pages/tracking-page'),
                  (m) => m.TrackingPage,
                ),
                loader: prefetching(() =>
                  import('../features/tracking/api/prefetch-tracking').then(
                    (m) => m.prefetchTracking,
                  ),
                ),
              },
              {
                path: `tracking-porte/:porteId/${customerSuffix}`,
                handle: customer({
                  name: 'cliente-tracking-porte',
                  title: 'Tracking',
                  hidden: true,
                  resource: customerResources.tracking,
                }),
                lazy: lazyComponent(
                  () => import('../features/tracking/pages/tracking-page'),
                  (m) => m.TrackingPage,
                ),
                loader: prefetching(() =>
                  import('../features/tracking/api/prefetch-tracking').then(
                    (m) => m.prefetchTracking,
                  ),
                ),
              },
              {
                path: `file/:archivoId/${customerSuffix}`,
                handle: customer({ name: 'cliente-archivo', title: 'Archivo', hidden: true }),
                lazy: lazyComponent(
                  () => import('../features/archivos/pages/archivo-page'),
                  (m) => m.ArchivoPage,
                ),
              },
              {
                path: `portes/${customerSuffix}`,
                handle: customer({
                  name: 'cliente-portes',
                  title: 'Portes',
                  resource: customerResources.portes,
                }),
                lazy: lazyComponent(
                  () => import('../features/portes/pages/portes-page'),
                  (m) => m.PortesPage,
                ),
              },
              {
                path: `historico/${customerSuffix}`,
                handle: customer({
                  name: 'cliente-historico',
                  title: 'Histórico',
                  resource: customerResources.historico,
                }),
                lazy: lazyComponent(
                  () => import('../features/portes/pages/historico-page'),
                  (m) => m.HistoricoPage,
                ),
              },
              {
                path: `facturas/${customerSuffix}`,
                handle: customer({
                  name: 'cliente-facturas',
                  title: 'Facturas',
                  resource: customerResources.facturas,
                }),
                lazy: lazyComponent(
                  () => import('../features/facturas/pages/facturas-page'),
                  (m) => m.FacturasPage,
                ),
              },
              {
                path: `solicitar_transporte/${customerSuffix}`,
                handle: customer({
                  name: 'cliente-solicitar-transporte',
                  title: 'Solicitar Transporte',
                  resource: customerResources.solicitar,
                }),
                lazy: lazyComponent(
                  () => import('../features/solicitudes/pages/solicitar-transporte-page'),
                  (m) => m.SolicitarTransportePage,
                ),
              },
              {
                path: `sugerencias/${customerSuffix}`,
                handle: customer({
                  name: 'cliente-sugerencias',
                  title: 'Sugerencias',
                  resource: customerResources.sugerencias,
                }),
                lazy: lazyComponent(
                  () => import('../features/sugerencias/pages/sugerencias-page'),
                  (m) => m.SugerenciasPage,
                ),
              },
            ],
          },

          {
            path: '/proveedores',
            loader: createGuardLoader('proveedores', bridge),
            shouldRevalidate: () => true,
            lazy: lazyComponent(
              () => import('./layouts/supplier-shell'),
              (m) => m.SupplierShell,
            ),
            children: [
              redirectRoute({ index: true }, '/proveedores/cargas'),
              redirectRoute({ path: 'access' }, '/proveedores/cargas'),
              {
                path: `cargas/${supplierSuffix}`,
                handle: supplier({
                  name: 'proveedor-cargas',
                  title: 'Cargas',
                  navLabel: 'Listado',
                  resource: supplierResources.cargas,
                }),
                lazy: lazyComponent(
                  () => import('../features/cargas/pages/cargas-page'),
                  (m) => m.CargasPage,
                ),
                // A loader goes after `lazy`: scripts/bundle-budget.mjs takes a route's first
                // import as its page.
                loader: prefetching(() =>
                  import('../features/cargas/api/get-cargas').then((m) => m.prefetchCargas),
                ),
              },
              {
                path: `panel/${supplierSuffix}`,
                handle: supplier({
                  name: 'proveedor-panel',
                  title: 'Panel de vehículos',
                  navLabel: 'Panel',
                  resource: supplierResources.panel,
                }),
                lazy: lazyComponent(
                  () => import('../features/vehiculos/pages/panel-page'),
                  (m) => m.PanelPage,
                ),
              },
              {
                path: `transportes/${supplierSuffix}`,
                handle: supplier({
                  name: 'proveedor-transportes',
                  title: 'Histórico Transportes',
                  resource: supplierResources.transportes,
                }),
                lazy: lazyComponent(
                  () => import('../features/transportes/pages/historico-transportes-page'),
                  (m) => m.HistoricoTransportesPage,
                ),
              },
              {
                path: `facturas/${supplierSuffix}`,
                handle: supplier({
                  name: 'proveedor-facturas',
                  title: 'Histórico Facturas',
                  resource: supplierResources.facturas,
                }),
                lazy: lazyComponent(
                  () => import('../features/facturas-proveedor/pages/historico-facturas-page'),
                  (m) => m.HistoricoFacturasPage,
                ),
              },
              {
                path: `subir-albaranes-entrega/${supplierSuffix}`,
                handle: supplier({
                  name: 'proveedor-subir-albaranes-entrega',
                  title: 'Subir albaranes de entrega',
                  resource: supplierResources.transportes,
                }),
                lazy: async () => {
                  const [m] = await Promise.all([
                    import('../features/transportes/pages/subir-albaranes-entrega-page'),
                    loadAllTexts(),
                  ]);
                  return {
                    loader: m.subirAlbaranesEntregaLoader,
                    Component: m.SubirAlbaranesEntregaPage,
                  };
                },
              },
              {
                path: `subir-facturas/${supplierSuffix}`,
                handle: supplier({
                  name: 'proveedor-subir-facturas',
                  title: 'Subir facturas',
                  resource: supplierResources.facturas,
                }),
                lazy: async () => {
                  const [m] = await Promise.all([
                    import('../features/transportes/pages/subir-facturas-page'),
                    loadAllTexts(),
                  ]);
                  return { loader: m.subirFacturasLoader, Component: m.SubirFacturasPage };
                },
              },
              {
                path: `ecmr/:subpartidaId/${supplierSuffix}`,
                handle: supplier({
                  name: 'proveedor-ecmr',
                  title: 'e-CMR',
                  hidden: true,
                  resource: supplierResources.transportes,
                }),
                lazy: lazyComponent(
                  () => import('../features/ecmr/pages/ecmr-page'),
                  (m) => m.EcmrPage,
                ),
              },
              {
                path: `certificados/${supplierSuffix}`,
                handle: supplier({
                  name: 'proveedor-certificados',
                  title: 'Certificados',
                  resource: supplierResources.certificados,
                }),
                lazy: lazyComponent(
                  () => import('../features/certificados/pages/certificados-page'),
                  (m) => m.CertificadosPage,
                ),
              },
              {
                path: `prevencion/${supplierSuffix}`,
                handle: supplier({
                  name: 'proveedor-prevencion',
                  title: 'Prevención',
                  resource: supplierResources.prevencion,
                }),
                lazy: lazyComponent(
                  () => import('../features/prevencion/pages/prevencion-page'),
                  (m) => m.PrevencionPage,
                ),
              },
            ],
          },
        ]),

        {
          path: '*',
          handle: {
            name: 'not-found',
            title: 'NOT FOUND',
            requiresAuth: false,
          } satisfies RouteHandle,
          lazy: lazyComponent(
            () => import('./not-found-page'),
            (m) => m.NotFoundPage,
          ),
        },
      ],
    },
  ];
}

/** The handle of the deepest route matching `pathname` (undefined for redirects and unknown paths). */
export function leafHandle(routes: RouteObject[], pathname: string): RouteHandle | undefined {
  const matches = matchRoutes(routes, pathname) ?? [];
  const handle = matches.at(-1)?.route.handle as unknown;
  return isRouteHandle(handle) ? handle : undefined;
}

/**
 * Builds the app's routes and the router over them. Tests pass `createMemoryRouter` (with its
 * initial entries) instead of the browser router.
 */
export function createAppRouter(
  create: (routes: RouteObject[]) => DataRouter = (routes) => createBrowserRouter(routes),
): DataRouter {
  // The loaders run during `create` (first load) already, before the router is returned.
  const built: { router?: DataRouter } = {};
  const routes: RouteObject[] = createAppRoutes({
    navigate: (to) => built.router?.navigate(to, { replace: true }),
    // Before the router exists (its first load), the browser's location is the target.
    pendingLocation: () => {
      const { router } = built;
      return router ? (router.state.navigation.location ?? router.state.location) : window.location;
    },
    // Routes without a handle only redirect; the page they redirect to is guarded.
    requiresAuth: (pathname) => leafHandle(routes, pathname)?.requiresAuth ?? false,
  });
  const router = create(routes);
  built.router = router;
  return router;
}
