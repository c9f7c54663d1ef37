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
import { BUDGETS, checkBudgets, formatKib, KIB } from './bundle-budget.mjs';

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

/** A dist directory whose entries are `entryKib` and `driverKib` KiB of incompressible JavaScript. */
function fakeBuild(entryKib, driverKib = 10) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bundle-budget-'));
  mkdirSync(path.join(dir, '.vite'));
  mkdirSync(path.join(dir, 'assets'));
  const entry = `// ${randomBytes(entryKib * KIB).toString('base64')}\n`;
  writeFileSync(path.join(dir, 'assets/index.js'), entry);
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
  writeFileSync(
    path.join(dir, '.vite/manifest.json'),
    JSON.stringify({ 'index.html': { file: 'assets/index.js', isEntry: true } }),
  );
  writeFileSync(
    path.join(dir, 'assets/conductor.js'),
    `// ${randomBytes(driverKib * KIB).toString('base64')}\n`,
  );
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
