import { expect, test, type Page } from '@playwright/test';
import { expectNoViolations } from '../a11y/axe.js';
import { DEMO_PASSWORD, loginAs } from '../fixtures.js';

/** What GET /api/auth says of the user's language. */
interface Sesion {
  idioma?: string;
}

// Issue 20 point 7: a language menu in both portals and on the login pages, remembered per user.
// limitado@demo.es: a carrier with one company, whose only other test reads Spanish: the test
// puts Spanish back at its end.
const USER = 'limitado@demo.es';
const SHOTS = 'build/e2e-idioma';

/** This month as the French calendar heads it ("novembre 2026"). */
function thisMonthInFrench(): string {
  return new Intl.DateTimeFormat('fr-FR', {
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Madrid',
  }).format(new Date());
}

async function chooseLanguage(page: Page, current: string, next: string) {
  await page.getByRole('button', { name: current }).click();
  await page.getByRole('menuitem', { name: next }).click();
}

test.describe.serial('language menu, desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });
  // Two logins, a reload and axe on a shared, busy machine.
  test.setTimeout(180_000);

  test('Français in the user menu: texts and calendar change, reload and a new login keep it', async ({
    page,
    browser,
  }) => {
    await loginAs(page, USER, 'proveedores');
    await expect(page.getByRole('heading', { level: 1, name: 'Cargas' })).toBeVisible({
      timeout: 15_000,
    });
    try {
      await page.getByRole('button', { name: 'Idioma: Español' }).click();
      await expect(page.getByRole('menuitem', { name: 'Français' })).toBeVisible();
      await expectNoViolations(page, 'menú de idioma abierto');
      await page.screenshot({ path: `${SHOTS}/menu-desktop.png` });
      await page.getByRole('menuitem', { name: 'Français' }).click();

      await expect(page.getByRole('heading', { level: 1, name: 'Chargements' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      await page.getByRole('button', { name: 'Date de chargement', exact: true }).click();
      const calendar = page.getByRole('dialog');
      await expect(
        calendar.getByRole('button', { name: thisMonthInFrench(), exact: true }),
      ).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/calendario-desktop.png` });
      await page.keyboard.press('Escape');

      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Chargements' })).toBeVisible({
        timeout: 15_000,
      });

      // Another device: a fresh browser context, nothing in its storage.
      const other = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const second = await other.newPage();
      await loginAs(second, USER, 'proveedores');
      await expect(second.getByRole('heading', { level: 1, name: 'Chargements' })).toBeVisible({
        timeout: 15_000,
      });
      await expect(second.getByRole('button', { name: 'Langue : Français' })).toBeVisible();
      await other.close();
    } finally {
      await page.goto('/proveedores/cargas');
      await chooseLanguage(page, 'Langue : Français', 'Español');
      await expect(page.getByRole('heading', { level: 1, name: 'Cargas' })).toBeVisible();
    }
  });

  // The session's language (Spanish, put back by the test above) must not undo a choice made
  // just before signing in: the login makes it the user's, here and on the next device.
  test('Italiano on the login page becomes the user’s language at login', async ({
    page,
    browser,
  }) => {
    await page.goto('/proveedores/login');
    await chooseLanguage(page, 'Idioma: Español', 'Italiano');
    await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeVisible();
    try {
      await page.getByLabel('E-mail').fill(USER);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Login' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Carichi' })).toBeVisible({
        timeout: 15_000,
      });
      await expect
        .poll(async () => ((await (await page.request.get('/api/auth')).json()) as Sesion).idioma)
        .toBe('it');
      // Still Italian once the session's language has been read again.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Carichi' })).toBeVisible({
        timeout: 15_000,
      });

      const other = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const second = await other.newPage();
      await loginAs(second, USER, 'proveedores');
      await expect(second.getByRole('heading', { level: 1, name: 'Carichi' })).toBeVisible({
        timeout: 15_000,
      });
      await other.close();
    } finally {
      await page.goto('/proveedores/cargas');
      await chooseLanguage(page, 'Lingua: Italiano', 'Español');
      await expect(page.getByRole('heading', { level: 1, name: 'Cargas' })).toBeVisible();
    }
  });
});

test.describe('language menu, phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });
  test.setTimeout(120_000);

  test('a visitor picks Français on the login page; axe finds nothing with the menu open', async ({
    page,
  }) => {
    await page.goto('/proveedores/login');
    await page.getByRole('button', { name: 'Idioma: Español' }).click({ timeout: 15_000 });
    await expect(page.getByRole('menuitem', { name: 'Türkçe' })).toBeVisible();
    await expectNoViolations(page, 'menú de idioma en el acceso');
    await page.screenshot({ path: `${SHOTS}/menu-login-phone.png` });
    await page.getByRole('menuitem', { name: 'Français' }).click();
    await expect(page.getByRole('textbox', { name: 'Mot de passe', exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Mot de passe', exact: true })).toBeVisible({
      timeout: 15_000,
    });
    await page.screenshot({ path: `${SHOTS}/login-phone.png` });
  });
});
