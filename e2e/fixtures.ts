import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, type Browser, type Page } from '@playwright/test';

/** Password of every demo account (README). */
export const DEMO_PASSWORD = 'demo1234';

/** Fills the login form of the page already open and submits it. */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Opens a portal's login page and signs in (no region change: Europa). */
export async function loginAs(
  page: Page,
  email: string,
  portal: 'clientes' | 'proveedores' = 'clientes',
  password = DEMO_PASSWORD,
) {
  await page.goto(portal === 'clientes' ? '/login' : '/proveedores/login');
  // The login chunk may take a while on a busy machine.
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible({ timeout: 15_000 });
  await submitLogin(page, email, password);
}

/**
 * The headers of a POST with `page.request` (which shares the page's cookies), as the portal's
 * pages send them: the CSRF cookie echoed and the page's origin. The GET sets the cookie when
 * there is none yet.
 */
export async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  const origin = new URL((await page.request.get('/api/auth')).url()).origin;
  const csrf = (await page.context().cookies(origin)).find((c) => c.name === 'csrf-token');
  return { 'x-csrf-token': decodeURIComponent(csrf?.value ?? ''), origin };
}

/**
 * Signs in through the login API, as the login form does (CSRF cookie and header, the page's
 * origin), without opening the login page: for tests of what comes after the login, which open
 * their page next with `page.goto`. The login itself is tested through its form (login specs);
 * a page boot saved here is 5–8 s on CI's busy two-core machine.
 */
export async function signIn(
  page: Page,
  email: string,
  portal: 'clientes' | 'proveedores' = 'clientes',
) {
  const response = await page.request.post(
    portal === 'clientes' ? '/api/login' : '/api/proveedores/login',
    {
      headers: await csrfHeaders(page),
      data: { usuario: email, clave: DEMO_PASSWORD, dregion: 'es' },
    },
  );
  expect(response.status(), await response.text()).toBe(200);
  expect(((await response.json()) as { success: number }).success).toBe(1);
}

/** Signs in as the demo carrier through the API and opens `path` of the carrier portal. */
export async function openAsCarrier(page: Page, path: string) {
  await signIn(page, 'proveedor@demo.es', 'proveedores');
  await page.goto(path);
}

/** The customer portal's pages (spec §2) with the heading each shows. */
export const CUSTOMER_PAGES: ReadonlyArray<readonly [path: string, heading: string]> = [
  ['/clientes/tracking', 'Tracking'],
  ['/clientes/portes', 'Portes'],
  ['/clientes/historico', 'Histórico'],
  ['/clientes/facturas', 'Facturas'],
  ['/clientes/solicitar_transporte', 'Solicitar Transporte'],
  ['/clientes/sugerencias', 'Sugerencias'],
];

/** The sizes the screenshot tests take each page at. */
export const SCREENSHOT_VIEWPORTS = [
  ['desktop', 1280, 800],
  ['phone', 390, 844],
] as const;

/**
 * Waits until the list `name` shows its first row (a table from 768 px, cards below) and no
 * skeleton is left (they are aria-busy), so a screenshot shows the data.
 */
export async function expectRowsLoaded(page: Page, name: string, width: number) {
  const list = page.getByRole(width < 768 ? 'list' : 'table', { name });
  await expect(list.getByRole(width < 768 ? 'listitem' : 'row').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** A map page without a maps key: the offline map `name` and its list of places, not empty. */
export async function expectOfflineMap(page: Page, name: string) {
  await expect(page.getByRole('region', { name })).toBeVisible();
  await expect(page.getByRole('list', { name }).getByRole('listitem').first()).toBeVisible();
}

/** The notification at the top of the page whose text is exactly `text`. */
export function notification(page: Page, text: string) {
  const exact = new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  return page.locator('.mantine-Notification-root').filter({ hasText: exact });
}

/** The data directory the test server runs on (playwright.config.ts). */
export function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR no está definido');
  return dir;
}

/** Undoes quoted-printable soft line breaks and escapes (UTF-8), enough to search the text. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/(=[0-9A-F]{2})+/g, (match) =>
      Buffer.from(match.replace(/=/g, ''), 'hex').toString('utf8'),
    );
}

/** The `.eml` messages of the test server's outbox, decoded, newest first. */
function outboxMails(): string[] {
  const outbox = path.join(dataDir(), 'outbox');
  let files: string[];
  try {
    files = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return files
    .map((name) => path.join(outbox, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
    .map((file) => decodeQuotedPrintable(readFileSync(file, 'utf8')));
}

/** The newest outbox message that mentions `text`. */
export function newestMailMentioning(text: string): string | undefined {
  return outboxMails().find((mail) => mail.includes(text));
}

/** The recovery link of the newest `.eml` in the outbox addressed to `email`. */
export function newestRecoveryLink(email: string): string | undefined {
  for (const text of outboxMails()) {
    if (!text.toLowerCase().includes(email.toLowerCase())) continue;
    const link = /https?:\/\/[^\s"<>]+\/nueva-clave\?portal=\w+#[\w-]+/.exec(text)?.[0];
    if (link) return link;
  }
  return undefined;
}

/** Runs the server CLI against the test database and returns its standard output. */
export function serverCli(...args: string[]): string {
  return execFileSync('node', ['apps/server/dist/cli.js', ...args], {
    env: {
      ...process.env,
      DATA_DIR: dataDir(),
      PUBLIC_URL: `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
    encoding: 'utf8',
  }).trim();
}

/**
 * A real id+token access link (minted with the server CLI) for the company that `email`
 * signs in to; returns the path suffix `/<id>/<token>`.
 */
export async function accessLinkSuffix(
  browser: Browser,
  email: string,
  portal: 'clientes' | 'proveedores',
): Promise<string> {
  const page = await browser.newPage();
  // Through the API: only the company's id is wanted, not a page.
  await signIn(page, email, portal);
  const { id } = (await (await page.request.get('/api/auth')).json()) as { id: number };
  await page.close();
  const url = new URL(serverCli('access-link', '--portal', portal, '--id', String(id)));
  const token = /\/\d+\/([^/]+)$/.exec(url.pathname)?.[1];
  if (!token) throw new Error(`Enlace inesperado: ${url.pathname}`);
  return `/${id}/${token}`;
}
