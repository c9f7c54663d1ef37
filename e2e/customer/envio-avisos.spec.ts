import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { driverLinkOf } from '../erp-transport.js';
import { newestMailMentioning, serverCli, signIn } from '../fixtures.js';
import { isoDaysFromNow } from '../supplier/helpers.js';

/*
 * Issue 19, sharing from "Portes" and the visitor's notices, on a shipment of its own (made
 * through the ERP API, so no other spec touches it): the customer shares it from its row; a
 * visitor subscribes on the page in English; the driver loads; the visitor's e-mail arrives in
 * the outbox, in English, with the page and a one-click unsubscription that works.
 */

const SCREENSHOTS = 'build/screenshots';

/** An ERP batch (shipment, transport), with a key minted by the operator CLI. */
async function erp(request: APIRequestContext, key: string, url: string, items: unknown[]) {
  const response = await request.put(url, {
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    data: JSON.stringify({ items }),
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('shared from Portes, a subscribed visitor hears of the loading by e-mail and unsubscribes in one click', async ({
  page,
  browser,
  request,
}) => {
  // Two logins (Argon2), a build's pages and the outbox worker on a shared two-core machine.
  test.setTimeout(240_000);
  mkdirSync(SCREENSHOTS, { recursive: true });

  const key = serverCli(
    'api-key',
    'create',
    '--nombre',
    'ERP e2e avisos del envío',
    '--scopes',
    'portes:write,transportes:write',
  )
    .split('\n')[0]!
    .trim();
  const sufijo = Date.now().toString(36).toUpperCase();
  const partida = `AVI-${sufijo}`;
  const referencia = `TA${sufijo}`;
  const lugares = {
    origen_poblacion: 'Madrid',
    origen_cp: '28001',
    origen_pais_iso: 'ES',
    destino_poblacion: 'Valencia',
    destino_cp: '46001',
    destino_pais_iso: 'ES',
  };
  await erp(request, key, '/api/integration/v1/portes', [
    {
      partida,
      cliente_erp_id: 'CLI-CLIENTE',
      ref_cliente: `PED-${sufijo}`,
      ...lugares,
      origen_lat: 40.4168,
      origen_lng: -3.7038,
      destino_lat: 39.4699,
      destino_lng: -0.3763,
      fecha_carga_prevista: isoDaysFromNow(0),
      fecha_entrega_prevista: isoDaysFromNow(1),
      bultos: 24,
      peso_kg: 12000,
      p_facturable_kg: 12000,
      estado: 'en_transito',
    },
  ]);
  await erp(request, key, '/api/integration/v1/transportes', [
    {
      erp_id: `TR-${sufijo}`,
      proveedor_erp_id: 'PRO-DEMO',
      referencia,
      matricula: '1234AVI',
      conductor: 'Marta Ruiz',
      ...lugares,
      fecha_carga: isoDaysFromNow(0),
      fecha_descarga: isoDaysFromNow(1),
      importe_centimos: 75_000,
      estado: 'asignado',
      subpartidas: [
        {
          erp_id: `TR-${sufijo}-1`,
          origen_poblacion: 'Madrid',
          destino_poblacion: 'Valencia',
          bultos: 24,
          peso_kg: 12000,
          partida,
        },
      ],
    },
  ]);

  // The customer shares the shipment from its row in "Portes".
  await signIn(page, 'cliente@demo.es');
  await page.goto(`/clientes/portes?q=${encodeURIComponent(partida)}`);
  await page.getByRole('button', { name: `Compartir · ${partida}` }).click();
  const dialog = page.getByRole('dialog', { name: `Compartir envío ${partida}` });
  // Not delivered yet: "until 7 days after delivery" is the default.
  await expect(dialog.getByRole('combobox', { name: 'Duración' })).toHaveValue('entrega');
  await dialog.getByRole('button', { name: 'Crear enlace' }).click();
  const url = await dialog.getByRole('textbox', { name: 'Enlace del envío' }).inputValue();
  expect(url).toMatch(/\/envio\/[A-Za-z0-9_-]{43}$/);
  await expect(dialog.getByRole('img', { name: 'Código QR del enlace del envío' })).toBeVisible();
  await expect(dialog.getByRole('listitem')).toHaveCount(1);
  await page.screenshot({ path: `${SCREENSHOTS}/envio-dialogo-1280.png` });
  // A phone's width: the list turns into cards; the dialog stays open, the link in it.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(dialog.getByRole('textbox', { name: 'Enlace del envío' })).toHaveValue(url);
  await page.screenshot({ path: `${SCREENSHOTS}/envio-dialogo-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });

  // A visitor, in English, subscribes to the shipment's notices.
  const email = `destino-${sufijo.toLowerCase()}@example.com`;
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const visitor = await context.newPage();
  await visitor.goto(new URL(url).pathname);
  await expect(visitor.getByRole('heading', { name: `Envío ${partida}` })).toBeVisible();
  await visitor.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
  await expect(visitor.getByRole('heading', { name: `Shipment ${partida}` })).toBeVisible();
  await visitor.getByRole('textbox', { name: 'Your e-mail' }).fill(email);
  await visitor.getByRole('button', { name: 'Notify me' }).click();
  await expect(visitor.getByRole('status')).toHaveText(`We will notify you at ${email}.`);

  // The carrier's driver link, and the driver's loading in Madrid.
  const carrier = await browser.newPage();
  const { token: conductor } = await driverLinkOf(carrier, referencia);
  await carrier.close();
  const viaje = await request.get(`/api/conductor/${conductor}`);
  const { paradas } = (await viaje.json()) as {
    paradas: Array<{ id: number; tipo: string; poblacion: string }>;
  };
  const carga = paradas.find((p) => p.tipo === 'carga' && p.poblacion === 'Madrid');
  expect(carga).toBeDefined();
  const evento = await request.post(`/api/conductor/${conductor}/paradas/${carga!.id}/eventos`, {
    data: { id: randomUUID(), tipo: 'carga', ocurrido_at: new Date().toISOString() },
  });
  expect(evento.status()).toBe(201);

  // The outbox worker sends the visitor's notice, in English.
  await expect
    .poll(() => newestMailMentioning(email) ?? '', { timeout: 60_000 })
    .toContain('The driver has loaded the goods in Madrid (ES).');
  const mail = newestMailMentioning(email)!;
  expect(mail).toContain(`Shared by: Conservas del Ebro S.A.`);
  expect(mail).not.toContain(`PED-${sufijo}`);
  expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
  const pagina = /View the shipment: (https?:\/\/\S+)/.exec(mail)?.[1];
  const baja = /Stop these notices: (https?:\/\/\S+)/.exec(mail)?.[1];
  expect(pagina).toMatch(/\/envio\/\d+\.[0-9a-f]{64}$/);
  expect(baja).toMatch(/\/envio\/baja#\d+\.[0-9a-f]{64}$/);

  // The notice's page link opens the shipment; its unsubscription works in one click.
  await visitor.goto(new URL(pagina!).pathname);
  await expect(visitor.getByRole('heading', { name: `Shipment ${partida}` })).toBeVisible();
  const bajaUrl = new URL(baja!);
  await visitor.goto(`${bajaUrl.pathname}${bajaUrl.hash}`);
  await expect(visitor.getByRole('status')).toHaveText(
    `${email} will no longer get notices of shipment ${partida}.`,
  );
  await visitor.screenshot({ path: `${SCREENSHOTS}/envio-baja-390.png` });
  await context.close();
});
