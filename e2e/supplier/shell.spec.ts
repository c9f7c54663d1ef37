import { expect, test } from '@playwright/test';
import { accessLinkSuffix, signIn } from '../fixtures.js';

const supplierPages: Array<[path: string, heading: string]> = [
  ['/proveedores/cargas', 'Cargas'],
  ['/proveedores/panel', 'Panel de vehículos'],
  ['/proveedores/transportes', 'Histórico Transportes'],
  ['/proveedores/facturas', 'Histórico Facturas'],
  ['/proveedores/subir-albaranes-entrega', 'Subir albaranes de entrega'],
  ['/proveedores/subir-facturas', 'Subir facturas'],
  ['/proveedores/certificados', 'Certificados'],
  ['/proveedores/prevencion', 'Prevención'],
];

test.describe('supplier portal shell', () => {
  for (const [path] of supplierPages) {
    test(`${path} sends an anonymous visitor to the supplier login`, async ({ page }) => {
      await page.goto(`${path}?desde=2026-01-01`);
      await expect(page).toHaveURL(/\/proveedores\/login$/);
      expect(await page.evaluate(() => JSON.stringify(sessionStorage))).toContain(
        `${path}?desde=2026-01-01`,
      );
    });
  }

  test('a signed-in carrier reaches every page; the navigation says Listado and Panel', async ({
    page,
  }) => {
    // A login and eight full page loads, each with its own data: like the access-link walk below.
    // On two cores shared with the other worker's walk one load may take 10 s (CI took 66 s).
    test.setTimeout(120_000);
    // Signed in through the API: the login page is tested in login.spec.ts.
    await signIn(page, 'proveedor@demo.es', 'proveedores');
    for (const [path, heading] of supplierPages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(path);
    }
    const nav = page.getByRole('navigation');
    await expect(nav.getByRole('link', { name: 'Listado', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Panel', exact: true })).toBeVisible();
  });

  test('a real proveedorId+token link opens the pages without login, and the menu keeps it', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const suffix = await accessLinkSuffix(browser, 'proveedor@demo.es', 'proveedores');
    const page = await browser.newPage();
    const [firstPath, firstHeading] = supplierPages[0]!;
    const others = supplierPages.slice(1);
    await page.goto(`${firstPath}${suffix}`);
    await expect(page.getByRole('heading', { level: 1, name: firstHeading })).toBeVisible();
    const navLabels: Record<string, string> = { Cargas: 'Listado', 'Panel de vehículos': 'Panel' };
    for (const [path, heading] of others) {
      await page
        .getByRole('navigation')
        .getByRole('link', { name: navLabels[heading] ?? heading, exact: true })
        .click();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(`${path}${suffix}`);
    }
    await page.close();
  });

  test('/proveedores and /proveedores/access redirect to the load list', async ({ page }) => {
    for (const path of ['/proveedores', '/proveedores/access']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/proveedores\/login$/);
      expect(await page.evaluate(() => JSON.stringify(sessionStorage))).toContain(
        '/proveedores/cargas',
      );
    }
  });

  test('the supplier login has no navigation bar', async ({ page }) => {
    await page.goto('/proveedores/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation')).toHaveCount(0);
  });
});
