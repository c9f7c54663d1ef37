import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
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
export function checkBudgets(manifest, sizeOf, budgets = BUDGETS, modulesOf = () => []) {
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

/** Reads `<distDir>/.vite/manifest.json` and gzips the built files it names. */
export function measureBuild(distDir) {
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
  const rows = checkBudgets(manifest, sizeOf, BUDGETS, modulesOf);
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
