import { expect, test } from '@playwright/test';

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
  for (const [path, heading] of supplierPages) {
    test(`${path} renders with a proveedorId+token pair, without login`, async ({ page }) => {
      await page.goto(`${path}/3/tok`);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await page.waitForTimeout(300);
      expect(new URL(page.url()).pathname).toBe(`${path}/3/tok`);
    });

    test(`${path} sends an anonymous visitor to the supplier login`, async ({ page }) => {
      await page.goto(`${path}?desde=2026-01-01`);
      await expect(page).toHaveURL(/\/proveedores\/login$/);
      expect(await page.evaluate(() => JSON.stringify(sessionStorage))).toContain(
        `${path}?desde=2026-01-01`,
      );
    });
  }

  test('the navigation uses the labels Listado and Panel', async ({ page }) => {
    await page.goto('/proveedores/cargas/3/tok');
    const nav = page.getByRole('navigation');
    await expect(nav.getByRole('link', { name: 'Listado', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Panel', exact: true })).toBeVisible();
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
