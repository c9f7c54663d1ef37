import { expect, test } from '@playwright/test';
import { loginAs } from '../fixtures.js';

/**
 * Issue 14 point 3: a reload during the mandatory client choice (grupo@demo.es has 8 clients)
 * used to leave a half session — every page open with an empty menu and "No tiene acceso a
 * esta sección.". The choice must survive the reload and no page open before it.
 */
test('the mandatory client choice survives a reload and guards every page', async ({ page }) => {
  await loginAs(page, 'grupo@demo.es');
  const dialog = page.getByRole('dialog', { name: 'Seleccionar cliente conexión' });
  await expect(dialog).toBeVisible();

  await page.reload();
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByRole('button', { name: 'Cancelar' })).toHaveCount(0);

  // A portal page typed in the address bar leads back to the choice, not to an empty shell.
  await page.goto('/clientes/facturas');
  await expect(page).toHaveURL(/\/login$/);
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('No tiene acceso a esta sección.')).toHaveCount(0);

  const row = dialog.getByRole('radio').nth(2);
  const name = (await row.getAttribute('aria-label')) ?? '';
  await row.check();
  await dialog.getByRole('button', { name: 'Seleccionar' }).click();
  // Back to the page asked for, with the chosen client's menu.
  await expect(page).toHaveURL(/\/clientes\/facturas$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Facturas' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Tracking' }).first()).toBeVisible();
  const session = (await page.evaluate(async () => (await fetch('/api/auth')).json())) as {
    id: number;
    name: string;
    pendingChoice?: unknown;
  };
  expect(session.id).toBeGreaterThan(0);
  expect(name).toContain(session.name);
  expect(session.pendingChoice).toBeUndefined();
});
