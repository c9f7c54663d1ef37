import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, newestRecoveryLink, notification } from '../fixtures.js';

// cliente@demo.it is this file's own account: nothing else logs in with it, so changing its
// password cannot disturb tests running in parallel.
const EMAIL = 'cliente@demo.it';
const NEW_PASSWORD = 'Otra clave de prueba 2026';

async function chooseItalia(page: Page, scope = page.locator('body')) {
  // The browser's own select (issue 7: lighter than Mantine's Select on the login page).
  await scope.getByRole('combobox', { name: 'Región' }).selectOption({ label: 'Italia' });
}

test.describe.serial('password recovery (cliente@demo.it, region Italia)', () => {
  test('logs in with region Italia and lands on Tracking', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(DEMO_PASSWORD);
    await chooseItalia(page);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/clientes\/tracking$/);
  });

  test('the same account in region Europa does not exist', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(
      notification(page, `E-mail "${EMAIL}" o Contraseña incorrectos. No puede conectar.`),
    ).toBeVisible();
  });

  test('an unknown e-mail gets the same answer and no e-mail (no account enumeration)', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Recibir nueva contraseña' }).click();
    const dialog = page.getByRole('dialog', { name: 'Recibir nueva contraseña' });
    await expect(dialog.getByRole('button', { name: 'Enviar' })).toBeDisabled();
    await dialog.getByLabel('E-mail').fill('nadie@demo.es');
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await expect(notification(page, 'Enviada nueva clave a "nadie@demo.es"!')).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(newestRecoveryLink('nadie@demo.es')).toBeUndefined();
  });

  test('recovers the password from the e-mailed link and logs in with the new one', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByRole('button', { name: 'Recibir nueva contraseña' }).click();
    const dialog = page.getByRole('dialog', { name: 'Recibir nueva contraseña' });
    await expect(dialog.getByLabel('E-mail')).toHaveValue(EMAIL);
    await chooseItalia(page, dialog);
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await expect(notification(page, `Enviada nueva clave a "${EMAIL}"!`)).toBeVisible();
    await expect(dialog).toBeHidden();

    let link: string | undefined;
    await expect.poll(() => (link = newestRecoveryLink(EMAIL)), { timeout: 10_000 }).toBeTruthy();
    const { pathname, search, hash } = new URL(link ?? '');
    await page.goto(`${pathname}${search}${hash}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Nueva contraseña' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Nueva contraseña', exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('textbox', { name: 'Repetir la nueva contraseña' }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await expect(
      page.getByText('Contraseña cambiada. Ya puede acceder con la nueva contraseña.'),
    ).toBeVisible();

    // The link is single-use (leave first: a hash-only change would not reload the page).
    await page.goto('/login');
    await page.goto(`${pathname}${search}${hash}`);
    await expect(page.getByRole('link', { name: 'Solicitar un nuevo enlace' })).toBeVisible();

    await page.goto('/login');
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(NEW_PASSWORD);
    await chooseItalia(page);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/clientes\/tracking$/);
  });
});
