import { createHash } from 'node:crypto';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { dataDir, signIn } from '../fixtures.js';
import { apiGet } from '../supplier/helpers.js';

interface Documento {
  id: number;
  tipo: 'cmr' | 'pod' | 'factura';
}

/**
 * A delivered shipment of the client with a CMR and an invoice, read from the API the page
 * reads, with `page.request` (the page's session): no page of the portal need be open.
 */
async function porteConDocumentos(page: Page) {
  const { items } = await apiGet<{ items: { partida: string }[] }>(
    page,
    '/api/clientes/historico?limit=100',
  );
  for (const { partida } of items) {
    const { documentos } = await apiGet<{ documentos: Documento[] }>(
      page,
      `/api/clientes/portes/${encodeURIComponent(partida)}/tracking`,
    );
    const cmr = documentos.find((d) => d.tipo === 'cmr');
    const factura = documentos.find((d) => d.tipo === 'factura');
    if (cmr && factura) return { partida, cmr: cmr.id, factura: factura.id };
  }
  throw new Error('Ningún porte con CMR y factura');
}

test('a customer shares one shipment; the visitor sees only it and only the chosen documents', async ({
  page,
  browser,
}) => {
  // Finding a shipment with both documents reads several trackings on a shared machine.
  test.setTimeout(120_000);
  await signIn(page, 'cliente@demo.es');
  const porte = await porteConDocumentos(page);
  await page.goto(`/clientes/tracking-porte/${encodeURIComponent(porte.partida)}`);
  await page.getByRole('button', { name: 'Compartir envío' }).click();
  const dialog = page.getByRole('dialog', { name: `Compartir envío ${porte.partida}` });
  await expect(dialog.getByRole('checkbox', { name: /Prueba de entrega/ })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Factura' })).not.toBeChecked();
  // Delivered long ago: "until 7 days after delivery" is over, so its days are chosen.
  await dialog.getByRole('combobox', { name: 'Duración' }).selectOption('30');
  await dialog.getByRole('button', { name: 'Crear enlace' }).click();
  const url = await dialog.getByRole('textbox', { name: 'Enlace del envío' }).inputValue();
  expect(url).toMatch(/\/envio\/[A-Za-z0-9_-]{43}$/);
  const token = url.split('/').at(-1)!;
  await expect(dialog.getByRole('listitem')).toHaveCount(1);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: 'build/screenshots/envio-dialogo-escritorio.png' });

  // A visitor in another browser context: no cookie of the customer.
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const visitor = await context.newPage();
  await visitor.goto(new URL(url).pathname);
  await expect(visitor.getByRole('heading', { name: `Envío ${porte.partida}` })).toBeVisible();
  await expect(visitor.getByRole('link', { name: /^CMR: / }).first()).toBeVisible();
  await expect(visitor.getByRole('link', { name: /^Factura: / })).toHaveCount(0);
  await visitor.screenshot({ path: 'build/screenshots/envio-visitante-movil.png', fullPage: true });
  const download = visitor.waitForEvent('download');
  await visitor
    .getByRole('link', { name: /^CMR: / })
    .first()
    .click();
  expect((await download).suggestedFilename()).toMatch(/\.(pdf|png|jpe?g)$/i);

  // Everything else of the customer is refused to the visitor.
  const answers = await visitor.evaluate(
    async ({ token, factura, partida }) => {
      const status = async (u: string) => (await fetch(u)).status;
      return {
        invoice: await status(`/api/envio/${token}/documentos/${factura}`),
        portes: await status('/api/clientes/portes'),
        tracking: await status(`/api/clientes/portes/${encodeURIComponent(partida)}/tracking`),
        archivo: await status(`/api/clientes/archivos/${factura}`),
        enlaces: await status(`/api/clientes/portes/${encodeURIComponent(partida)}/enlaces`),
      };
    },
    { token, factura: porte.factura, partida: porte.partida },
  );
  expect(answers).toEqual({ invoice: 404, portes: 401, tracking: 401, archivo: 401, enlaces: 401 });

  // Desktop view of the visitor's page.
  await visitor.setViewportSize({ width: 1440, height: 900 });
  await visitor.screenshot({ path: 'build/screenshots/envio-visitante-escritorio.png' });

  // The list counts the opening; revoking takes effect at once.
  await page.reload();
  await page.getByRole('button', { name: 'Compartir envío' }).click();
  await expect(dialog.getByText(/abierto 1 vez/)).toBeVisible();
  await dialog.getByRole('button', { name: /^Anular el enlace creado el / }).click();
  await expect(dialog.getByText('Anulado')).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole('alert')).toContainText('ha anulado este enlace');
  await visitor.setViewportSize({ width: 360, height: 740 });
  await visitor.screenshot({ path: 'build/screenshots/envio-anulado-movil.png' });
  await context.close();
});

/**
 * Moves a shared link's end to `instant`, as time passing would: the e2e server's SQLite file,
 * the row found by the token's hash (what the server stores, `envio:` + token, SHA-256).
 */
function caducarEnlace(token: string, instant: Date) {
  const db = new Database(path.join(dataDir(), 'extranet.sqlite'));
  try {
    db.pragma('busy_timeout = 5000');
    const hash = createHash('sha256').update(`envio:${token}`).digest('hex');
    const changed = db
      .prepare('UPDATE enlaces_porte SET expires_at = ? WHERE token_hash = ?')
      .run(instant.toISOString(), hash).changes;
    expect(changed, 'the link row').toBe(1);
  } finally {
    db.close();
  }
}

test('a link whose time is over says so at once, when it ended and whom to ask', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'cliente@demo.es');
  // The demo's live shipment: its link lives until 7 days after delivery by default.
  await page.goto('/clientes/tracking-porte/2699002');
  await page.getByRole('button', { name: 'Compartir envío' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compartir envío 2699002' });
  await dialog.getByRole('button', { name: 'Crear enlace' }).click();
  const url = await dialog.getByRole('textbox', { name: 'Enlace del envío' }).inputValue();
  const token = url.split('/').at(-1)!;

  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const visitor = await context.newPage();
  await visitor.goto(new URL(url).pathname);
  await expect(visitor.getByRole('heading', { name: 'Envío 2699002' })).toBeVisible();

  // Its end passes while the visitor has the page open: the next read is refused.
  const ayer = new Date(Date.now() - 86_400_000);
  caducarEnlace(token, ayer);
  await visitor.reload();
  const fecha = new Intl.DateTimeFormat('es-ES', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'Europe/Madrid',
  }).format(ayer);
  await expect(visitor.getByRole('alert')).toContainText(
    `Este enlace caducó el ${fecha}. Si necesita seguir el envío, pida uno nuevo a Conservas del Ebro S.A.`,
  );
  await expect(visitor.getByRole('heading', { name: 'Envío 2699002' })).toHaveCount(0);
  await visitor.screenshot({ path: 'build/screenshots/envio-caducado-movil.png' });
  // The customer's list says so too.
  await page.reload();
  await page.getByRole('button', { name: 'Compartir envío' }).click();
  await expect(dialog.getByText('Caducado').first()).toBeVisible();
  await context.close();
});
