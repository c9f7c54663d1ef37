import { expect, test } from '@playwright/test';
import { loginAs } from '../fixtures.js';

// Issue 14 point 7: demo accounts for the supplier choice and for a carrier with only some
// sections (README, "Cuentas de demostración").

test.describe('supplier demo accounts', () => {
  test('transportes@demo.es chooses one of its three carriers after login', async ({ page }) => {
    await loginAs(page, 'transportes@demo.es', 'proveedores');
    const dialog = page.getByRole('dialog', { name: 'Seleccionar proveedor conexión' });
    await expect(dialog).toBeVisible();
    const rows = dialog.getByRole('row');
    // A header row and the three carriers; no search box with six or fewer (spec §2).
    await expect(rows).toHaveCount(4);
    for (const nombre of [
      'Transportes Demo Ibérica S.L.',
      'Trans Meseta S.L.',
      'Autotransportes Galaicos S.A.',
    ]) {
      await expect(dialog.getByRole('cell', { name: nombre, exact: true })).toBeVisible();
    }
    await expect(dialog.getByRole('textbox', { name: 'Buscar en listado' })).toHaveCount(0);
    const seleccionar = dialog.getByRole('button', { name: 'Seleccionar' });
    await expect(seleccionar).toBeDisabled();

    const meseta = rows.filter({ hasText: 'Trans Meseta S.L.' });
    const id = Number(await meseta.getByRole('cell').first().textContent());
    await meseta.click();
    await seleccionar.click();
    await expect(page).toHaveURL(/\/proveedores\/cargas$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Cargas' })).toBeVisible();
    // The session now works for the chosen carrier.
    const auth = await page.request.get('/api/auth');
    expect(await auth.json()).toMatchObject({ supplier: true, id });
  });

  test('limitado@demo.es sees only Cargas and Histórico Transportes (with its delivery notes)', async ({
    page,
  }) => {
    await loginAs(page, 'limitado@demo.es', 'proveedores');
    await expect(page).toHaveURL(/\/proveedores\/cargas$/);
    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    await expect(nav.getByRole('link', { name: 'Listado', exact: true })).toBeVisible();
    await expect(
      nav.getByRole('link', { name: 'Histórico Transportes', exact: true }),
    ).toBeVisible();
    // The transports resource also opens the upload of their delivery notes.
    await expect(
      nav.getByRole('link', { name: 'Subir albaranes de entrega', exact: true }),
    ).toBeVisible();
    await expect(nav.getByRole('link')).toHaveCount(3);

    await page.goto('/proveedores/transportes');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Histórico Transportes' }),
    ).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible();

    // The absent sections are refused, on the page and by the API.
    for (const path of [
      '/proveedores/panel',
      '/proveedores/facturas',
      '/proveedores/certificados',
    ]) {
      await page.goto(path);
      await expect(page.getByText('No tiene acceso a esta sección.')).toBeVisible();
    }
    for (const api of ['/api/proveedores/vehiculos', '/api/proveedores/facturas']) {
      const response = await page.request.get(api);
      expect(response.status(), api).toBe(403);
      expect((await response.json()).error.code).toBeTruthy();
    }
  });
});
