import { expect, test } from '@playwright/test';
import { loginAs, notification } from '../fixtures.js';

test.describe('supplier login', () => {
  test('proveedor@demo.es lands on /proveedores/cargas with every section', async ({ page }) => {
    await loginAs(page, 'proveedor@demo.es', 'proveedores');
    await expect(page).toHaveURL(/\/proveedores\/cargas$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Cargas' })).toBeVisible();
    const nav = page.getByRole('navigation');
    for (const label of ['Listado', 'Panel', 'Histórico Transportes', 'Histórico Facturas']) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    const stored = await page.evaluate(() => localStorage.getItem('extranet.proveedores.login'));
    expect(JSON.parse(stored ?? '{}')).toEqual({ usuario: 'proveedor@demo.es', remembered: true });
  });

  test('sinclientes@demo.es cannot connect as a supplier', async ({ page }) => {
    await loginAs(page, 'sinclientes@demo.es', 'proveedores');
    await expect(
      notification(page, 'Usuario sin proveedores asignados. No puede conectar.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/proveedores\/login$/);
  });

  test('a customer-only user cannot connect as a supplier', async ({ page }) => {
    await loginAs(page, 'dos@demo.es', 'proveedores');
    await expect(
      notification(page, 'Usuario sin proveedores asignados. No puede conectar.'),
    ).toBeVisible();
  });

  test('a wrong password shows the exact message', async ({ page }) => {
    await loginAs(page, 'proveedor@demo.es', 'proveedores', 'incorrecta');
    await expect(
      notification(page, 'E-mail "proveedor@demo.es" o Contraseña incorrectos. No puede conectar.'),
    ).toBeVisible();
  });

  test('afterLogin round trip and logout', async ({ page }) => {
    await page.goto('/proveedores/panel');
    await expect(page).toHaveURL(/\/proveedores\/login$/);
    await page.getByLabel('E-mail').fill('proveedor@demo.es');
    await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/proveedores\/panel$/);
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/proveedores\/login$/);
  });
});
