import { expect, test } from '@playwright/test';
import { accessLinkSuffix, CUSTOMER_PAGES, signIn } from '../fixtures.js';

const navLabels = [
  'Tracking',
  'Portes',
  'Histórico',
  'Facturas',
  'Solicitar Transporte',
  'Sugerencias',
];

test.describe('customer portal shell', () => {
  test('a signed-in customer reaches every page, with the six sections in the navigation', async ({
    page,
  }) => {
    // Six full page loads after the login, on a machine shared with the other worker.
    test.setTimeout(120_000);
    // Signed in through the API: the login page is tested in login.spec.ts.
    await signIn(page, 'cliente@demo.es');
    for (const [path, heading] of CUSTOMER_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(path);
    }
    const nav = page.getByRole('navigation');
    for (const label of navLabels) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
  });

  // Paths with the {clienteId}/{token} pair skip the login check (spec §2, §4).
  test('a real id+token link opens every page without login, and the menu keeps it', async ({
    browser,
  }) => {
    // Six full page loads behind the link, on a machine shared with the other worker.
    test.setTimeout(120_000);
    const suffix = await accessLinkSuffix(browser, 'cliente@demo.es', 'clientes');
    const page = await browser.newPage();
    const [firstPath, firstHeading] = CUSTOMER_PAGES[0]!;
    const others = CUSTOMER_PAGES.slice(1);
    await page.goto(`${firstPath}${suffix}`);
    await expect(page.getByRole('heading', { level: 1, name: firstHeading })).toBeVisible();
    for (const [path, heading] of others) {
      await page.getByRole('navigation').getByRole('link', { name: heading, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(`${path}${suffix}`);
    }
    for (const [path, heading] of [
      ['/clientes/file/55', 'Archivo'],
      ['/clientes/tracking-porte/123', 'Tracking'],
    ] as const) {
      // A fresh browser per link visit, as a customer opening the link from an e-mail would.
      const visit = await browser.newPage();
      await visit.goto(`${path}${suffix}`);
      await expect(visit.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await visit.close();
    }
    await page.close();
  });

  test('a forged id+token link is refused', async ({ page }) => {
    await page.goto('/clientes/portes/7/token-falsificado-0123456789');
    await expect(page.getByText('Enlace no válido o caducado.')).toBeVisible();
  });

  test('an anonymous visitor is sent to the customer login, which remembers the target', async ({
    page,
  }) => {
    await page.goto('/clientes/historico?desde=2026-01-01');
    await expect(page).toHaveURL(/\/login$/);
    const afterLogin = await page.evaluate(() => JSON.stringify(sessionStorage));
    expect(afterLogin).toContain('/clientes/historico?desde=2026-01-01');
    // The login page has no navigation bar (spec §2).
    await expect(page.getByRole('navigation')).toHaveCount(0);
  });

  test('/ and /access redirect to tracking, hence to the login when anonymous', async ({
    page,
  }) => {
    for (const path of ['/', '/access']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login$/);
      expect(await page.evaluate(() => JSON.stringify(sessionStorage))).toContain(
        '/clientes/tracking',
      );
    }
  });

  test('/access/:partida redirects to the tracking of that shipment', async ({ page }) => {
    await page.goto('/access/4711');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => JSON.stringify(sessionStorage))).toContain(
      '/clientes/tracking-porte/4711',
    );
  });

  test('the map test page exists', async ({ page }) => {
    await page.goto('/clientes/maptest');
    await expect(page).toHaveURL(/\/login$|\/clientes\/maptest$/);
  });

  test('an unknown path shows NOT FOUND', async ({ page }) => {
    const response = await page.goto('/esto/no/existe');
    expect(response?.status()).toBe(200);
    await expect(page.getByText('NOT FOUND')).toBeVisible();
  });

  test('the page embeds the initial data with the active regions', async ({ page }) => {
    await page.goto('/login');
    const data = await page.evaluate(() =>
      JSON.parse(document.getElementById('initial-data')?.textContent ?? 'null'),
    );
    expect(Date.parse(data.updated)).toBeGreaterThan(Date.now() - 5 * 60_000);
    expect(data.regiones.map((r: { codigo: string }) => r.codigo).sort()).toEqual(['es', 'it']);
  });

  test('scrolls to the top on navigation', async ({ page }) => {
    await signIn(page, 'cliente@demo.es');
    await page.setViewportSize({ width: 1280, height: 300 });
    await page.goto('/clientes/portes');
    await page.evaluate(() => {
      document.body.style.minHeight = '3000px';
      window.scrollTo(0, 1000);
    });
    // The body keeps its height across the SPA navigation, so only a reset explains scrollY 0.
    await page
      .getByRole('navigation')
      .getByRole('link', { name: 'Histórico', exact: true })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Histórico' })).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("the header's icon buttons say what they are under the mouse and the keyboard, and open at the first click", async ({
    page,
  }) => {
    await signIn(page, 'cliente@demo.es');
    await page.goto('/clientes/tracking');
    const bell = page.getByRole('button', { name: /^Avisos/ });
    const totp = page.getByRole('button', { name: 'Verificación en dos pasos' });
    /** The tooltip CSS draws after the button's wrapper: its text and whether it shows. */
    const tooltipOf = (button: typeof bell) =>
      button.evaluate((element) => {
        const after = getComputedStyle(element.closest('[data-tooltip]')!, '::after');
        return { text: after.content, visible: after.visibility === 'visible' };
      });
    await expect(bell).toBeVisible();
    expect(await tooltipOf(bell)).toMatchObject({ visible: false });

    await bell.hover();
    const label = (await bell.getAttribute('aria-label'))!;
    await expect
      .poll(() => tooltipOf(bell))
      .toEqual({ text: expect.stringContaining(`"${label}"`), visible: true });
    await page.screenshot({
      path: 'build/e2e-shell/tooltip-avisos.png',
      clip: {
        x: 880,
        y: 0,
        width: 400,
        height: 120,
      },
    });
    await totp.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect
      .poll(() => tooltipOf(totp))
      .toEqual({ text: expect.stringContaining('"Verificación en dos pasos"'), visible: true });

    // The first click on the bell opens the notice centre (a tooltip loaded on hover used to
    // replace the button under the mouse, and the click was lost).
    await bell.click();
    await expect(page.getByRole('dialog', { name: 'Centro de avisos' })).toBeVisible();
  });
});
