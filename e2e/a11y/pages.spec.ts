import { expect, test, type Page } from '@playwright/test';
import { accessLinkSuffix, CUSTOMER_PAGES, signIn } from '../fixtures.js';
import { expectNoViolations } from './axe.js';

/** Opens `path` and waits for its level-1 heading (the page has rendered its data). */
async function visit(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({
    timeout: 15_000,
  });
  // Let the lists' first answers and the lazy notifications settle.
  await page.waitForLoadState('networkidle');
}

const supplierPages: [string, string | RegExp][] = [
  ['/proveedores/cargas', 'Cargas'],
  ['/proveedores/panel', 'Panel de vehículos'],
  ['/proveedores/transportes', 'Histórico Transportes'],
  ['/proveedores/facturas', 'Histórico Facturas'],
  ['/proveedores/subir-albaranes-entrega', /albaranes/i],
  ['/proveedores/subir-facturas', /facturas/i],
  ['/proveedores/certificados', 'Certificados'],
  ['/proveedores/prevencion', 'Prevención'],
];

/**
 * Waits for the open dialog's opening transition to end (no CSS transition running, the dialog
 * fully opaque): axe measures contrast on the colours as they are then.
 */
async function dialogSettled(page: Page) {
  await page.waitForFunction(() => {
    const dialog = document.querySelector('[role="dialog"]');
    const transitioning = document
      .getAnimations()
      .some((animation) => animation instanceof CSSTransition && animation.playState === 'running');
    return dialog !== null && getComputedStyle(dialog).opacity === '1' && !transitioning;
  });
}

test.describe('WCAG 2.2 AA (axe-core), no violations', () => {
  // Sign-in plus a full axe run on a two-core machine shared with other browsers.
  test.describe.configure({ timeout: 90_000 });

  test('login pages, recovery dialog, new-password page and NOT FOUND', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('combobox', { name: 'Región' })).toBeVisible();
    await expectNoViolations(page, '/login');

    await page.getByRole('button', { name: 'Recibir nueva contraseña' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await dialogSettled(page);
    await expectNoViolations(page, 'diálogo de recuperación');

    await page.goto('/proveedores/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible({ timeout: 15_000 });
    await expectNoViolations(page, '/proveedores/login');

    await page.goto('/nueva-clave?portal=clientes#token-de-prueba');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
    await expectNoViolations(page, '/nueva-clave');

    await page.goto('/no-existe');
    await expect(page.getByText('NOT FOUND')).toBeVisible({ timeout: 15_000 });
    await expectNoViolations(page, 'NOT FOUND');
  });

  // One test per page, so that one page's violations never hide another's.
  for (const [path, heading] of CUSTOMER_PAGES) {
    test(`customer page ${path}`, async ({ page }) => {
      await signIn(page, 'cliente@demo.es');
      await visit(page, path, heading);
      await expectNoViolations(page, path);
    });
  }

  test('customer tracking through an access link', async ({ browser }) => {
    const suffix = await accessLinkSuffix(browser, 'cliente@demo.es', 'clientes');
    // AxeBuilder needs a page of a context made with browser.newContext().
    const context = await browser.newContext();
    const anonymous = await context.newPage();
    await visit(anonymous, `/clientes/tracking${suffix}`, 'Tracking');
    await expectNoViolations(anonymous, 'tracking con enlace de acceso');
    await context.close();
  });

  for (const [path, heading] of supplierPages) {
    test(`supplier page ${path}`, async ({ page }) => {
      await signIn(page, 'proveedor@demo.es', 'proveedores');
      await visit(page, path, heading);
      await expectNoViolations(page, path);
    });
  }

  test('supplier offer dialog', async ({ page }) => {
    await signIn(page, 'proveedor@demo.es', 'proveedores');
    await visit(page, '/proveedores/cargas', 'Cargas');
    await page
      .getByRole('button', { name: /^Ofertar · / })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await dialogSettled(page);
    await expectNoViolations(page, 'diálogo de oferta');
  });

  test('supplier upload dialog', async ({ page }) => {
    await signIn(page, 'proveedor@demo.es', 'proveedores');
    await visit(page, '/proveedores/subir-facturas', /facturas/i);
    await page.getByRole('checkbox').nth(1).check();
    await page.getByRole('button', { name: 'Subir factura' }).click();
    await expect(page.getByRole('dialog', { name: 'Subir factura' })).toBeVisible();
    await dialogSettled(page);
    await expectNoViolations(page, 'diálogo de subir factura');
  });
});
