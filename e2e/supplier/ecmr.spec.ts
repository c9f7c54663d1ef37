import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { postErpTransport } from '../erp-transport.js';
import { signIn } from '../fixtures.js';
import { apiGet, apiPost } from './helpers.js';

/*
 * Issue 18, the portals' side: the carrier opens a leg's e-CMR from "Subir albaranes", edits a
 * box before anyone signs, the sender signs on the driver's phone (the driver link's API),
 * the carrier's next edit is version 2 with its diff and the signature marked as no longer
 * covering it; the customer downloads the signed PDF from the tracking. Its own transport,
 * posted through the ERP API: no other spec touches it.
 */

const SCREENSHOTS = 'build/e2e-ecmr-portals';
const SIZES = [
  ['escritorio', 1440, 900],
  ['movil', 360, 740],
] as const;
/** A 1×1 PNG: any picture is a drawn signature to the server. */
const FIRMA_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

async function capturas(page: Page, nombre: string) {
  for (const [tamano, width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${SCREENSHOTS}/${nombre}-${tamano}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

test('the carrier edits, versions and downloads the e-CMR; the customer downloads it from tracking', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(150_000);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });

  const { partida, referencia } = await postErpTransport(request, {
    nombre: 'ERP e2e e-CMR',
    prefijo: 'ECMR',
    origen: { poblacion: 'Zaragoza', cp: '50001', pais_iso: 'ES', lat: 41.65, lng: -0.89 },
    destino: { poblacion: 'Lyon', cp: '69001', pais_iso: 'FR', lat: 45.76, lng: 4.84 },
    cargaEnDias: 0,
    entregaEnDias: 1,
    bultos: 12,
    pesoKg: 3400,
    matricula: '9876XYZ',
    conductor: 'Marta Conductora',
    importeCentimos: 120_000,
    estadoTransporte: 'en_transito',
  });

  // The carrier finds the leg on "Subir albaranes": its e-CMR state, in full.
  await signIn(page, 'proveedor@demo.es', 'proveedores');
  const { items } = await apiGet<{ items: Array<{ id: number; referencia: string }> }>(
    page,
    `/api/proveedores/transportes?limit=200`,
  );
  const transporte = items.find((t) => t.referencia === referencia);
  expect(transporte, referencia).toBeDefined();
  const transporteId = transporte!.id;
  const { subpartidas_detalle } = await apiGet<{ subpartidas_detalle: Array<{ id: number }> }>(
    page,
    `/api/proveedores/transportes/${transporteId}`,
  );
  const subpartidaId = subpartidas_detalle[0]!.id;
  await page.goto(
    `/proveedores/subir-albaranes-entrega?transporte=${transporteId}&opened=${transporteId}`,
  );
  const tramo = page.getByRole('region', { name: `Subpartida 1 · ${referencia}` });
  await expect(tramo.getByText('e-CMR: Sin firmar', { exact: true })).toBeVisible();
  await capturas(page, '1-albaranes-sin-firmar');

  // Its e-CMR: made from the transport data, then edited in place before any signature.
  await tramo.getByRole('link', { name: 'Ver el e-CMR de la subpartida 1' }).click();
  await expect(page).toHaveURL(new RegExp(`/proveedores/ecmr/${subpartidaId}$`));
  await page.getByRole('button', { name: 'Crear e-CMR' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^e-CMR / })).toBeVisible();
  await expect(page.getByText('e-CMR: Sin firmar', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Editar', exact: true }).click();
  const form = page.getByRole('form', { name: 'Editar el e-CMR' });
  // A required field left empty: its error sits next to it and nothing is sent.
  const remitente = form.getByRole('group', { name: '1 · Remitente' });
  const nombre = remitente.getByRole('textbox', { name: 'Nombre' });
  const nombreAntes = await nombre.inputValue();
  await nombre.fill('');
  await form.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(remitente.getByText('Este campo es obligatorio.')).toBeVisible();
  await capturas(page, '2-formulario-error');
  await nombre.fill(nombreAntes);
  // The first version leaves the consignee's name to the carrier (the transport data lacks it).
  await form
    .getByRole('group', { name: '2 · Destinatario' })
    .getByRole('textbox', { name: 'Nombre' })
    .fill('Logistique Lyon SARL');
  await form.getByRole('textbox', { name: '15 · Reembolso' }).fill('250 EUR');
  await form.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(page.getByText('e-CMR guardado.')).toBeVisible();
  const reembolso = page.getByRole('region', { name: '15 · Reembolso' });
  await expect(reembolso).toContainText('250 EUR');
  await expect(page.getByText('Versión 1', { exact: true })).toBeVisible();

  // The sender signs on the driver's phone: the driver link's e-CMR endpoints.
  const enlace = await apiPost<{ url: string }>(
    page,
    `/api/proveedores/transportes/${transporteId}/enlaces-conductor`,
  );
  expect(enlace.status).toBe(201);
  const token = new URL(enlace.body.url).pathname.split('/').at(-1)!;
  const conductor = `/api/conductor/${token}/subpartidas/${subpartidaId}/ecmr`;
  const nota = await request.get(conductor);
  expect(nota.status()).toBe(200);
  const { documento_sha256 } = (await nota.json()) as { documento_sha256: string };
  const firma = await request.post(`${conductor}/firmas`, {
    headers: { 'content-type': 'application/json' },
    data: JSON.stringify({
      rol: 'remitente',
      nombre: 'Ana Remitente',
      firma_png: FIRMA_PNG,
      documento_sha256,
      posicion: { lat: 41.65, lng: -0.89 },
    }),
  });
  expect(firma.status(), await firma.text()).toBe(201);

  // The carrier's next change is version 2: the diff, and the signature no longer covers it.
  await page.reload();
  await expect(page.getByText('e-CMR: Recogida firmada', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Nueva versión' }).click();
  const version = page.getByRole('form', { name: 'Nueva versión del e-CMR' });
  await version.getByRole('textbox', { name: '15 · Reembolso' }).fill('300 EUR');
  await version.getByRole('button', { name: 'Guardar nueva versión' }).click();
  await expect(page.getByText('Versión 2 del e-CMR creada.')).toBeVisible();
  await expect(page.getByText('Versión 2', { exact: true })).toBeVisible();
  const firmas = page.getByRole('region', { name: 'Firmas' });
  await expect(firmas).toContainText('Remitente: Ana Remitente');
  await expect(
    firmas.getByText('Ya no cubre la versión actual (firmó la versión 1)'),
  ).toBeVisible();
  const versiones = page.getByRole('region', { name: 'Versiones' });
  const fila = versiones.getByRole('row', { name: /15 · Reembolso/ });
  await expect(fila).toContainText('250 EUR');
  await expect(fila).toContainText('300 EUR');
  await expect(versiones).toContainText('Remitente: Ana Remitente (firmó la versión 1)');
  await capturas(page, '3-ecmr-version-2');

  // The PDF downloads.
  const pdf = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Descargar PDF' }).click();
  expect((await pdf).suggestedFilename()).toMatch(/\.pdf$/);

  // Back on "Subir albaranes" the state reads "Recogida firmada".
  await page.goto(
    `/proveedores/subir-albaranes-entrega?transporte=${transporteId}&opened=${transporteId}`,
  );
  await expect(tramo.getByText('e-CMR: Recogida firmada', { exact: true })).toBeVisible();
  await capturas(page, '4-albaranes-recogida-firmada');

  // The customer sees the state and downloads the signed PDF from the tracking.
  const cliente = await browser.newContext({ locale: 'es-ES', timezoneId: 'Europe/Madrid' });
  const customer = await cliente.newPage();
  await customer.setViewportSize({ width: 1440, height: 900 });
  await signIn(customer, 'cliente@demo.es');
  await customer.goto(`/clientes/tracking-porte/${partida}`);
  await expect(customer.getByRole('heading', { name: `Partida ${partida}` })).toBeVisible();
  const bloque = customer.getByRole('region', { name: 'e-CMR' });
  await expect(bloque.getByText('e-CMR: Recogida firmada', { exact: true })).toBeVisible();
  const descarga = customer.waitForEvent('download');
  await bloque.getByRole('link', { name: /^Descargar el PDF del e-CMR / }).click();
  const fichero = await descarga;
  expect(fichero.suggestedFilename()).toMatch(/^e-CMR .*\.pdf$/);
  await expect(bloque.getByRole('link', { name: /^Verificar el e-CMR / })).toHaveAttribute(
    'href',
    /\/ecmr\/verificar\//,
  );
  await bloque.scrollIntoViewIfNeeded();
  await capturas(customer, '5-tracking-cliente');
  await cliente.close();
});
