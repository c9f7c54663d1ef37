import { mkdirSync } from 'node:fs';
import { expect, test, type Page, type Route } from '@playwright/test';
import { openAsCarrier, signIn } from '../fixtures.js';
import { expectNoViolations } from './axe.js';

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

/** Cents from the last Spanish amount in a text ("… 1.234,56 €", "1.234,56" or "585"). */
function cents(text: string): number {
  const match = [...text.matchAll(/(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?/g)].at(-1);
  if (!match) throw new Error(`Sin importe: ${text}`);
  return Number(match[1]!.replaceAll('.', '')) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

/** Waits for the open dialogs' and popovers' opening transitions to end (axe reads colours). */
async function settled(page: Page) {
  await page.waitForFunction(
    () =>
      !document
        .getAnimations()
        .some((a) => a instanceof CSSTransition && a.playState === 'running'),
  );
}

/** Buttons and fields in the page's main area smaller than 44 × 44 px (visible ones). */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      '.mantine-Button-root, .mantine-ActionIcon-root, .mantine-CloseButton-root, .mantine-Input-input';
    return Array.from(document.querySelectorAll<HTMLElement>(`main ${selector}`))
      .filter((element) => element.offsetParent !== null)
      .map((element) => ({ element, rect: element.getBoundingClientRect() }))
      .filter(({ rect }) => rect.width > 0 && (rect.height < 44 || rect.width < 44))
      .map(
        ({ element, rect }) =>
          `${element.className.split(' ')[0]} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 30)}" ${Math.round(rect.width)}×${Math.round(rect.height)}`,
      );
  });
}

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
    // The phone is a touch screen (pointer: coarse), as a real one is.
    test.use({ viewport: { width, height }, hasTouch: width < 768, isMobile: width < 768 });
    test.describe.configure({ timeout: 90_000 });

    test('point 6: a failed list shows its error with Reintentar, never "0 filas"', async ({
      page,
    }) => {
      await signIn(page, 'proveedor@demo.es', 'proveedores');
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
      await signIn(page, 'proveedor@demo.es', 'proveedores');
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
      await signIn(page, 'proveedor@demo.es', 'proveedores');
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

    test('point 4: the invoice dialog comes filled in, marks what is required and says what is wrong beside the field', async ({
      page,
    }) => {
      await openAsCarrier(page, '/proveedores/subir-facturas');
      await page
        .getByRole('checkbox', { name: /^Seleccionar Transporte/ })
        .first()
        .check();
      await page.getByRole('button', { name: 'Subir factura' }).click();
      const dialog = page.getByRole('dialog', { name: 'Subir factura' });
      await expect(dialog).toBeVisible();
      const total = cents((await dialog.getByText(/^Cubre /).textContent()) ?? '');
      const base = cents(
        await dialog.getByRole('textbox', { name: 'Base imponible (€)' }).inputValue(),
      );
      const iva = cents(await dialog.getByRole('textbox', { name: 'IVA (€)' }).inputValue());
      const importe = cents(
        await dialog.getByRole('textbox', { name: 'Importe (€)' }).inputValue(),
      );
      expect(base).toBe(total);
      expect(iva).toBe(Math.round(total * 0.21));
      expect(importe).toBe(base + iva);
      const today = new Intl.DateTimeFormat('es-ES', {
        timeZone: 'Europe/Madrid',
        day: '2-digit',
        month: '2-digit',
        year: 'numeric',
      }).format(new Date());
      await expect(dialog.getByRole('button', { name: /^Fecha de emisión/ })).toContainText(today);
      const numero = dialog.getByRole('textbox', { name: 'Número de factura' });
      await expect(numero).toHaveAttribute('required', '');
      await expect(dialog.getByText('Los campos marcados con * son obligatorios.')).toBeVisible();

      await dialog.getByRole('button', { name: 'Subir factura' }).click();
      await expect(numero).toHaveAttribute('aria-invalid', 'true');
      await expect(numero).toHaveAccessibleDescription(/Indique el número de factura\./);
      await settled(page);
      await page.screenshot({ path: `${SHOTS}/factura-${name}.png` });
      await expectNoViolations(page, `diálogo de factura (${name})`);

      // Point 8: the calendar open inside the dialog has a name, named buttons and contrast.
      await dialog.getByRole('button', { name: /^Fecha de emisión/ }).click();
      const calendario = page.getByRole('dialog', { name: 'Calendario: Fecha de emisión' });
      await expect(calendario).toBeVisible();
      await expect(calendario.getByRole('button', { name: 'Mes anterior' })).toBeVisible();
      await settled(page);
      await page.screenshot({ path: `${SHOTS}/calendario-${name}.png` });
      await expectNoViolations(page, `calendario abierto (${name})`);
    });

    test('point 8: the date-range filter open on a list passes axe, and so does the list', async ({
      page,
    }) => {
      await openAsCarrier(page, '/proveedores/transportes');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Histórico Transportes' }),
      ).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectNoViolations(page, `lista (${name})`);
      const filtros = page.getByRole('button', { name: /^Filtros/ });
      if (width < 768) await filtros.click();
      await page.getByRole('button', { name: /^Fecha de carga/ }).click();
      const calendario = page.getByRole('dialog', { name: 'Calendario: Fecha de carga' });
      await expect(calendario).toBeVisible();
      // The month's own button ("noviembre 2026") opens the months of the year.
      await calendario.getByRole('button', { name: /^\p{L}+ \d{4}$/u }).click();
      await expect(calendario.getByRole('button', { name: 'Año anterior' })).toBeVisible();
      await settled(page);
      await expectNoViolations(page, `calendario de filtro (${name})`);
    });

    test('point 4: the transport request opens with the next working day as load date', async ({
      page,
    }) => {
      await signIn(page, 'cliente@demo.es');
      await page.goto('/clientes/solicitar_transporte');
      const carga = page.getByRole('button', { name: /^Fecha de carga/ });
      await expect(carga).toContainText(/\d{2}\/\d{2}\/\d{4}/, { timeout: 15_000 });
      await expect(page.getByRole('textbox', { name: 'Población' }).first()).toHaveAttribute(
        'required',
        '',
      );
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${SHOTS}/solicitud-${name}.png`, fullPage: true });
      await expectNoViolations(page, `solicitud (${name})`);
    });

    if (width < 768) {
      test('point 5: on a phone the upload and shipment filters fold behind "Filtros" and targets are 44 px', async ({
        page,
      }) => {
        await signIn(page, 'proveedor@demo.es', 'proveedores');
        for (const path of [
          '/proveedores/subir-facturas',
          '/proveedores/subir-albaranes-entrega',
        ]) {
          await page.goto(path);
          const filtros = page.getByRole('button', { name: /^Filtros/ });
          await expect(filtros).toHaveAttribute('aria-expanded', 'false', { timeout: 15_000 });
          await expect(page.getByRole('textbox', { name: 'Transporte ID' })).toBeHidden();
          await page.waitForLoadState('networkidle');
          expect(await smallTargets(page), path).toEqual([]);
          await page.screenshot({ path: `${SHOTS}/filtros-cerrados-${path.split('/')[2]}.png` });
          await filtros.click();
          await expect(page.getByRole('textbox', { name: 'Transporte ID' })).toBeVisible();
          expect(await smallTargets(page), `${path} con filtros`).toEqual([]);
        }
        // On a touch screen there is nothing to drag onto: the hint only says to choose.
        await page.goto('/proveedores/subir-albaranes-entrega');
        await expect(page.getByText(/^Elija el fichero/).first()).toBeVisible({ timeout: 15_000 });
        await expect(page.getByText(/Arrastre el fichero aquí/)).toHaveCount(0);
        await page.screenshot({ path: `${SHOTS}/albaranes-phone.png`, fullPage: true });
      });

      test('point 5: the customer shipments fold their filters too', async ({ page }) => {
        // Signed in first: a page opened before the session cookie goes back to the login.
        await signIn(page, 'cliente@demo.es');
        await page.goto('/clientes/portes');
        const filtros = page.getByRole('button', { name: /^Filtros/ });
        await expect(filtros).toHaveAttribute('aria-expanded', 'false', { timeout: 15_000 });
        await expect(page.getByRole('textbox', { name: 'Origen' })).toBeHidden();
        await filtros.click();
        await expect(page.getByRole('textbox', { name: 'Origen' })).toBeVisible();
      });
    } else {
      test('point 5: with a mouse the drop area says it can be dragged onto', async ({ page }) => {
        await openAsCarrier(page, '/proveedores/subir-albaranes-entrega');
        await expect(page.getByText(/^Arrastre el fichero aquí/).first()).toBeVisible({
          timeout: 15_000,
        });
        await page.screenshot({ path: `${SHOTS}/albaranes-desktop.png`, fullPage: true });
      });
    }
  });
}
