import { expect, test, type Page } from '@playwright/test';
import { openAsCarrier, signIn } from './fixtures.js';

/*
 * Issue 21 point 4 (decision 014): the screens that refresh by themselves (the customer's
 * tracking with its shipments in progress, the carrier's load list) revalidate with the
 * browser's HTTP cache: the refresh carries If-None-Match and, nothing having changed, gets 304.
 * The page's clock is moved on a minute at a time to fire the refresh instead of waiting.
 */

/**
 * Statuses the server answered to GETs of `path` (query string ignored), in order. Read from
 * the browser's network events (DevTools protocol): a revalidated response reaches the page,
 * and Playwright's `response.status()`, as the cached 200; the raw answer is the 304.
 */
async function statusesOf(page: Page, path: string): Promise<number[]> {
  const statuses: number[] = [];
  const ids = new Set<string>();
  const cdp = await page.context().newCDPSession(page);
  cdp.on('Network.requestWillBeSent', (event) => {
    if (event.request.method === 'GET' && new URL(event.request.url).pathname === path) {
      ids.add(event.requestId);
    }
  });
  cdp.on('Network.responseReceivedExtraInfo', (event) => {
    if (ids.has(event.requestId)) statuses.push(event.statusCode);
  });
  await cdp.send('Network.enable');
  return statuses;
}

/**
 * Fires the page's one-minute refresh until one is answered 304 (a test running beside this
 * one may change the data once in between, making that refresh a 200 with the new body).
 */
async function expectRefreshAnswered304(page: Page, statuses: number[]) {
  // The page's own first read may already be revalidated (the reload kept the HTTP cache).
  const first = statuses.length;
  await expect
    .poll(
      async () => {
        await page.clock.fastForward('01:01');
        return statuses.slice(first);
      },
      { timeout: 30_000 },
    )
    .toContain(304);
}

test.describe('lecturas condicionales', () => {
  // Login, a reload and several refreshes: more than one page load's worth of time.
  test.slow();

  test('el tracking refresca sus portes en curso con If-None-Match y recibe 304', async ({
    page,
  }) => {
    await signIn(page, 'cliente@demo.es');
    await page.goto('/clientes/tracking');
    await expect(page.getByRole('region', { name: 'Portes en curso' })).toBeVisible();
    // Signed in: the page again, under a clock the test moves on.
    await page.clock.install();
    const statuses = await statusesOf(page, '/api/clientes/portes');
    await page.reload();
    await expect(page.getByRole('region', { name: 'Portes en curso' })).toBeVisible({
      timeout: 30_000,
    });
    // Its first read may come inside the HTML too: the refreshes are what this test is about.
    await expectRefreshAnswered304(page, statuses);
    // The 304 left the page as it was: its list is still there.
    await expect(page.getByRole('region', { name: 'Portes en curso' })).toBeVisible();
  });

  test('el listado de cargas refresca con If-None-Match y recibe 304', async ({ page }) => {
    await openAsCarrier(page, '/proveedores/cargas');
    await expect(page.getByRole('heading', { level: 1, name: 'Cargas' })).toBeVisible();
    await page.clock.install();
    const statuses = await statusesOf(page, '/api/proveedores/cargas');
    await page.reload();
    // The reload loads the page's chunks again: slow on a busy machine.
    await expect(page.getByRole('heading', { level: 1, name: 'Cargas' })).toBeVisible({
      timeout: 30_000,
    });
    // Its first page came inside the HTML (lean first screen): the first refresh is a 200 that
    // fills the HTTP cache, a later one is revalidated.
    await expect(page.getByRole('table', { name: 'Cargas disponibles' })).toBeVisible();
    await expectRefreshAnswered304(page, statuses);
    await expect(page.getByRole('heading', { level: 1, name: 'Cargas' })).toBeVisible();
  });
});
