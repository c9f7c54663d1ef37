import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests drive Debian's Chromium (never a downloaded browser) against the real built
 * server, on a fresh SQLite database seeded with the demo data, bound to 127.0.0.1.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;
// Evaluated in the runner and again in each worker; only the runner's value starts the server.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'extranet-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Two workers on two cores run the e-CMR, shipment-link and PWA walks beside the rest.
  timeout: 60_000,
  // CI machines have two cores shared by the server, two browsers and the build: be patient.
  expect: { timeout: 15_000 },
  forbidOnly: !!process.env.CI,
  // A failed test's page is printed too: CI keeps only what the run prints.
  reporter: [
    ['list'],
    ['./e2e/failure-context-reporter.ts'],
    ...(process.env.CI ? [] : [['html', { open: 'never' }] as const]),
  ],
  use: {
    baseURL,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    // The portal's service worker (issue 20) answers GET /api reads itself, and requests a
    // worker makes are not seen by page.route(): the specs that stand in for the API or fail a
    // call run without it; the PWA specs (e2e/pwa) allow it.
    serviceWorkers: 'block',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    {
      name: 'desktop',
      testIgnore: /api-docs\.spec\.ts/,
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
    // The API viewer (1.5 MB) resolves the whole OpenAPI 3.1 document before it shows its title:
    // 6 s on a quiet two-core machine, 30 s and more beside another worker's walk. It runs
    // once the rest is done, alone (`npx playwright test e2e/api-docs.spec.ts --no-deps` runs
    // just it).
    {
      name: 'api-docs',
      testMatch: /api-docs\.spec\.ts/,
      dependencies: ['desktop'],
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    command: 'node apps/server/dist/server.js --demo',
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Lets a developer test a build kept outside the work tree while another one is running.
      ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
    },
  },
});
