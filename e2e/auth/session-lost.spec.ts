import { expect, test, type Page } from '@playwright/test';
import { loginAs } from '../fixtures.js';

/** Drops the HttpOnly session cookie, as a browser that lost it (or a session that ended). */
async function loseSessionCookie(page: Page) {
  const context = page.context();
  const before = await context.cookies();
  expect(before.some((cookie) => cookie.name === 'sid')).toBe(true);
  await context.clearCookies({ name: 'sid' });
}

/**
 * Issue 14 point 4, spec §8: a write whose session cookie is gone answers 401 (not the CSRF
 * 403 "Recargue la página", which no reload cures) and the SPA goes to the portal's login.
 */
test.describe('a lost session cookie leads to the login page', () => {
  test('customer: sending a suggestion goes to /login', async ({ page }) => {
    await loginAs(page, 'cliente@demo.es');
    await expect(page).toHaveURL(/\/clientes\/tracking/, { timeout: 15_000 });
    await page.getByRole('link', { name: 'Sugerencias' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sugerencias' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Sugerencia', exact: true }).fill('Más filtros.');

    await loseSessionCookie(page);
    const answer = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/clientes/sugerencias') &&
        response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Enviar sugerencia' }).click();
    expect((await answer).status()).toBe(401);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page.getByText(/Recargue la página/)).toHaveCount(0);
  });

  test('supplier: discarding a load goes to /proveedores/login', async ({ page }) => {
    await loginAs(page, 'proveedor@demo.es', 'proveedores');
    await expect(page.getByRole('table', { name: 'Cargas disponibles' })).toBeVisible({
      timeout: 15_000,
    });
    const more = page.getByRole('button', { name: /^Más acciones de la carga / }).first();
    await more.click();

    await loseSessionCookie(page);
    const answer = page.waitForResponse((response) =>
      /\/api\/proveedores\/cargas\/\d+\/descartar$/.test(response.url()),
    );
    await page.getByRole('menuitem', { name: 'Descartar' }).click();
    expect((await answer).status()).toBe(401);
    await expect(page).toHaveURL(/\/proveedores\/login$/);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page.getByText(/Recargue la página/)).toHaveCount(0);
  });
});
