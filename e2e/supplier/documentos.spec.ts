import { expect, test } from '@playwright/test';
import { notification, signIn } from '../fixtures.js';
import { esDate, isoDaysFromNow, pickDate, samplePdf } from './helpers.js';

// Rows no other test touches: the optional "Certificado de Hacienda" and an unread document.

test.describe('supplier certificates and prevention', () => {
  // Each test opens its own page first: no landing page is needed.
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'proveedor@demo.es', 'proveedores');
  });

  test('renews a certificate and shows its new expiry', async ({ page }) => {
    await page.goto('/proveedores/certificados');
    const card = page.getByRole('region', { name: 'Certificado de Hacienda' });
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Renovar Certificado de Hacienda' }).click();

    const dialog = page.getByRole('dialog', { name: 'Renovar: Certificado de Hacienda' });
    const caducidad = isoDaysFromNow(400);
    await pickDate(page, dialog, 'Fecha de emisión', isoDaysFromNow(0));
    await pickDate(page, dialog, 'Fecha de caducidad', caducidad);
    await dialog.locator('input[type="file"]:not([capture])').setInputFiles({
      name: 'hacienda.pdf',
      mimeType: 'application/pdf',
      buffer: samplePdf('Hacienda'),
    });
    await dialog.getByRole('button', { name: 'Subir certificado' }).click();

    await expect(
      notification(page, `Certificado de Hacienda actualizado: caduca el ${esDate(caducidad)}.`),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card).toContainText(`Fecha de caducidad: ${esDate(caducidad)}`);
    await expect(card).toContainText('Vigente');
  });

  test('acknowledges a prevention document, once', async ({ page }) => {
    await page.goto('/proveedores/prevencion');
    const titulo = 'Uso de equipos de protección individual';
    const card = page.getByRole('article', { name: titulo });
    await expect(card).toContainText('Pendiente de leer');
    await expect(card.getByRole('link', { name: `Abrir ${titulo}` })).toHaveAttribute(
      'href',
      /\/api\/proveedores\/prevencion\/\d+\/archivo$/,
    );
    await card.getByRole('button', { name: `Confirmar lectura de ${titulo}` }).click();
    await expect(notification(page, `Lectura de «${titulo}» confirmada.`)).toBeVisible();
    const leido = `Leído el ${esDate(isoDaysFromNow(0))}`;
    await expect(card).toContainText(leido);
    await expect(card.getByRole('button', { name: /Confirmar lectura/ })).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('article', { name: titulo })).toContainText(leido);
  });
});
