import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { notification, signIn } from '../fixtures.js';
import { apiGet, isoDaysFromNow, pickDate, samplePdf } from './helpers.js';

interface Pendiente {
  id: number;
  referencia: string;
  subpartidas: Array<{ id: number; numero: number }>;
}
interface SinFactura {
  id: number;
  referencia: string;
}

// Tests share one database with the other workers: each one picks rows nobody else touches
// (the last pending transport's last leg; the two oldest uninvoiced transports).

test.describe('supplier transports and uploads', () => {
  // Each test opens its own page (or reads the API) first: no landing page is needed.
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'proveedor@demo.es', 'proveedores');
  });

  test('uploads a CMR from the delivery-note page and the leg leaves the list', async ({
    page,
  }) => {
    const { items } = await apiGet<{ items: Pendiente[] }>(
      page,
      '/api/proveedores/albaranes-pendientes?limit=200',
    );
    const transporte = items.at(-1)!;
    const subpartida = transporte.subpartidas.at(-1)!;

    await page.goto(
      `/proveedores/subir-albaranes-entrega?transporte=${transporte.id}&subpartida=${subpartida.id}`,
    );
    await expect(
      page.getByRole('heading', { level: 1, name: 'Subir albaranes de entrega' }),
    ).toBeVisible();
    // The first (only) transport is open by default.
    const control = page.getByRole('button', { name: new RegExp(`Transporte ${transporte.id} ·`) });
    await expect(control).toHaveAttribute('aria-expanded', 'true');
    const section = page.getByRole('region', {
      name: `Subpartida ${subpartida.numero} · ${transporte.referencia}`,
    });
    await section.locator('input[type="file"]:not([capture])').setInputFiles({
      name: 'cmr-e2e.pdf',
      mimeType: 'application/pdf',
      buffer: samplePdf('CMR e2e'),
    });
    await expect(section.getByText('cmr-e2e.pdf')).toBeVisible();
    await section.getByRole('button', { name: /^Subir albarán/ }).click();

    await expect(
      notification(
        page,
        `Albarán de la subpartida ${subpartida.numero} del transporte ${transporte.referencia} subido.`,
      ),
    ).toBeVisible();
    await expect(page.getByText('No hay transportes pendientes de albarán.')).toBeVisible();

    // The history shows the CMR as a download now.
    await page.goto(`/proveedores/transportes?transporte=${transporte.id}`);
    await page
      .getByRole('button', { name: `Mostrar detalle de Transporte ${transporte.id}` })
      .click();
    await expect(
      page.getByRole('link', { name: new RegExp(`^CMR de la subpartida ${subpartida.numero}`) }),
    ).toBeVisible();
  });

  test('uploads one invoice for two checked transports; both leave the list', async ({ page }) => {
    // Two page loads, an upload and a third load with the invoice's detail: CI took over 60 s.
    test.setTimeout(120_000);
    const { items } = await apiGet<{ items: SinFactura[] }>(
      page,
      '/api/proveedores/transportes-sin-factura?limit=200',
    );
    expect(items.length).toBeGreaterThanOrEqual(2);
    const [a, b] = items.slice(-2) as [SinFactura, SinFactura];
    const numero = `E2E-${Date.now()}`;

    await page.goto('/proveedores/subir-facturas');
    const subir = page.getByRole('button', { name: 'Subir factura' });
    await expect(subir).toBeDisabled();
    for (const t of [a, b]) {
      await page.getByRole('checkbox', { name: `Seleccionar Transporte ${t.id}` }).check();
    }
    await subir.click();

    const dialog = page.getByRole('dialog', { name: 'Subir factura' });
    await expect(dialog).toContainText('Cubre 2 transportes');
    await dialog.getByLabel('Número de factura').fill(numero);
    await pickDate(page, dialog, 'Fecha de emisión', isoDaysFromNow(0));
    await dialog.getByLabel('Base imponible (€)').fill('1000');
    await dialog.getByLabel('IVA (€)').fill('210');
    await expect(dialog.getByLabel('Importe (€)')).toHaveValue('1.210');
    await dialog.locator('input[type="file"]').setInputFiles({
      name: `${numero}.pdf`,
      mimeType: 'application/pdf',
      buffer: samplePdf(numero),
    });
    await dialog.getByRole('button', { name: 'Subir factura' }).click();

    await expect(
      notification(page, `Factura ${numero} subida: cubre 2 transportes.`),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    for (const t of [a, b]) {
      await expect(
        page.getByRole('checkbox', { name: `Seleccionar Transporte ${t.id}` }),
      ).toHaveCount(0);
    }

    await page.goto('/proveedores/facturas');
    const row = page.getByRole('row', { name: new RegExp(numero) });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: `Mostrar detalle de Factura ${numero}` }).click();
    await expect(page.getByText(`Transporte ${a.id} · ${a.referencia}`)).toBeVisible();
    await expect(page.getByText(`Transporte ${b.id} · ${b.referencia}`)).toBeVisible();
  });

  test('exports the filtered transport history as CSV', async ({ page }) => {
    await page.goto('/proveedores/transportes?estado=entregado');
    await expect(page.getByRole('table', { name: 'Histórico de transportes' })).toBeVisible();
    const link = page.getByRole('link', { name: 'Exportar todo (CSV)' });
    await expect(link).toHaveAttribute('href', /export\.csv\?estado=entregado$/);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('transportes.csv');
    const text = readFileSync(await download.path(), 'utf8');
    const [header, first] = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe(
      'Transporte ID;Referencia;Vehículo;Conductor;Carga Prevista;Descarga Prevista;Origen;País origen;Destino;País destino;Bultos;Peso (kg);Precio (EUR);Estado;Incidencia;CMR pendientes;Facturado',
    );
    expect(first).toContain(';Entregado;');
  });
});
