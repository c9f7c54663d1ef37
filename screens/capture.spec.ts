import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { loginAs } from '../e2e/fixtures.js';
import { apiGet, apiPost } from '../e2e/supplier/helpers.js';

/*
 * The main screens of both portals, the driver page and the public shipment page, at 1440×900
 * and 390×844, on the demo data: docs/screens/<name>-<size>.png. Run with `npm run screens`
 * (after `npm run build`) and look at every picture before committing them.
 */

const DIR = 'docs/screens';
const SIZES = [
  ['escritorio', 1440, 900],
  ['movil', 390, 844],
] as const;

/** Both sizes of the page as it is now, each once nothing is loading any more. */
async function capture(page: Page, name: string) {
  for (const [size, width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
    await page.screenshot({ path: `${DIR}/${name}-${size}.png` });
  }
}

/** Opens `path` and waits for its level-1 heading. */
async function open(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({
    timeout: 30_000,
  });
}

test.beforeAll(() => mkdirSync(DIR, { recursive: true }));

test('customer portal', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible({ timeout: 30_000 });
  await capture(page, 'acceso-clientes');
  await loginAs(page, 'cliente@demo.es');
  await expect(page).toHaveURL(/\/clientes\/tracking$/, { timeout: 30_000 });
  await open(page, '/clientes/tracking', 'Tracking');
  await capture(page, 'clientes-tracking');
  await open(page, '/clientes/portes', 'Portes');
  await capture(page, 'clientes-portes');
  // The demo's live trip: position, ETA and stops.
  await open(page, '/clientes/tracking-porte/2699002', 'Tracking');
  await expect(page.getByRole('heading', { level: 2, name: 'Partida 2699002' })).toBeVisible();
  await capture(page, 'clientes-tracking-porte');
  await open(page, '/clientes/facturas', 'Facturas');
  await capture(page, 'clientes-facturas');
  await open(page, '/clientes/solicitar_transporte', 'Solicitar Transporte');
  await capture(page, 'clientes-solicitar-transporte');
});

test('carrier portal and driver page', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await loginAs(page, 'proveedor@demo.es', 'proveedores');
  await expect(page).toHaveURL(/\/proveedores\/cargas$/, { timeout: 30_000 });
  await open(page, '/proveedores/cargas', 'Cargas');
  await capture(page, 'proveedores-cargas');
  await open(page, '/proveedores/transportes', 'Histórico Transportes');
  await capture(page, 'proveedores-historico-transportes');
  await open(page, '/proveedores/subir-albaranes-entrega', 'Subir albaranes de entrega');
  await capture(page, 'proveedores-subir-albaranes');
  await open(page, '/proveedores/subir-facturas', 'Subir facturas');
  await capture(page, 'proveedores-subir-facturas');

  // The demo trip's driver link, as the driver's phone opens it.
  const { items } = await apiGet<{ items: Array<{ id: number; referencia: string }> }>(
    page,
    '/api/proveedores/transportes?limit=200',
  );
  const viaje = items.find((t) => t.referencia === 'TDEMO-A2');
  expect(viaje, 'TDEMO-A2').toBeDefined();
  const enlace = await apiPost<{ url: string }>(
    page,
    `/api/proveedores/transportes/${viaje!.id}/enlaces-conductor`,
  );
  expect(enlace.status).toBe(201);
  const driver = await browser.newPage();
  await driver.goto(new URL(enlace.body.url).pathname);
  await expect(driver.getByRole('heading', { level: 1, name: 'Viaje TDEMO-A2' })).toBeVisible({
    timeout: 30_000,
  });
  await capture(driver, 'conductor');
  await driver.close();
});

test('notice centre', async ({ browser }) => {
  test.setTimeout(180_000);
  // The customer: the live trip's arrival and loading (told at start), a delay, a delivery. The
  // carrier: the certificate about to expire (the jobs at start), offers, a saved search's load.
  for (const [email, portal, path, heading, name] of [
    ['cliente@demo.es', 'clientes', '/clientes/tracking', 'Tracking', 'clientes-avisos'],
    ['proveedor@demo.es', 'proveedores', '/proveedores/cargas', 'Cargas', 'proveedores-avisos'],
  ] as const) {
    const page = await browser.newPage();
    await loginAs(page, email, portal);
    await expect(page).toHaveURL(new RegExp(`${path}$`), { timeout: 30_000 });
    await open(page, path, heading);
    await page.getByRole('button', { name: /^Avisos: \d+ sin leer$/ }).click();
    const centro = page.getByRole('dialog', { name: 'Centro de avisos' });
    await expect(centro.getByRole('list', { name: 'Avisos recibidos' })).toBeVisible({
      timeout: 30_000,
    });
    await capture(page, name);
    await page.close();
  }
});
