import { mkdirSync } from 'node:fs';
import { expect, test, type Page, type Route } from '@playwright/test';
import { loginAsCarrier } from '../fixtures.js';

/**
 * Issue 20, points 4, 5, 6 and 8 on a desktop and a phone: lists' loading, empty and error
 * states with a retry, forms that help, phone layouts and accessibility of the open pickers and
 * dialogs. Screenshots go to build/e2e-forms/.
 */
const VIEWPORTS = [
  ['desktop', 1440, 900],
  ['phone', 360, 740],
] as const;

const SHOTS = 'build/e2e-forms';
mkdirSync(SHOTS, { recursive: true });

/** Makes the GETs of `pathname` answer 500 "Error interno" while `state.failing`. */
async function failWhile(page: Page, pathname: string, state: { failing: boolean }) {
  await page.route(
    (url) => url.pathname === pathname,
    async (route: Route) => {
      if (!state.failing || route.request().method() !== 'GET') return route.fallback();
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'INTERNAL', message: 'Error interno' } }),
      });
    },
  );
}

for (const [name, width, height] of VIEWPORTS) {
  test.describe(`${name} ${width}×${height}`, () => {
    test.use({ viewport: { width, height } });
    test.describe.configure({ timeout: 90_000 });

    test('point 6: a failed list shows its error with Reintentar, never "0 filas"', async ({
      page,
    }) => {
      await loginAsCarrier(page);
      const state = { failing: true };
      await failWhile(page, '/api/proveedores/transportes', state);
      await page.goto('/proveedores/transportes');
      const alert = page.getByRole('alert').filter({ hasText: 'Error interno' });
      await expect(alert).toBeVisible({ timeout: 15_000 });
      await expect(page.getByText('0 filas')).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/lista-error-${name}.png` });

      state.failing = false;
      await alert.getByRole('button', { name: 'Reintentar' }).click();
      const list = page.getByRole(width < 768 ? 'list' : 'table', {
        name: 'Histórico de transportes',
      });
      await expect(list.getByRole(width < 768 ? 'listitem' : 'row').nth(1)).toBeVisible();
      await expect(alert).toHaveCount(0);
    });

    test('point 6: the upload list without a table fails and retries the same way', async ({
      page,
    }) => {
      await loginAsCarrier(page);
      const state = { failing: true };
      await failWhile(page, '/api/proveedores/albaranes-pendientes', state);
      await page.goto('/proveedores/subir-albaranes-entrega');
      const alert = page.getByRole('alert').filter({ hasText: 'Error interno' });
      await expect(alert).toBeVisible({ timeout: 15_000 });
      state.failing = false;
      await alert.getByRole('button', { name: 'Reintentar' }).click();
      await expect(page.getByRole('button', { name: /^Transporte \d+ ·/ }).first()).toBeVisible();
    });

    test('point 6: while the first page loads the table says it is loading, not "0 filas"', async ({
      page,
    }) => {
      await loginAsCarrier(page);
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(
        (url) => url.pathname === '/api/proveedores/transportes-sin-factura',
        async (route) => {
          await held;
          await route.fallback();
        },
      );
      await page.goto('/proveedores/subir-facturas');
      await expect(page.locator('[aria-busy="true"]').first()).toBeVisible({ timeout: 15_000 });
      await expect(page.getByText('Cargando…')).toBeVisible();
      await expect(page.getByText('0 filas')).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/lista-cargando-${name}.png` });
      release();
      await expect(page.getByText(/^\d+ filas?/)).toBeVisible();
      await expect(page.getByText('0 filas')).toHaveCount(0);
    });
  });
}
