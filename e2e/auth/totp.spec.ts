import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { DEMO_PASSWORD, loginAs, serverCli, submitLogin } from '../fixtures.js';

/** The code an authenticator app would show `offsetSteps` 30-second steps from now. */
function codeFor(secret: string, offsetSteps = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });
}

/**
 * Signs out, then back in up to the code step's dialog. The browser remembers the login
 * (spec §4): the remember token replaces the password, the code is still asked.
 */
async function signOutAndBackToCodeStep(page: Page, email: string) {
  await page.getByRole('button', { name: 'Cerrar sesión' }).first().click();
  await expect(page).toHaveURL(/\/proveedores\/login/);
  await expect(page.getByLabel('E-mail')).toHaveValue(email);
  await page.getByRole('button', { name: 'Login' }).click();
  const step = page.getByRole('dialog', { name: 'Verificación en dos pasos' });
  await expect(step.getByText('Introduzca el código de 6 cifras')).toBeVisible();
  return step;
}

test('a carrier enrols an authenticator app, then signs in with a code and with a recovery code once', async ({
  page,
  browser,
}) => {
  // Three CLI runs (each opens the database) and four logins: slower than the default budget.
  test.setTimeout(150_000);
  // A user of its own: the demo accounts are shared by the other specs.
  const helper = await browser.newPage();
  await loginAs(helper, 'proveedor@demo.es', 'proveedores');
  await expect(helper).not.toHaveURL(/\/login$/);
  const { id: proveedorId } = (await helper.evaluate(async () =>
    (await fetch('/api/auth')).json(),
  )) as { id: number };
  await helper.close();
  const email = `totp-${Date.now().toString(36)}@demo.es`;
  const user = ['--email', email, '--region', 'es'];
  serverCli(
    'usuario',
    'create',
    ...user,
    '--nombre',
    'Prueba TOTP',
    '--proveedor',
    String(proveedorId),
  );
  serverCli(
    'usuario',
    'grant',
    ...user,
    '--recurso',
    'apiweb.proveedores.cargas',
    '--portal',
    'proveedores',
  );
  const link = serverCli('usuario', 'reset-password', ...user, '--portal', 'proveedores');
  const token = /#([\w-]+)/.exec(link)?.[1];
  expect(token).toBeTruthy();
  await page.goto('/proveedores/login');
  const reset = await page.evaluate(
    async (body) => {
      const csrf = /(?:^|; )csrf-token=([^;]+)/.exec(document.cookie)?.[1] ?? '';
      const res = await fetch('/api/password-reset', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-csrf-token': decodeURIComponent(csrf) },
        body: JSON.stringify(body),
      });
      return res.status;
    },
    { token, clave: DEMO_PASSWORD + '-totp' },
  );
  expect(reset).toBeLessThan(300);

  // Signed in with the password only, the user turns the second factor on.
  await submitLogin(page, email, DEMO_PASSWORD + '-totp');
  await expect(page).toHaveURL(/\/proveedores\/cargas/);
  await page.getByRole('button', { name: 'Verificación en dos pasos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verificación en dos pasos' });
  await dialog.getByRole('button', { name: 'Activar' }).click();
  await expect(
    dialog.getByRole('img', { name: 'Código QR para la aplicación de autenticación' }),
  ).toBeVisible();
  const secret = (await dialog.locator('code').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await dialog.getByLabel('Código de verificación').fill(codeFor(secret));
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(dialog.getByText('La verificación en dos pasos está activada')).toBeVisible();
  // The recovery codes, shown once, with a text file to keep.
  await expect(
    dialog.getByText('Guarde estos códigos en un lugar seguro. Cada código sirve una sola vez'),
  ).toBeVisible();
  const codes = await dialog
    .getByRole('list', { name: 'Códigos de recuperación' })
    .getByRole('listitem')
    .allTextContents();
  expect(codes).toHaveLength(10);
  for (const code of codes) expect(code).toMatch(/^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{2}$/);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Descargar' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.txt$/);
  const file = await readFile(await download.path(), 'utf8');
  for (const code of codes) expect(file).toContain(code);
  await dialog.getByRole('button', { name: 'Cerrar' }).first().click();

  // Next login: the code (the next step's: the current one is spent).
  const step = await signOutAndBackToCodeStep(page, email);
  expect(await page.evaluate(async () => (await (await fetch('/api/auth')).json()).success)).toBe(
    0,
  );
  await step.getByLabel('Código de verificación').fill(codeFor(secret, 1));
  await step.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/proveedores\/cargas/);
  expect(await page.evaluate(async () => (await (await fetch('/api/auth')).json()).email)).toBe(
    email,
  );

  // Phone lost: a recovery code instead of the app's code signs in…
  const recovery = await signOutAndBackToCodeStep(page, email);
  await recovery.getByRole('button', { name: 'Usar un código de recuperación' }).click();
  await recovery.getByLabel('Código de recuperación').fill(codes[0]!);
  await recovery.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/proveedores\/cargas/);

  // …once: the same code again is refused like a wrong code, and no session starts.
  const reused = await signOutAndBackToCodeStep(page, email);
  await reused.getByRole('button', { name: 'Usar un código de recuperación' }).click();
  await reused.getByLabel('Código de recuperación').fill(codes[0]!);
  await reused.getByRole('button', { name: 'Verificar' }).click();
  await expect(reused.getByRole('alert')).toHaveText(/Código incorrecto o ya utilizado/);
  await expect(page).toHaveURL(/\/proveedores\/login/);
  expect(await page.evaluate(async () => (await (await fetch('/api/auth')).json()).success)).toBe(
    0,
  );
});
