import { expect, test } from '@playwright/test';
import { serverCli } from '../fixtures.js';

const PASSWORD = 'Dos-transportistas-2026';

/**
 * Issue 14 point 3, supplier side: a user of two carriers chooses one, mandatorily; a reload
 * during the choice shows it again and no supplier page opens before it.
 */
test('a user of two carriers must choose one, also after a reload', async ({ page }) => {
  const email = `dos-transportistas-${Date.now()}@demo.es`;
  const user = ['--email', email, '--region', 'es'];
  serverCli(
    'usuario',
    'create',
    ...user,
    ...['--nombre', 'Dos transportistas', '--codigo', 'PRO0002'],
    ...['--proveedor', 'erp:PRO-DEMO', '--proveedor', 'erp:PRO-OTRO1'],
  );
  serverCli('usuario', 'grant', ...user, '--recurso', 'apiweb.proveedores.cargas');
  const link = new URL(serverCli('usuario', 'reset-password', ...user, '--portal', 'proveedores'));
  await page.goto(`${link.pathname}${link.search}${link.hash}`);
  await page.getByRole('textbox', { name: 'Nueva contraseña', exact: true }).fill(PASSWORD);
  await page.getByRole('textbox', { name: 'Repetir la nueva contraseña' }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByText(/Contraseña cambiada/)).toBeVisible();

  await page.goto('/proveedores/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Seleccionar proveedor conexión' });
  await expect(dialog).toBeVisible({ timeout: 15_000 });

  await page.reload();
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  // The supplier guard checks in the background: the page typed in ends on the choice.
  await page.goto('/proveedores/cargas');
  await expect(page).toHaveURL(/\/proveedores\/login$/, { timeout: 15_000 });
  await expect(dialog).toBeVisible({ timeout: 15_000 });

  await dialog.getByRole('radio', { name: /^Trans Meseta S\.L\./ }).check();
  await dialog.getByRole('button', { name: 'Seleccionar' }).click();
  await expect(page).toHaveURL(/\/proveedores\/cargas$/);
  await expect(page.getByRole('table', { name: 'Cargas disponibles' })).toBeVisible({
    timeout: 15_000,
  });
  const session = (await page.evaluate(async () => (await fetch('/api/auth')).json())) as {
    name: string;
    pendingChoice?: unknown;
  };
  expect(session.name).toBe('Trans Meseta S.L.');
  expect(session.pendingChoice).toBeUndefined();
});
