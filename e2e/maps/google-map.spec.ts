import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { MAP_PAGES, watchCspViolations } from './map-pages.js';

/**
 * With MAPS_API_KEY (issue 14): a second server of the same build, started here with a key on
 * its own port and data directory. The test machine has no route to Google, so the browser is
 * given a stand-in for the Maps JavaScript API at Google's own address: the CSP of the served
 * page must admit it, and the loader must ask for the key and the spec's libraries (§4, §7).
 */
const KEY = 'clave-de-prueba-e2e';
const PORT = 3111;
const BASE_URL = `http://127.0.0.1:${PORT}`;
const STAND_IN = readFileSync(path.join(import.meta.dirname, 'google-stand-in.js'), 'utf8');
const GOOGLE_LOADER = 'https://maps.googleapis.com/**';

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: BASE_URL });

let server: ChildProcess | undefined;
let dataDir: string | undefined;

test.beforeAll(async () => {
  // Migrating and seeding the demo data on a busy two-core machine.
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'extranet-e2e-maps-'));
  server = spawn(process.execPath, ['apps/server/dist/server.js', '--demo'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: BASE_URL,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      MAPS_API_KEY: KEY,
    },
    stdio: 'ignore',
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${BASE_URL}/readyz`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 110_000, intervals: [500] },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Nothing but the portal and (where a test allows it) Google's loader may be reached. */
async function onlyThePortal(page: Page) {
  await page.route(
    (url) => !url.href.startsWith(`${BASE_URL}/`),
    (route) => route.abort('blockedbyclient'),
  );
}

const maptest = MAP_PAGES.find((p) => p.name === 'maptest')!;
const tracking = MAP_PAGES.find((p) => p.name === 'tracking')!;

for (const mapPage of [maptest, tracking]) {
  test(`${mapPage.name}: the page's CSP admits Google's loader, asked for the key and the spec's libraries`, async ({
    page,
  }) => {
    await onlyThePortal(page);
    const requested: string[] = [];
    await page.route(GOOGLE_LOADER, (route) => {
      requested.push(route.request().url());
      return route.fulfill({ contentType: 'text/javascript', body: STAND_IN });
    });
    const cspViolations = await watchCspViolations(page);
    const documents: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'document') {
        documents.push(String(response.headers()['content-security-policy']));
      }
    });

    await mapPage.open(page);
    const map = page.locator('[data-google-map="stand-in"]');
    await expect(map).toBeVisible();

    // One loader request, with the key and the marker, places, core and maps libraries.
    expect(requested).toHaveLength(1);
    const loader = new URL(requested[0]!);
    expect(`${loader.origin}${loader.pathname}`).toBe('https://maps.googleapis.com/maps/api/js');
    expect(loader.searchParams.get('key')).toBe(KEY);
    // A key restricted by referrer is checked against the origin the page sends (strict-origin).
    expect(loader.searchParams.get('auth_referrer_policy')).toBe('origin');
    expect(loader.searchParams.get('libraries')?.split(',').sort()).toEqual([
      'core',
      'maps',
      'marker',
      'places',
    ]);

    // The served page's CSP names Google's origins, and the browser reported no violation.
    expect(documents.at(-1)).toMatch(/script-src 'self'[^;]* https:\/\/\*\.googleapis\.com/);
    expect(await cspViolations()).toEqual([]);

    // Advanced markers: the pin's colours and a white 17px label; no offline map meanwhile.
    const marker = map.locator('[data-google-marker]').first();
    await expect(marker).toBeVisible();
    await expect(marker).toHaveAttribute('title', /.+/);
    const label = marker.locator('[data-pin] span');
    await expect(label).toHaveCSS('color', 'rgb(255, 255, 255)');
    await expect(label).toHaveCSS('font-size', '17px');
    await expect(page.locator('[data-map="maplibre"]')).toHaveCount(0);
    if (mapPage.name === 'tracking') {
      // The route through the stops, as a Google polyline.
      await expect(map.locator('[data-google-route]')).toBeAttached();
    }
  });
}

test('maptest with a key: zoom 7 within 3–9 (spec §9), all the Peru sample markers', async ({
  page,
}) => {
  await onlyThePortal(page);
  await page.route(GOOGLE_LOADER, (route) =>
    route.fulfill({ contentType: 'text/javascript', body: STAND_IN }),
  );
  await maptest.open(page);
  const map = page.locator('[data-google-map="stand-in"]');
  await expect(map).toHaveAttribute('data-zoom', '7');
  await expect(map).toHaveAttribute('data-min-zoom', '3');
  await expect(map).toHaveAttribute('data-max-zoom', '9');
  await expect(map.locator('[data-google-marker]')).toHaveCount(8);
  await expect(map.locator('[data-google-marker][title="Lima"] [data-pin]')).toHaveCSS(
    'background-color',
    'rgb(24, 100, 171)',
  );
});

test("Google unreachable: the spec's loader message, and the offline map all the same", async ({
  page,
}) => {
  await onlyThePortal(page);
  await page.route(GOOGLE_LOADER, (route) => route.abort('internetdisconnected'));
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });

  await maptest.open(page);
  const canvas = page.getByRole('region', { name: maptest.label });
  await expect(canvas).toBeVisible();
  await expect(page.locator('[data-map="maplibre"]')).toHaveAttribute('data-basemap', 'ready');
  await expect(page.locator('[data-map="maplibre"] [data-marker]').first()).toBeVisible();
  expect(errors).toContainEqual(
    expect.stringContaining('The Google Maps JavaScript API could not load.'),
  );
  // Spec §8: the product does nothing special about it; the page shows no error.
  await expect(page.getByText(/could not load/)).toHaveCount(0);
});
