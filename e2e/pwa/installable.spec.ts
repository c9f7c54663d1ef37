import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';

/**
 * Issue 20: the customer portal, the carrier portal and the driver page install as apps of
 * their own. Chromium's own verdict through the DevTools protocol (Lighthouse 12 has no PWA
 * category any more): no installability error, and the manifest each page links, read by it.
 */

// A well-formed driver link: the page and its manifest are served for any token (the link is
// checked by the API the page then calls), so no transport's live link is touched here.
const DRIVER_TOKEN = 'pwa-e2e-0123456789abcdefghijklmnopqrstuvwxyz'.slice(0, 43);

const APPS = [
  { app: 'customer portal', path: '/login', name: 'Extranet · Clientes', scope: '/' },
  {
    app: 'carrier portal',
    path: '/proveedores/login',
    name: 'Extranet · Proveedores',
    scope: '/proveedores/',
  },
  {
    app: 'driver page',
    path: `/conductor/${DRIVER_TOKEN}`,
    name: 'Extranet · Conductor',
    scope: '/conductor/',
  },
] as const;

interface AppManifest {
  url: string;
  errors: Array<{ message: string; critical: number }>;
  data?: string;
}

for (const { app, path, name, scope } of APPS) {
  test(`the ${app} is installable, with its own name, scope and icons`, async ({
    browserName,
  }, testInfo) => {
    expect(browserName).toBe('chromium');
    // A new profile on disk takes a while to start on a busy machine.
    test.setTimeout(90_000);
    // Chromium never installs from an incognito profile, which every new context is: a profile
    // on disk, with the project's browser and flags.
    const { launchOptions, baseURL } = testInfo.project.use;
    const profile = mkdtempSync(join(tmpdir(), 'extranet-e2e-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      ...launchOptions,
      baseURL,
      locale: 'es-ES',
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await checkInstallable(page);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  async function checkInstallable(page: Page) {
    await page.goto(path);
    const cdp = await page.context().newCDPSession(page);
    // The manifest is fetched after the page: wait until Chromium has it.
    await expect
      .poll(async () => ((await cdp.send('Page.getAppManifest')) as AppManifest).data ?? '')
      .not.toBe('');
    const manifest = (await cdp.send('Page.getAppManifest')) as AppManifest;
    expect(manifest.errors).toEqual([]);
    const data = JSON.parse(manifest.data!) as {
      name: string;
      id: string;
      scope: string;
      start_url: string;
      icons: Array<{ sizes: string; purpose: string }>;
    };
    expect(data.name).toBe(name);
    expect(data.scope).toBe(scope);
    expect(data.icons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sizes: '192x192', purpose: 'any' }),
        expect.objectContaining({ sizes: '512x512', purpose: 'any' }),
        expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }),
      ]),
    );
    if (app === 'driver page') expect(data.start_url).toBe(`/conductor/${DRIVER_TOKEN}`);

    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    expect(installabilityErrors).toEqual([]);
    // The favicon the page names is served as an image.
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    const response = await page.request.get(icon!);
    expect(response.headers()['content-type']).toBe('image/svg+xml');
  }
}
