import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

// These specs are about the service worker: allowed here, blocked elsewhere (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/**
 * Issue 20: when a new version is deployed, the open page says "Hay una versión nueva" and
 * "Recargar" hands over to it. A second server of its own, on a copy of the build (WEB_DIST_DIR)
 * whose worker the test then changes, as a deployment would; port 0, its own data directory.
 */
const SCREENSHOTS = 'build/e2e-pwa';

let server: ChildProcess | undefined;
let dataDir: string | undefined;
let webDir: string | undefined;
let baseUrl = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'extranet-e2e-pwa-'));
  webDir = path.join(dataDir, 'web');
  cpSync(process.env.WEB_DIST_DIR ?? 'apps/web/dist', webDir, { recursive: true });
  server = spawn(process.execPath, ['apps/server/dist/server.js'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDir,
      PUBLIC_URL: 'http://127.0.0.1',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Fastify's "Server listening at http://127.0.0.1:<port>" line names the port it got.
  baseUrl = await new Promise<string>((resolve, reject) => {
    let seen = '';
    server!.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const found = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(seen);
      if (found) resolve(found[1]!);
    });
    server!.once('exit', (code) => reject(new Error(`el servidor terminó (${code})`)));
  });
  // Keep reading, or a full pipe would stall the server.
  server.stdout!.resume();
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

for (const [size, width, height] of [
  ['desktop', 1440, 900],
  ['phone', 360, 740],
] as const) {
  test(`${size}: a new worker deployed brings "Hay una versión nueva", and "Recargar" takes it`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.setViewportSize({ width, height });
    await page.goto(`${baseUrl}/login`);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible({ timeout: 15_000 });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });
    const first = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
    const prompt = page.getByRole('alert').filter({ hasText: 'Hay una versión nueva' });
    await expect(prompt).toHaveCount(0);

    // The deployment: new worker bytes. The page learns of it on its next navigation.
    appendFileSync(path.join(webDir!, 'sw.js'), `\n// versión ${size} ${Date.now()}\n`);
    await page.reload();
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: `${SCREENSHOTS}/update-prompt-${size}.png` });

    // Undefined while the page is reloading (no document to ask): the poll asks again.
    const waiting = () =>
      page
        .evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))
        .catch(() => undefined);
    expect(await waiting()).toBe(true);
    await prompt.getByRole('button', { name: 'Recargar' }).click();
    // The page reloads under the new worker: nothing waits any more, no prompt.
    await expect.poll(waiting).toBe(false);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible({ timeout: 15_000 });
    await expect(prompt).toHaveCount(0);
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(first);
  });
}
