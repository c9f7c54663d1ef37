import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { serverCli } from '../fixtures.js';

/**
 * Stands in for the external Security Circuit (issue 14 point 2): another local server, on
 * another port (so another origin, as in production), that records the form posts it gets.
 */
async function startExternalCircuit() {
  const posts: Array<Record<string, string>> = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      if (request.method === 'POST') posts.push(Object.fromEntries(new URLSearchParams(body)));
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<!doctype html><title>Circuito externo</title><h1>Circuito externo</h1>');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/circuito/entrada`, posts, server };
}

const PASSWORD = 'Circuito-externo-2026';

test('Circuito Seguridad posts e-mail and code to a circuit on another origin', async ({
  page,
}) => {
  const circuit = await startExternalCircuit();
  try {
    // A user of the demo client whose circuit lives elsewhere (CLI: as an operator would).
    const email = `circuito-${Date.now()}@demo.es`;
    const codigo = 'CIR0001';
    const listing = serverCli('usuario', 'list', '--email', 'cliente@demo.es', '--region', 'es');
    const clienteId = /^cliente\t(\d+)\t/m.exec(listing)?.[1];
    expect(clienteId).toBeTruthy();
    serverCli(
      'usuario',
      'create',
      ...['--region', 'es', '--email', email, '--nombre', 'Circuito', '--codigo', codigo],
    );
    serverCli(
      'usuario',
      'link',
      '--email',
      email,
      '--region',
      'es',
      '--cliente',
      `id:${clienteId}`,
    );
    for (const recurso of ['apiweb.clientes.tracking', 'Circuitoseguridad']) {
      const url = recurso === 'Circuitoseguridad' ? ['--url', circuit.url] : [];
      serverCli(
        'usuario',
        'grant',
        '--email',
        email,
        '--region',
        'es',
        '--recurso',
        recurso,
        ...url,
      );
    }
    const link = new URL(
      serverCli('usuario', 'reset-password', '--email', email, '--region', 'es'),
    );
    await page.goto(`${link.pathname}${link.search}${link.hash}`);
    await page.getByRole('textbox', { name: 'Nueva contraseña', exact: true }).fill(PASSWORD);
    await page.getByRole('textbox', { name: 'Repetir la nueva contraseña' }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await expect(page.getByText(/Contraseña cambiada/)).toBeVisible();

    // Another process changed the data: the server reads it again within seconds.
    const origin = new URL(circuit.url).origin;
    await expect
      .poll(async () => (await page.request.get('/login')).headers()['content-security-policy'], {
        timeout: 15_000,
      })
      .toMatch(new RegExp(`form-action 'self' ${origin.replace(/[.]/g, '\\.')}(;|$)`));

    await page.goto('/login');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('textbox', { name: 'Contraseña', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/clientes\/tracking$/, { timeout: 15_000 });

    const popupPromise = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Circuito Seguridad' }).click();
    const popup = await popupPromise;
    await expect(popup.getByRole('heading', { name: 'Circuito externo' })).toBeVisible();
    expect(popup.url()).toBe(circuit.url);
    // The post landed in the window the click opened by name (its name is not checked here:
    // Chromium clears window.name when a window navigates to another origin).
    expect(page.context().pages()).toHaveLength(2);
    expect(circuit.posts).toEqual([{ email, code: codigo }]);
  } finally {
    circuit.server.close();
  }
});
