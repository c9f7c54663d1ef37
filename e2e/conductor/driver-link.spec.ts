import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { expectNoViolations } from '../a11y/axe.js';
import { signIn } from '../fixtures.js';
import { apiGet, apiPost } from '../supplier/helpers.js';

interface Pendiente {
  id: number;
  referencia: string;
  subpartidas: Array<{ id: number; numero: number }>;
}
interface Lote {
  posiciones: Array<{ id: string }>;
}
interface Resultado {
  aceptadas: number;
  duplicadas: number;
  rechazadas: unknown[];
}

const SCREENSHOTS = 'build/e2e-conductor';

/** A phone photo of some 8 MB: 4000×3000, noisy, JPEG at full quality, drawn by the browser. */
async function bigPhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 4000;
    canvas.height = 3000;
    const context = canvas.getContext('2d')!;
    const image = context.createImageData(4000, 3000);
    let seed = 7;
    for (let i = 0; i < image.data.length; i += 4) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const paper = 200 + (seed % 56);
      image.data[i] = paper;
      image.data[i + 1] = paper;
      image.data[i + 2] = paper - 10;
      image.data[i + 3] = 255;
    }
    context.putImageData(image, 0, 0);
    context.fillStyle = '#123';
    context.font = '120px serif';
    for (let line = 1; line < 20; line += 1)
      context.fillText(`CMR línea ${line} · firmado`, 200, line * 150);
    const blob = await new Promise<Blob>((resolve) =>
      canvas.toBlob((b) => resolve(b!), 'image/jpeg', 1),
    );
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) {
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    }
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}

test('the driver shares positions through an offline spell, marks the stops and sends a compressed CMR', async ({
  browser,
  page,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SCREENSHOTS, { recursive: true });

  // The carrier creates the link of its first demo transport awaiting a CMR (other tests take
  // the last). Only the demo's (T and digits): a transport the ERP posted for another spec may
  // come first, its stops already marked by that spec's driver (the buttons below were gone, on
  // CI). Not the demo's moving transport: it is already on the road near Zaragoza, so a first
  // position in Madrid would rightly be refused as an impossible jump.
  await signIn(page, 'proveedor@demo.es', 'proveedores');
  const { items } = await apiGet<{ items: Pendiente[] }>(
    page,
    '/api/proveedores/albaranes-pendientes?limit=200',
  );
  let url: string | undefined;
  let transporteId = 0;
  for (const transporte of items.filter((t) => /^T\d+$/.test(t.referencia))) {
    const created = await apiPost<{ url: string }>(
      page,
      `/api/proveedores/transportes/${transporte.id}/enlaces-conductor`,
    );
    if (created.status === 201) {
      url = created.body.url;
      transporteId = transporte.id;
      break;
    }
  }
  expect(url, 'a transport that admits a driver link').toBeDefined();

  const phone = await browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'es-ES',
    timezoneId: 'Europe/Madrid',
    permissions: ['geolocation'],
    geolocation: { latitude: 40.4168, longitude: -3.7038, accuracy: 20 },
  });
  const driver = await phone.newPage();
  const pings: { sent: string[][]; results: Resultado[] } = { sent: [], results: [] };
  driver.on('response', async (response) => {
    if (!/\/api\/conductor\/[^/]+\/posiciones$/.test(response.url())) return;
    if (response.status() !== 200) return;
    // Both together, once the answer is read: the checks below wait for `sent` and then read
    // `results` (a batch counted in `sent` before its answer was parsed failed on CI).
    const result = (await response.json()) as Resultado;
    pings.sent.push((response.request().postDataJSON() as Lote).posiciones.map((p) => p.id));
    pings.results.push(result);
  });

  await driver.goto(new URL(url!).pathname);
  await expect(driver.getByRole('heading', { level: 1, name: /^Viaje / })).toBeVisible();
  await driver.screenshot({ path: `${SCREENSHOTS}/1-viaje.png`, fullPage: true });
  // WCAG 2.2 AA on the phone, before and while sharing (Lighthouse found its blue buttons at
  // 4.19:1 against white text).
  await expectNoViolations(driver, 'página del conductor');

  // Consent, then a route: each position some 600 m further north.
  await driver.getByRole('button', { name: 'Compartir mi posición' }).click();
  await expect(driver.getByText('Compartiendo su posición.')).toBeVisible();
  await expect(driver.getByText(/^Último envío: /)).toBeVisible();
  await phone.setGeolocation({ latitude: 40.4222, longitude: -3.7038, accuracy: 20 });
  await expect.poll(() => pings.sent.flat().length).toBe(2);
  await driver.screenshot({ path: `${SCREENSHOTS}/2-compartiendo.png`, fullPage: true });
  await expectNoViolations(driver, 'página del conductor compartiendo');

  // Offline: the pings wait in the phone's queue, then go when the network returns.
  await phone.setOffline(true);
  await expect(driver.getByText('Sin conexión: se enviará al volver la red.')).toBeVisible();
  await phone.setGeolocation({ latitude: 40.4276, longitude: -3.7038, accuracy: 20 });
  await expect(driver.getByText('Pendientes de enviar: 1')).toBeVisible();
  await phone.setGeolocation({ latitude: 40.433, longitude: -3.7038, accuracy: 20 });
  await expect(driver.getByText('Pendientes de enviar: 2')).toBeVisible();
  await driver.screenshot({ path: `${SCREENSHOTS}/3-sin-red.png`, fullPage: true });
  await phone.setOffline(false);
  await expect(driver.getByText(/^Pendientes de enviar/)).toBeHidden();
  await expect.poll(() => pings.sent.flat().length).toBe(4);

  // Every ping reached the server once: four distinct ids, each accepted, none a duplicate.
  const ids = pings.sent.flat();
  expect(new Set(ids).size).toBe(4);
  expect(pings.results.flatMap((r) => r.rechazadas)).toEqual([]);
  expect(pings.results.reduce((sum, r) => sum + r.duplicadas, 0)).toBe(0);
  expect(pings.results.reduce((sum, r) => sum + r.aceptadas, 0)).toBe(4);

  // Stop events: arrival and loading at the first stop, arrival and unloading at the last.
  const stops = driver.getByRole('list').first().getByRole('listitem');
  const first = stops.first();
  const last = stops.last();
  const event = () =>
    driver.waitForResponse((r) => /\/paradas\/\d+\/eventos$/.test(r.url()) && r.status() === 201);
  for (const [stop, labels] of [
    [first, ['He llegado', 'Cargado']],
    [last, ['He llegado', 'Descargado']],
  ] as const) {
    for (const label of labels) {
      const answered = event();
      await stop.getByRole('button', { name: label, exact: true }).click();
      await answered;
    }
  }
  await expect(last.getByText(/^Terminada: /)).toBeVisible();

  // The signed CMR: an 8 MB photo goes up compressed.
  const photo = await bigPhoto(driver);
  expect(photo.length).toBeGreaterThan(5 * 1024 * 1024);

  // An incident with its text and photo at the stop in between.
  const middle = stops.nth(1);
  await middle.getByRole('button', { name: 'Incidencia' }).click();
  await middle.getByLabel('Qué ha pasado').fill('Muelle ocupado, espera de una hora');
  await middle
    .getByLabel('Foto (opcional)')
    .setInputFiles({ name: 'muelle.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(middle.getByRole('img', { name: 'Foto de la incidencia' })).toBeVisible();
  const incident = event();
  const incidentPhoto = driver.waitForResponse(
    (r) => /\/eventos\/\d+\/foto$/.test(r.url()) && r.status() === 201,
  );
  await middle.getByRole('button', { name: 'Enviar incidencia' }).click();
  await incident;
  await incidentPhoto;
  const cmr = driver.getByRole('group', { name: /^Subpartida / }).first();
  await cmr
    .getByLabel('Fotografiar una página')
    .setInputFiles({ name: 'cmr.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(cmr.getByRole('img', { name: 'Página 1' })).toBeVisible();
  await driver.screenshot({ path: `${SCREENSHOTS}/4-cmr.png`, fullPage: true });
  const uploaded = driver.waitForResponse((r) => /\/cmr$/.test(r.url()) && r.status() === 201);
  await cmr.getByRole('button', { name: 'Enviar el CMR (1 página)' }).click();
  await uploaded;
  await expect(cmr.getByText('CMR entregado.')).toBeVisible();
  await driver.screenshot({ path: `${SCREENSHOTS}/5-entregado.png`, fullPage: true });

  // What the server stored is the compressed JPEG: a few hundred KB.
  const detalle = await apiGet<{ subpartidas_detalle: Array<{ cmr_archivo_id: number | null }> }>(
    page,
    `/api/proveedores/transportes/${transporteId}`,
  );
  const archivoId = detalle.subpartidas_detalle.find(
    (s) => s.cmr_archivo_id !== null,
  )?.cmr_archivo_id;
  const stored = await page.request.get(`/api/proveedores/archivos/${archivoId}`);
  expect(stored.ok()).toBe(true);
  const size = (await stored.body()).length;
  expect(size).toBeLessThan(1024 * 1024);
  expect(size).toBeLessThan(photo.length / 8);

  await phone.close();
});

test('the carrier creates a driver link from the history, sees its QR code and revokes it', async ({
  browser,
  page,
}) => {
  test.setTimeout(90_000);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await signIn(page, 'proveedor@demo.es', 'proveedores');
  // From the end of the list: the other test takes the first transport that admits a link.
  const { items } = await apiGet<{ items: Pendiente[] }>(
    page,
    '/api/proveedores/albaranes-pendientes?limit=200',
  );
  let transporteId: number | undefined;
  for (const transporte of [...items].reverse()) {
    const probe = await apiPost(
      page,
      `/api/proveedores/transportes/${transporte.id}/enlaces-conductor`,
    );
    if (probe.status === 201) {
      transporteId = transporte.id;
      break;
    }
  }
  expect(transporteId, 'a transport that admits a driver link').toBeDefined();

  await page.goto(`/proveedores/transportes?transporte=${transporteId}`);
  await page.getByRole('button', { name: `Mostrar detalle de Transporte ${transporteId}` }).click();
  await page.getByRole('button', { name: 'Enlace del conductor' }).click();
  const dialog = page.getByRole('dialog', {
    name: `Enlace del conductor · transporte ${transporteId}`,
  });
  // The probe's link is active: a new one replaces it.
  await dialog.getByRole('button', { name: 'Crear un enlace nuevo (anula el actual)' }).click();
  await expect(
    dialog.getByRole('img', { name: 'Código QR del enlace del conductor' }),
  ).toBeVisible();
  const url = await dialog.getByRole('textbox', { name: 'Enlace para el conductor' }).inputValue();
  expect(url).toMatch(/\/conductor\/[\w-]{20,}$/);
  await expect(dialog.getByRole('button', { name: 'Copiar' })).toBeVisible();
  await expect(dialog.getByText('Activo', { exact: true })).toHaveCount(1);
  await expect(dialog.getByText('Anulado', { exact: true })).toHaveCount(1);
  await page.screenshot({ path: `${SCREENSHOTS}/6-transportista.png` });

  // The driver opens it, in English from the phone's languages.
  const phone = await browser.newContext({
    viewport: { width: 360, height: 740 },
    locale: 'en-GB',
  });
  const driver = await phone.newPage();
  await driver.goto(new URL(url).pathname);
  await expect(driver.getByRole('button', { name: 'Share my position' })).toBeVisible();
  await driver.getByLabel('Language').selectOption('ro');
  await expect(driver.getByRole('button', { name: 'Partajează poziția mea' })).toBeVisible();
  await driver.screenshot({ path: `${SCREENSHOTS}/7-rumano.png` });

  // Revoked, the link opens nothing any more.
  await dialog.getByRole('button', { name: /^Anular el enlace creado el / }).click();
  await expect(dialog.getByText('Anulado', { exact: true })).toHaveCount(2);
  await driver.reload();
  await expect(driver.getByRole('alert')).toHaveText(
    'Acest link nu mai este valabil. Cereți unul nou firmei de transport.',
  );
  await phone.close();
});
