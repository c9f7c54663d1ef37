import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** One KiB, the unit of every budget. */
export const KIB = 1024;

/**
 * Budgets of the web build (issue 7), in gzipped bytes: the JavaScript a first visit to a login
 * page downloads before it shows, and each lazily loaded chunk (pages, layouts, dialogs, locales,
 * maps).
 */
export const BUDGETS = {
  /**
   * Issue 21's ceiling, 120 KiB; 116.7 once the login pages start without the router (decision
   * 018). A budget at the measured size would fail on a hash's byte: the ceiling is the rule.
   */
  loginRoute: 120 * KIB,
  lazyChunk: 60 * KIB,
  /**
   * Lazy chunks with a budget of their own. The offline map is MapLibre GL (issue 14), about
   * 240 KiB that cannot be split: fetched only when a map is on screen, never by a login page.
   */
  chunks: { 'src/components/map-view/maplibre-map.tsx': 256 * KIB },
  /**
   * Issue 21: what a signed-in user downloads on opening a portal route, beyond the login
   * entry (portalRouteRows). Routes that stay over it have a budget of their own in `routes`.
   */
  portalRoute: 60 * KIB,
  /**
   * Every portal route is over 60 KiB (decision 023): the frame they all download is 89-90 KiB
   * (react-router 29.4, the shell 13, all the Spanish texts 11.6, TanStack Query 10, the route
   * table 6, react-remove-scroll 4.2 for the header, dayjs 3.1 …). The header's menus and
   * tooltips load on first use and the navigation scrolls natively (session 15: the frame was
   * 129-130 KiB); pages with selects, tabs, tooltips or scroll areas bring Mantine's overlays
   * and Floating UI themselves. Each budget is the measured size rounded up to the next KiB plus 2 KiB, so that
   * a route that grows fails; the comment says what the page adds.
   */
  routes: {
    '/clientes/maptest': 100 * KIB, // 97.7: the map's frame (the map itself loads apart)
    '/clientes/tracking/:porteId?': 116 * KIB, // 113.3: the page 7.6, the map's frame
    '/clientes/tracking-porte/:porteId': 116 * KIB, // 113.3: the same page
    '/clientes/file/:archivoId': 97 * KIB, // 95.0
    '/clientes/portes': 181 * KIB, // 178.8: the data table 25.1, Select 6.5
    '/clientes/historico': 171 * KIB, // 168.8: the data table
    '/clientes/facturas': 163 * KIB, // 160.5: the data table
    '/clientes/solicitar_transporte': 165 * KIB, // 162.2: the form (NumberInput 9.2, form 6.0)
    '/clientes/sugerencias': 106 * KIB, // 103.4: the form library 6.0
    '/proveedores/cargas': 191 * KIB, // 188.9: the data table, the page 7.1, Select
    '/proveedores/panel': 163 * KIB, // 160.5: the data table (its confirmation opens lazily)
    '/proveedores/transportes': 182 * KIB, // 179.4: the data table, Select
    '/proveedores/facturas': 180 * KIB, // 177.1: the data table, Select
    '/proveedores/subir-albaranes-entrega': 159 * KIB, // 156.3: Select, the drop zone
    '/proveedores/subir-facturas': 182 * KIB, // 179.6: the data table, Select
    '/proveedores/ecmr/:subpartidaId': 128 * KIB, // 125.1
    '/proveedores/certificados': 99 * KIB, // 96.7
    '/proveedores/prevencion': 97 * KIB, // 94.7
  },
  /**
   * The driver's phone page (issue 17), a build of its own (`conductor.html`): everything it
   * loads before it shows, on a phone, often on a weak network.
   */
  driverPage: 80 * KIB,
};

/** The driver page's manifest, beside the portal's (apps/web/vite.conductor.config.ts). */
export const DRIVER_MANIFEST = 'manifest-conductor.json';

/**
 * The modules each login route renders (source paths, as Vite's manifest names them). A module
 * that is its own chunk counts with what that chunk imports; one bundled into the entry (the
 * login pages are, issue 7) must show in the counted chunks' source maps, or the check fails.
 */
export const LOGIN_ROUTES = {
  '/login': ['src/app/layouts/login-layout.tsx', 'src/features/auth/pages/cliente-login-page.tsx'],
  '/proveedores/login': [
    'src/app/layouts/login-layout.tsx',
    'src/features/auth/pages/proveedor-login-page.tsx',
  ],
};

/** The router's source, which names the portal routes (portalRoutes). */
export const ROUTER_SOURCE = fileURLToPath(
  new URL('../apps/web/src/app/router.tsx', import.meta.url),
);

/**
 * What every portal route loads before it shows besides its shell and its page: the router
 * (app/start.tsx imports it on any page but a login page), the data scope around the portals,
 * and all the Spanish texts, which router.tsx's `lazyComponent` awaits with every lazy module.
 */
export const PORTAL_FRAME = [
  'src/app/router-app.tsx',
  'src/app/data-scope.tsx',
  'src/i18n/es.json',
];

/** The object literal around `index` in `source`: from its `{` to its `}`. */
function enclosingObject(source, index) {
  let depth = 0;
  let start = index;
  for (; start >= 0; start -= 1) {
    if (source[start] === '}') depth += 1;
    else if (source[start] === '{' && depth-- === 0) break;
  }
  depth = 0;
  for (let end = start; end < source.length; end += 1) {
    if (source[end] === '{') depth += 1;
    else if (source[end] === '}' && --depth === 0) return source.slice(start, end + 1);
  }
  throw new Error('El router no cierra la ruta del portal');
}

/**
 * The portal routes of the router's source (app/router.tsx), so that a new page is budgeted
 * without a list to keep: in each route guarded by `createGuardLoader(…)`, the shell it loads
 * and every child route that loads a page, as `{ name: '/clientes/portes', modules: [shell,
 * page] }`. Modules are source paths without their extension (`src/app/layouts/customer-shell`);
 * the access-link suffixes (`${customerSuffix}`) are left out of the names.
 */
export function portalRoutes(source, dir = 'src/app') {
  const routes = [];
  const guards = [...source.matchAll(/createGuardLoader\(/g)];
  if (guards.length === 0) throw new Error('El router no tiene rutas de portal');
  for (const guard of guards) {
    const block = enclosingObject(source, guard.index);
    const tokens = block.matchAll(/\bpath:\s*(['`])(.*?)\1|\bimport\(\s*'([^']+)'\s*\)/g);
    let portal;
    let shell;
    let pending;
    for (const [, , routePath, imported] of tokens) {
      if (routePath !== undefined) {
        if (portal === undefined) portal = routePath;
        else pending = routePath;
        continue;
      }
      const module = path.posix.join(dir, imported);
      if (shell === undefined) {
        shell = module;
      } else if (pending !== undefined) {
        const segments = pending.split('/').filter((segment) => !segment.startsWith('${'));
        routes.push({ name: `${portal}/${segments.join('/')}`, modules: [shell, module] });
        pending = undefined;
      }
    }
    if (!routes.some((route) => route.modules[0] === shell)) {
      throw new Error(`El router no tiene páginas en el portal ${portal}`);
    }
  }
  return routes;
}

/** The manifest key of a source module named with or without its extension. */
function manifestKey(manifest, module) {
  const key = [module, `${module}.tsx`, `${module}.ts`].find((candidate) => manifest[candidate]);
  if (key === undefined) throw new Error(`El manifiesto no tiene ${module}`);
  return key;
}

/**
 * One row per portal route (issue 21): the gzipped JavaScript a signed-in user downloads on
 * opening it beyond the login entry and what it imports statically, i.e. the static closure of
 * PORTAL_FRAME, the shell and the page, each chunk once. Dynamic imports (dialogs, maps, the
 * response schemas the fetchers load with the request) are not counted. `frame` is the part
 * every route of the portal shares (PORTAL_FRAME and the shell); `chunks` lists the keys only
 * the page brings, largest first.
 */
export function portalRouteRows(manifest, routes, sizeOf, budgets = BUDGETS) {
  const login = staticClosure(manifest, [entryKey(manifest)]);
  const size = (key) => gzippedSize(manifest, [key], sizeOf);
  const beyondLogin = (modules) =>
    [
      ...staticClosure(
        manifest,
        modules.map((module) => manifestKey(manifest, module)),
      ),
    ].filter((key) => !login.has(key));
  return routes.map(({ name, modules }) => {
    const frameKeys = beyondLogin([...PORTAL_FRAME, ...modules.slice(0, -1)]);
    const routeKeys = beyondLogin([...PORTAL_FRAME, ...modules]);
    const chunks = routeKeys
      .filter((key) => !frameKeys.includes(key))
      .sort((a, b) => size(b) - size(a));
    const bytes = gzippedSize(manifest, routeKeys, sizeOf);
    const frame = gzippedSize(manifest, frameKeys, sizeOf);
    const budget = budgets.routes?.[name] ?? budgets.portalRoute;
    return { kind: 'portal', name, bytes, frame, budget, chunks, ok: bytes <= budget };
  });
}

/** Route budgets naming no route of `routes` (a route renamed or removed): to update. */
export function staleRouteBudgets(routes, budgets = BUDGETS) {
  const names = new Set(routes.map((route) => route.name));
  return Object.keys(budgets.routes ?? {}).filter((name) => !names.has(name));
}

/** The manifest's entry key (`index.html`). */
export function entryKey(manifest) {
  const keys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (keys.length !== 1) throw new Error(`Se esperaba una entrada en el manifiesto: ${keys}`);
  return keys[0];
}

/** `keys` and everything they import statically (what the browser fetches before running them). */
export function staticClosure(manifest, keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`El manifiesto no tiene ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

/** Every key some chunk imports dynamically (pages, layouts, dialogs, locales, maps …). */
export function lazyKeys(manifest) {
  const keys = new Set();
  for (const chunk of Object.values(manifest)) {
    for (const imported of chunk.dynamicImports ?? []) keys.add(imported);
  }
  return [...keys].sort();
}

/** Sum of the gzipped sizes of the JavaScript files of `keys`. */
export function gzippedSize(manifest, keys, sizeOf) {
  let total = 0;
  for (const key of keys) {
    const file = manifest[key].file;
    if (file.endsWith('.js')) total += sizeOf(file);
  }
  return total;
}

/**
 * The manifest keys a first visit to a route rendering `modules` downloads: the entry, each
 * module's own chunk when it has one, and everything those import statically. `modulesOf(file)`
 * lists the source files bundled in a built file (from its source map).
 */
export function routeKeys(manifest, modules, modulesOf) {
  const keys = staticClosure(manifest, [
    entryKey(manifest),
    ...modules.filter((module) => manifest[module]),
  ]);
  for (const module of modules.filter((candidate) => !manifest[candidate])) {
    const bundled = [...keys].some((key) =>
      modulesOf(manifest[key].file).some(
        (source) => source === module || source.endsWith(`/${module}`),
      ),
    );
    if (!bundled) {
      throw new Error(`El manifiesto no tiene ${module}, ni está en los ficheros de la ruta`);
    }
  }
  return keys;
}

/**
 * Checks the budgets against a manifest; `sizeOf(file)` gives a file's gzipped size and
 * `modulesOf(file)` the sources bundled in it. Returns one row per measured group, with `ok`
 * false when it is over its budget.
 */
export function checkBudgets(
  manifest,
  sizeOf,
  budgets = BUDGETS,
  modulesOf = () => [],
  routes = [],
) {
  const entry = staticClosure(manifest, [entryKey(manifest)]);
  const rows = [];
  for (const [route, modules] of Object.entries(LOGIN_ROUTES)) {
    const bytes = gzippedSize(manifest, routeKeys(manifest, modules, modulesOf), sizeOf);
    rows.push({ kind: 'ruta', name: route, bytes, budget: budgets.loginRoute });
  }
  for (const key of lazyKeys(manifest)) {
    if (!manifest[key].file.endsWith('.js')) continue;
    const bytes = gzippedSize(manifest, [key], sizeOf);
    // Informative: the chunk with the shared chunks it imports that the entry lacks.
    const added = [...staticClosure(manifest, [key])].filter((k) => !entry.has(k));
    const withImports = gzippedSize(manifest, added, sizeOf);
    const budget = budgets.chunks?.[key] ?? budgets.lazyChunk;
    rows.push({ kind: 'chunk', name: key, bytes, withImports, budget });
  }
  rows.push(...portalRouteRows(manifest, routes, sizeOf, budgets));
  return rows.map((row) => ({ ...row, ok: row.bytes <= row.budget }));
}

/** The driver page's row: its entry and what it imports statically (lazy locales apart). */
export function checkDriverPage(
  manifest,
  sizeOf,
  budgets = BUDGETS,
  entry = 'conductor.html',
  name = '/conductor/:token',
) {
  // The manifest also holds the shared shipment's page (envio.html), budgeted alike.
  const key = manifest[entry]?.isEntry ? entry : entryKey(manifest);
  const bytes = gzippedSize(manifest, staticClosure(manifest, [key]), sizeOf);
  return {
    kind: 'ruta',
    name,
    bytes,
    budget: budgets.driverPage,
    ok: bytes <= budgets.driverPage,
  };
}

/**
 * Reads `<distDir>/.vite/manifest.json` and gzips the built files it names; the portal routes
 * come from `routerSource`.
 */
export function measureBuild(distDir, routerSource = ROUTER_SOURCE) {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const driverManifestPath = path.join(distDir, '.vite', DRIVER_MANIFEST);
  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) {
      sizes.set(file, gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length);
    }
    return sizes.get(file);
  };
  const modulesOf = (file) => {
    const mapPath = path.join(distDir, `${file}.map`);
    if (!existsSync(mapPath)) return [];
    return JSON.parse(readFileSync(mapPath, 'utf8')).sources.map((source) =>
      source.replaceAll('\\', '/'),
    );
  };
  const routes = portalRoutes(readFileSync(routerSource, 'utf8'));
  const stale = staleRouteBudgets(routes);
  if (stale.length > 0) throw new Error(`Presupuestos de rutas que el router no tiene: ${stale}`);
  const rows = checkBudgets(manifest, sizeOf, BUDGETS, modulesOf, routes);
  // A build without the driver page fails: its budget would otherwise go unchecked.
  if (!existsSync(driverManifestPath)) {
    rows.push({
      kind: 'ruta',
      name: '/conductor/:token',
      bytes: NaN,
      budget: BUDGETS.driverPage,
      ok: false,
    });
  } else {
    const driverManifest = JSON.parse(readFileSync(driverManifestPath, 'utf8'));
    rows.push(checkDriverPage(driverManifest, sizeOf));
    if (driverManifest['envio.html']) {
      rows.push(checkDriverPage(driverManifest, sizeOf, BUDGETS, 'envio.html', '/envio/:token'));
    }
  }
  return rows;
}

/** `123.4 KiB`. */
export function formatKib(bytes) {
  return `${(bytes / KIB).toFixed(1)} KiB`;
}
