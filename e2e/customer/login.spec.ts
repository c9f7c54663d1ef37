import { expect, test } from '@playwright/test';
import { loginAs, notification, serverCli, submitLogin } from '../fixtures.js';

// Spec §2, §4, §8 with the demo accounts of the README.
test.describe('customer login', () => {
  test('cliente@demo.es (one client) lands on Tracking with its name in the header', async ({
    page,
  }) => {
    await loginAs(page, 'cliente@demo.es');
    await expect(page).toHaveURL(/\/clientes\/tracking$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tracking' })).toBeVisible();
    await expect(page.getByRole('banner').getByText('cliente@demo.es')).toBeVisible();
    await expect(
      page.getByRole('navigation').getByRole('link', { name: 'Facturas', exact: true }),
    ).toBeVisible();
  });

  test('grupo@demo.es (8 clients): mandatory dialog with search box, then Tracking', async ({
    page,
  }) => {
    await loginAs(page, 'grupo@demo.es');
    const dialog = page.getByRole('dialog', { name: 'Seleccionar cliente conexión' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('columnheader')).toHaveText(['ID', 'Nombre', 'Localidad']);
    await expect(dialog.getByRole('radio')).toHaveCount(8);
    await expect(dialog.getByRole('button', { name: 'Cancelar' })).toHaveCount(0);
    const select = dialog.getByRole('button', { name: 'Seleccionar' });
    await expect(select).toBeDisabled();

    // Mandatory: Escape does not close it.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();

    const search = dialog.getByRole('searchbox', { name: 'Buscar en listado' });
    await search.fill('   ');
    await expect(dialog.getByRole('radio')).toHaveCount(8);
    const firstName =
      (await dialog.getByRole('row').nth(1).getByRole('cell').nth(1).textContent()) ?? '';
    await search.fill(firstName.slice(0, 6).toUpperCase());
    await expect(dialog.getByRole('row').filter({ hasText: firstName })).toBeVisible();

    await dialog.getByRole('row').filter({ hasText: firstName }).click();
    await expect(select).toBeEnabled();
    await select.click();
    await expect(page).toHaveURL(/\/clientes\/tracking$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tracking' })).toBeVisible();
  });

  test('dos@demo.es (2 clients): dialog without search box; no Facturas in the menu', async ({
    page,
  }) => {
    await loginAs(page, 'dos@demo.es');
    const dialog = page.getByRole('dialog', { name: 'Seleccionar cliente conexión' });
    await expect(dialog.getByRole('radio')).toHaveCount(2);
    await expect(dialog.getByRole('searchbox')).toHaveCount(0);
    // Keyboard only: focus the first choice, select it, submit.
    await dialog.getByRole('radio').first().focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/clientes\/tracking$/);
    const nav = page.getByRole('navigation');
    await expect(nav.getByRole('link', { name: 'Tracking', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Facturas', exact: true })).toHaveCount(0);
    await page.goto('/clientes/facturas');
    await expect(page.getByText('No tiene acceso a esta sección.')).toBeVisible();
  });

  test('sinclientes@demo.es cannot connect as a customer', async ({ page }) => {
    await loginAs(page, 'sinclientes@demo.es');
    await expect(
      notification(page, 'Usuario sin clientes asignados. No puede conectar.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a wrong password shows the exact message', async ({ page }) => {
    await loginAs(page, 'cliente@demo.es', 'clientes', 'no-es-la-clave');
    await expect(
      notification(page, 'E-mail "cliente@demo.es" o Contraseña incorrectos. No puede conectar.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an invalid e-mail shows the validity message and sends nothing', async ({ page }) => {
    await page.goto('/login');
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await submitLogin(page, 'no-es-un-email');
    await expect(
      notification(page, 'Por favor, corregir todos los errores antes de hacer Login'),
    ).toBeVisible();
    expect(requests.filter((url) => url.includes('/api/login'))).toEqual([]);
  });

  test('after login, the page asked for first (afterLogin), then logout', async ({ page }) => {
    await page.goto('/clientes/historico?desde=2026-01-01');
    await expect(page).toHaveURL(/\/login$/);
    await submitLogin(page, 'cliente@demo.es');
    await expect(page).toHaveURL(/\/clientes\/historico\?desde=2026-01-01$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Histórico' })).toBeVisible();

    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    // The session is gone on the server: a portal page sends us back to the login.
    await page.goto('/clientes/tracking');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the saved password logs in again without typing it', async ({ page }) => {
    await loginAs(page, 'cliente@demo.es');
    await expect(page).toHaveURL(/\/clientes\/tracking$/);
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await expect(page.getByLabel('E-mail')).toHaveValue('cliente@demo.es');
    const password = page.getByRole('textbox', { name: 'Contraseña', exact: true });
    await expect(password).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Borrar contraseña guardada' })).toBeVisible();
    const stored = await page.evaluate(() => localStorage.getItem('extranet.clientes.login'));
    expect(JSON.parse(stored ?? '{}')).toEqual({ usuario: 'cliente@demo.es', remembered: true });

    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/clientes\/tracking$/);

    // The delete button brings the password field back.
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.getByRole('button', { name: 'Borrar contraseña guardada' }).click();
    await expect(password).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Login' })).toBeDisabled();
  });

  test('Circuito Seguridad posts e-mail and code into its own window', async ({ page }) => {
    await loginAs(page, 'cliente@demo.es');
    await expect(page).toHaveURL(/\/clientes\/tracking$/);
    const button = page.getByRole('button', { name: 'Circuito Seguridad' });
    await expect(button).toBeVisible();
    const session = await page.evaluate(async () => (await fetch('/api/auth')).json());

    const popupPromise = page.waitForEvent('popup');
    await button.click();
    const popup = await popupPromise;
    await expect(popup.getByRole('heading', { name: /datos recibidos/ })).toBeVisible();
    await expect(popup.getByText(session.email as string, { exact: true })).toBeVisible();
    await expect(popup.getByText(session.code as string, { exact: true })).toBeVisible();
    expect(await popup.evaluate(() => window.name)).toBe('circuitoSeguridad');
  });

  test('dos@demo.es has no Circuito Seguridad button', async ({ page }) => {
    await loginAs(page, 'dos@demo.es');
    const dialog = page.getByRole('dialog', { name: 'Seleccionar cliente conexión' });
    await dialog.getByRole('radio').first().check();
    await dialog.getByRole('button', { name: 'Seleccionar' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tracking' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Circuito Seguridad' })).toHaveCount(0);
  });

  test('an id+token link opens a page without login and keeps the visitor inside it', async ({
    browser,
  }) => {
    // The id of cliente@demo.es's client, read from its session.
    const signedIn = await browser.newPage();
    await loginAs(signedIn, 'cliente@demo.es');
    await expect(signedIn).toHaveURL(/\/clientes\/tracking$/);
    const { id } = await signedIn.evaluate(async () => (await fetch('/api/auth')).json());
    await signedIn.close();

    const url = serverCli('access-link', '--portal', 'clientes', '--id', String(id));
    const { pathname } = new URL(url);
    const page = await browser.newPage();
    await page.goto(pathname);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page).not.toHaveURL(/\/login$/);
    const portes = page.getByRole('navigation').getByRole('link', { name: 'Portes', exact: true });
    await portes.click();
    await expect(page.getByRole('heading', { level: 1, name: 'Portes' })).toBeVisible();
    expect(new URL(page.url()).pathname).toMatch(new RegExp(`^/clientes/portes/${id}/`));
    await page.close();
  });

  test('a forged id+token link shows the invalid-link page', async ({ page }) => {
    await page.goto('/clientes/tracking/1/token-falso-0123456789');
    await expect(page.getByRole('heading', { name: 'Enlace no válido o caducado.' })).toBeVisible();
  });
});
