// node --test scripts/bundle-budget.test.mjs — the budget arithmetic on a hand-made manifest, and
// the command failing on a deliberately oversized build.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import {
  BUDGETS,
  checkBudgets,
  formatKib,
  KIB,
  LOGIN_ROUTES,
  PORTAL_FRAME,
  portalRouteRows,
  portalRoutes,
  ROUTER_SOURCE,
  staleRouteBudgets,
} from './bundle-budget.mjs';

const manifest = {
  'index.html': {
    file: 'e.js',
    isEntry: true,
    imports: ['_shared.js'],
    dynamicImports: [
      'src/i18n/es.json',
      'src/app/layouts/login-layout.tsx',
      'src/features/auth/pages/cliente-login-page.tsx',
      'src/features/auth/pages/proveedor-login-page.tsx',
      'src/big-page.tsx',
    ],
  },
  '_shared.js': { file: 's.js' },
  '_form.js': { file: 'f.js', imports: ['_shared.js'] },
  'src/i18n/es.json': { file: 'es.js' },
  'src/app/layouts/login-layout.tsx': { file: 'l.js', imports: ['index.html'] },
  'src/features/auth/pages/cliente-login-page.tsx': { file: 'c.js', imports: ['_form.js'] },
  'src/features/auth/pages/proveedor-login-page.tsx': { file: 'p.js', imports: ['_form.js'] },
  'src/big-page.tsx': { file: 'b.js', imports: ['_form.js'] },
};
const sizes = {
  'e.js': 80,
  's.js': 20,
  'f.js': 10,
  'es.js': 7,
  'l.js': 1,
  'c.js': 2,
  'p.js': 3,
  'b.js': 61,
};
const sizeOf = (file) => sizes[file] * KIB;

test('a lazy login route counts the entry, its imports, the layout and the page once', () => {
  const rows = checkBudgets(manifest, sizeOf);
  const login = rows.find((row) => row.name === '/login');
  assert.equal(login.bytes, (80 + 20 + 1 + 2 + 10) * KIB);
  assert.equal(login.ok, true);
});

test('a login page bundled into the entry counts with the entry, found by its source map', () => {
  const {
    'src/app/layouts/login-layout.tsx': _layout,
    'src/features/auth/pages/cliente-login-page.tsx': _cliente,
    'src/features/auth/pages/proveedor-login-page.tsx': _proveedor,
    ...eager
  } = manifest;
  eager['index.html'] = { ...eager['index.html'], dynamicImports: ['src/big-page.tsx'] };
  const modulesOf = (file) =>
    file === 's.js'
      ? [
          '../../src/app/layouts/login-layout.tsx',
          '../../src/features/auth/pages/cliente-login-page.tsx',
          '../../src/features/auth/pages/proveedor-login-page.tsx',
        ]
      : [];
  const rows = checkBudgets(eager, sizeOf, undefined, modulesOf);
  assert.equal(rows.find((row) => row.name === '/login').bytes, (80 + 20) * KIB);
  assert.throws(() => checkBudgets(eager, sizeOf), /src\/app\/layouts\/login-layout.tsx/);
});

test('a lazy chunk over 60 KiB and a route over its budget fail', () => {
  const rows = checkBudgets(manifest, sizeOf, { loginRoute: 113.5 * KIB, lazyChunk: 60 * KIB });
  const failing = rows.filter((row) => !row.ok).map((row) => row.name);
  assert.deepEqual(failing, ['/proveedores/login', 'src/big-page.tsx']);
  assert.equal(rows.find((row) => row.name === 'src/big-page.tsx').withImports, 71 * KIB);
});

test('a chunk with a budget of its own is held to it, not to the lazy-chunk one', () => {
  const budgets = { loginRoute: 150 * KIB, lazyChunk: 60 * KIB };
  const within = { ...budgets, chunks: { 'src/big-page.tsx': 64 * KIB } };
  assert.equal(
    checkBudgets(manifest, sizeOf, within).find((r) => r.name === 'src/big-page.tsx').ok,
    true,
  );
  const below = { ...budgets, chunks: { 'src/big-page.tsx': 50 * KIB } };
  const row = checkBudgets(manifest, sizeOf, below).find((r) => r.name === 'src/big-page.tsx');
  assert.deepEqual([row.ok, row.budget], [false, 50 * KIB]);
});

test('a module the budget names but the build lacks is an error, not a pass', () => {
  const { 'src/features/auth/pages/cliente-login-page.tsx': _removed, ...withoutPage } = manifest;
  assert.throws(
    () => checkBudgets(withoutPage, sizeOf),
    /src\/features\/auth\/pages\/cliente-login-page.tsx/,
  );
});

/** A router in the shape of app/router.tsx: two guarded portals, redirects, a public page. */
const routerSource = `
const customerSuffix = ':clienteId?/:token?';
function withDataScope(children) {
  return { lazy: lazyComponent(() => import('./data-scope'), (m) => m.DataScope), children };
}
export function createAppRoutes(bridge) {
  return [{
    children: [
      redirectRoute({ path: '/' }, '/clientes/portes'),
      { path: '/nueva-clave', lazy: lazyComponent(() => import('../features/auth/pages/nueva-clave-page'), (m) => m.X) },
      withDataScope([
        {
          path: '/clientes',
          loader: createGuardLoader('clientes', bridge),
          lazy: lazyComponent(() => import('./layouts/customer-shell'), (m) => m.CustomerShell),
          children: [
            redirectRoute({ index: true }, '/clientes/portes'),
            {
              path: \`portes/\${customerSuffix}\`,
              handle: customer({ name: 'cliente-portes', title: 'Portes' }),
              lazy: lazyComponent(() => import('../features/portes/pages/portes-page'), (m) => m.P),
            },
            {
              path: \`tracking-porte/:porteId/\${customerSuffix}\`,
              lazy: lazyComponent(() => import('../features/tracking/pages/tracking-page'), (m) => m.T),
            },
          ],
        },
        {
          path: '/proveedores',
          loader: createGuardLoader('proveedores', bridge),
          lazy: lazyComponent(() => import('./layouts/supplier-shell'), (m) => m.SupplierShell),
          children: [
            redirectRoute({ path: 'access' }, '/proveedores/cargas'),
            {
              path: 'cargas',
              lazy: async () => {
                const [m] = await Promise.all([import('../features/cargas/pages/cargas-page'), loadAllTexts()]);
                return { Component: m.CargasPage };
              },
            },
          ],
        },
      ]),
      { path: '*', lazy: lazyComponent(() => import('./not-found-page'), (m) => m.NotFoundPage) },
    ],
  }];
}
`;

test('the portal routes are read from the router: shell and page of each guarded child', () => {
  assert.deepEqual(portalRoutes(routerSource), [
    {
      name: '/clientes/portes',
      modules: ['src/app/layouts/customer-shell', 'src/features/portes/pages/portes-page'],
    },
    {
      name: '/clientes/tracking-porte/:porteId',
      modules: ['src/app/layouts/customer-shell', 'src/features/tracking/pages/tracking-page'],
    },
    {
      name: '/proveedores/cargas',
      modules: ['src/app/layouts/supplier-shell', 'src/features/cargas/pages/cargas-page'],
    },
  ]);
  assert.throws(() => portalRoutes('export const routes = [];'), /rutas de portal/);
});

test("the app's router has portal routes in both portals", () => {
  const names = portalRoutes(readFileSync(ROUTER_SOURCE, 'utf8')).map((route) => route.name);
  assert.ok(names.includes('/clientes/portes'), names.join(', '));
  assert.ok(names.includes('/proveedores/cargas'), names.join(', '));
});

/** A build with a login entry, the portal's frame, a shell and two pages. */
const portalManifest = {
  'index.html': {
    file: 'e.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: ['src/app/router-app.tsx', 'src/i18n/es.json'],
  },
  '_react.js': { file: 'react.js' },
  '_router.js': { file: 'router.js', imports: ['_react.js'] },
  '_query.js': { file: 'query.js' },
  '_table.js': { file: 'table.js', imports: ['_query.js', 'index.html'] },
  'src/app/router-app.tsx': {
    file: 'ra.js',
    imports: ['_router.js', 'index.html'],
    dynamicImports: [
      'src/app/data-scope.tsx',
      'src/app/layouts/customer-shell.tsx',
      'src/features/portes/pages/portes-page.tsx',
      'src/features/tracking/pages/tracking-page.tsx',
    ],
  },
  'src/app/data-scope.tsx': { file: 'ds.js', imports: ['_query.js', '_router.js'] },
  'src/i18n/es.json': { file: 'es.js' },
  'src/app/layouts/customer-shell.tsx': { file: 'cs.js', imports: ['_router.js'] },
  'src/features/portes/pages/portes-page.tsx': {
    file: 'pp.js',
    imports: ['_table.js', '_router.js'],
    dynamicImports: ['src/dialog.tsx'],
    css: ['pp.css'],
  },
  'src/features/tracking/pages/tracking-page.tsx': { file: 'tp.js', imports: ['_query.js'] },
  'src/dialog.tsx': { file: 'd.js', imports: ['_table.js'] },
  'pp.css': { file: 'pp.css' },
};
const portalSizes = {
  'e.js': 100,
  'react.js': 40,
  'router.js': 30,
  'query.js': 8,
  'table.js': 25,
  'ra.js': 5,
  'ds.js': 3,
  'es.js': 12,
  'cs.js': 14,
  'pp.js': 2,
  'tp.js': 7,
  'd.js': 9,
};
const portalSizeOf = (file) => portalSizes[file] * KIB;
const portalTable = [
  {
    name: '/clientes/portes',
    modules: ['src/app/layouts/customer-shell', 'src/features/portes/pages/portes-page'],
  },
  {
    name: '/clientes/tracking-porte/:porteId',
    modules: ['src/app/layouts/customer-shell', 'src/features/tracking/pages/tracking-page'],
  },
];

test('a portal route counts the frame, its shell, its page and their static imports once, beyond the login entry', () => {
  assert.deepEqual(PORTAL_FRAME, [
    'src/app/router-app.tsx',
    'src/app/data-scope.tsx',
    'src/i18n/es.json',
  ]);
  const issueBudget = { portalRoute: 60 * KIB };
  const [portes, tracking] = portalRouteRows(
    portalManifest,
    portalTable,
    portalSizeOf,
    issueBudget,
  );
  // Router 30 + router-app 5 + data scope 3 + query 8 (once) + texts 12 + shell 14: the frame.
  assert.equal(portes.frame, 72 * KIB);
  // The page 2 and its table 25; not React (in the entry), not the dialog it loads on demand.
  assert.equal(portes.bytes, (72 + 2 + 25) * KIB);
  assert.deepEqual(portes.chunks, ['_table.js', 'src/features/portes/pages/portes-page.tsx']);
  assert.deepEqual([portes.budget, portes.ok], [60 * KIB, false]);
  // Tracking's query is the frame's already.
  assert.equal(tracking.bytes, (72 + 7) * KIB);
});

test('a portal route with a budget of its own is held to it', () => {
  const budgets = {
    ...BUDGETS,
    portalRoute: 80 * KIB,
    routes: { '/clientes/portes': 98 * KIB },
  };
  const [portes, tracking] = portalRouteRows(portalManifest, portalTable, portalSizeOf, budgets);
  assert.deepEqual([portes.budget, portes.ok], [98 * KIB, false]);
  assert.deepEqual([tracking.budget, tracking.ok], [80 * KIB, true]);
  const loginPages = (file) => (file === 'e.js' ? Object.values(LOGIN_ROUTES).flat() : []);
  const rows = checkBudgets(portalManifest, portalSizeOf, budgets, loginPages, portalTable);
  const failing = rows.filter((row) => row.kind === 'portal' && !row.ok).map((row) => row.name);
  assert.deepEqual(failing, ['/clientes/portes']);
});

test("a route budget the router no longer has is found, the app's own have none", () => {
  const budgets = { routes: { '/clientes/portes': KIB, '/clientes/antigua': KIB } };
  assert.deepEqual(staleRouteBudgets(portalTable, budgets), ['/clientes/antigua']);
  assert.deepEqual(staleRouteBudgets(portalRoutes(readFileSync(ROUTER_SOURCE, 'utf8'))), []);
});

test('a portal page the build lacks is an error, not a pass', () => {
  const missing = [{ name: '/clientes/x', modules: ['src/app/layouts/customer-shell', 'src/x'] }];
  assert.throws(() => portalRouteRows(portalManifest, missing, portalSizeOf), /src\/x/);
});

/** `kib` KiB of JavaScript that does not compress: random bytes written as base64. */
function incompressible(kib) {
  return `// ${randomBytes(kib * KIB).toString('base64')}\n`;
}

/**
 * A dist directory whose entries are `entryKib` and `driverKib` KiB of incompressible JavaScript,
 * with the app's portal routes (from its router): a router chunk of `routerKib` KiB, tiny shells
 * and pages.
 */
function fakeBuild(entryKib, driverKib = 10, routerKib = 1) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bundle-budget-'));
  mkdirSync(path.join(dir, '.vite'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets/index.js'), incompressible(entryKib));
  writeFileSync(
    path.join(dir, 'assets/index.js.map'),
    JSON.stringify({
      version: 3,
      sources: [
        '../../src/app/layouts/login-layout.tsx',
        '../../src/features/auth/pages/cliente-login-page.tsx',
        '../../src/features/auth/pages/proveedor-login-page.tsx',
      ],
      mappings: '',
    }),
  );
  const manifest = { 'index.html': { file: 'assets/index.js', isEntry: true } };
  const routes = portalRoutes(readFileSync(ROUTER_SOURCE, 'utf8'));
  const modules = new Set([...PORTAL_FRAME, ...routes.flatMap((route) => route.modules)]);
  for (const [index, module] of [...modules].entries()) {
    const key = path.extname(module) ? module : `${module}.tsx`;
    const file = `assets/portal-${index}.js`;
    const kib = module === 'src/app/router-app.tsx' ? routerKib : 0;
    writeFileSync(path.join(dir, file), kib ? incompressible(kib) : `// ${module}\n`);
    manifest[key] = { file, imports: ['index.html'] };
  }
  writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
  writeFileSync(path.join(dir, 'assets/conductor.js'), incompressible(driverKib));
  writeFileSync(
    path.join(dir, '.vite/manifest-conductor.json'),
    JSON.stringify({ 'conductor.html': { file: 'assets/conductor.js', isEntry: true } }),
  );
  return dir;
}

const checkCommand = fileURLToPath(new URL('./check-bundle-budget.mjs', import.meta.url));

test('the command fails on an oversized build and passes on a small one', () => {
  // Random bytes (written as base64) do not compress: 220 KiB of them gzip to some 220 KiB.
  for (const [entryKib, status] of [
    [220, 1],
    [40, 0],
  ]) {
    const dir = fakeBuild(entryKib);
    try {
      const run = spawnSync(process.execPath, [checkCommand, dir], { encoding: 'utf8' });
      assert.equal(run.status, status, run.stdout + run.stderr);
      if (status === 1) {
        const limit = formatKib(BUDGETS.loginRoute).replace('.', '\\.');
        assert.match(run.stderr, new RegExp(`ruta /login: .* > ${limit}`));
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
});

test('a portal route over its budget fails the command, naming what holds it', () => {
  // The router chunk counts for every portal route: 300 KiB of it is over any route's budget.
  const dir = fakeBuild(40, 10, 300);
  try {
    const run = spawnSync(process.execPath, [checkCommand, dir], { encoding: 'utf8' });
    assert.equal(run.status, 1, run.stdout + run.stderr);
    assert.match(run.stderr, /portal \/clientes\/portes: 30\d\.\d KiB > /);
    assert.match(run.stderr, /portal \/proveedores\/cargas: 30\d\.\d KiB > /);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the driver page has its own budget: over 80 KiB fails the command', () => {
  const dir = fakeBuild(40, 90);
  try {
    const run = spawnSync(process.execPath, [checkCommand, dir], { encoding: 'utf8' });
    assert.equal(run.status, 1, run.stdout + run.stderr);
    assert.match(run.stderr, /ruta \/conductor\/:token: .* > 80\.0 KiB/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a build without the driver page fails the budget', () => {
  const dir = fakeBuild(40);
  rmSync(path.join(dir, '.vite/manifest-conductor.json'));
  try {
    const run = spawnSync(process.execPath, [checkCommand, dir], { encoding: 'utf8' });
    assert.equal(run.status, 1, run.stdout + run.stderr);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
