import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { loginAs, submitLogin } from '../fixtures.js';

// These specs are about the service worker: allowed here, blocked elsewhere (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/**
 * Issue 20: offline, a reload opens the app's shell with the last data seen, read-only, and the
 * data of a session goes at its logout and at the next login (another user, another portal).
 */
const SCREENSHOTS = 'build/e2e-pwa';
const PORTES = '/clientes/portes?orden=fecha_carga_prevista_desc';

/**
 * Opens the customer login page, waits until the service worker controls it (its first install
 * fetches the whole build, slow on a busy two-core machine) and signs in.
 */
async function signInControlled(page: Page, email: string) {
  await page.goto('/login');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 45_000,
  });
  await submitLogin(page, email);
}

/** The URLs of the GET /api answers the worker keeps (its data cache). */
function keptReads(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    if (!(await caches.has('extranet-datos'))) return [];
    const cache = await caches.open('extranet-datos');
    return (await cache.keys()).map((request) => new URL(request.url).pathname);
  });
}

/** The first shipment of the active list (a table from 768 px, cards below). */
function firstShipment(page: Page, width: number) {
  const list = page.getByRole(width < 768 ? 'list' : 'table', { name: 'Portes activos' });
  return list.getByRole(width < 768 ? 'listitem' : 'row').nth(width < 768 ? 0 : 1);
}

for (const [size, width, height] of [
  ['desktop', 1440, 900],
  ['phone', 360, 740],
] as const) {
  test(`${size}: offline, a reload shows the last list seen, read-only; logout clears it`, async ({
    page,
    context,
  }) => {
    test.setTimeout(90_000);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.setViewportSize({ width, height });
    await signInControlled(page, 'cliente@demo.es');
    await expect(page).toHaveURL(/\/clientes\/tracking$/, { timeout: 30_000 });

    await page.goto(PORTES);
    const row = firstShipment(page, width);
    await expect(row).toBeVisible({ timeout: 30_000 });
    // A row may show before its text (the table's loading rows): wait for the shipment's.
    await expect.poll(async () => (await row.innerText()).trim()).not.toBe('');
    const shipment = (await row.innerText()).trim().split(/\s+/)[0]!;
    await expect.poll(() => keptReads(page)).toContain('/api/clientes/portes');

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: 'Sin conexión' })).toContainText(
      /Sin conexión: datos de las \d{2}:\d{2}/,
    );
    await expect(page.getByRole('status').filter({ hasText: 'Sin conexión' })).toContainText(
      'Solo lectura: las acciones vuelven cuando haya conexión.',
    );
    await expect(firstShipment(page, width)).toContainText(shipment);
    // Read-only: the page's controls are disabled, the notice says why.
    const readOnly = page.getByRole('main').getByRole('group').first();
    await expect(readOnly).toHaveAttribute('disabled', '');
    await expect(readOnly).toHaveAttribute('aria-describedby', 'aviso-sin-conexion');
    await expect(page.getByRole('main').getByRole('button').first()).toBeDisabled();
    await page.screenshot({ path: `${SCREENSHOTS}/offline-portes-${size}.png`, fullPage: false });

    // Back online, the data is fresh again and the notice goes.
    await context.setOffline(false);
    await page.reload();
    await expect(firstShipment(page, width)).toBeVisible();
    await expect(page.getByText(/Sin conexión/)).toHaveCount(0);

    // Logout deletes the kept data: offline again, the list is not there any more.
    if (width < 768) await page.getByRole('button', { name: 'Cerrar sesión' }).last().click();
    else await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    // The login page asks whether a session is open; that answer (none) may be kept, nothing else.
    expect((await keptReads(page)).filter((path) => path !== '/api/auth')).toEqual([]);
    await context.setOffline(true);
    await page.goto(PORTES).catch(() => undefined);
    await expect(page.getByText(shipment, { exact: true })).toHaveCount(0);
    await context.setOffline(false);
  });
}

test('a login as another user deletes what the last session left offline', async ({ page }) => {
  test.setTimeout(90_000);
  await signInControlled(page, 'cliente@demo.es');
  await expect(page).toHaveURL(/\/clientes\/tracking$/, { timeout: 30_000 });
  await page.goto(PORTES);
  await expect(page.getByRole('table', { name: 'Portes activos' })).toBeVisible({
    timeout: 30_000,
  });
  await expect.poll(() => keptReads(page)).toContain('/api/clientes/portes');

  // No logout: the carrier signs in on the same browser.
  await page.context().clearCookies();
  await loginAs(page, 'proveedor@demo.es', 'proveedores');
  await expect(page).toHaveURL(/\/proveedores\/cargas$/, { timeout: 30_000 });
  await expect.poll(() => keptReads(page)).toContain('/api/proveedores/cargas');
  const reads = await keptReads(page);
  expect(reads.filter((path) => path.startsWith('/api/clientes/'))).toEqual([]);
});
