import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { loginAs, signIn } from '../fixtures.js';

test.describe('customer documents', () => {
  test('downloads an invoice PDF from Facturas', async ({ page }) => {
    await signIn(page, 'cliente@demo.es');
    await page.goto('/clientes/facturas');
    const table = page.getByRole('table', { name: 'Facturas' });
    const link = table.getByRole('link', { name: /^Descargar PDF de la factura/ }).first();
    await expect(link).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const file = await download.path();
    expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  test('filters invoices and shows their lines', async ({ page }) => {
    await signIn(page, 'cliente@demo.es');
    await page.goto('/clientes/facturas');
    await page.getByText('Pagadas', { exact: true }).click();
    await expect(page).toHaveURL(/filtro=pagadas/);
    const table = page.getByRole('table', { name: 'Facturas' });
    const expand = table.getByRole('button', { name: /^Mostrar detalle de Factura/ }).first();
    await expect(expand).toBeVisible();
    await expand.click();
    await expect(page.getByRole('table', { name: /^Líneas de la factura/ })).toBeVisible();
  });

  test('a file that is not the client’s says so', async ({ page }) => {
    await signIn(page, 'cliente@demo.es');
    await page.goto('/clientes/file/999999999');
    await expect(
      page.getByText('El fichero no existe o no pertenece a este cliente.'),
    ).toBeVisible();
  });

  test('dos@demo.es does not see Facturas', async ({ page }) => {
    await loginAs(page, 'dos@demo.es');
    const dialog = page.getByRole('dialog', { name: 'Seleccionar cliente conexión' });
    await dialog.getByRole('radio').first().focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/clientes\/tracking$/);
    await expect(
      page.getByRole('navigation').getByRole('link', { name: 'Facturas', exact: true }),
    ).toHaveCount(0);
    const status = await page.evaluate(async () => (await fetch('/api/clientes/facturas')).status);
    expect(status).toBe(403);
  });
});
