import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import {
  expectOfflineMap,
  expectRowsLoaded,
  openAsCarrier,
  SCREENSHOT_VIEWPORTS,
} from '../fixtures.js';

async function openPanel(page: Page) {
  await openAsCarrier(page, '/proveedores/panel');
  await expect(page.getByRole('heading', { level: 1, name: 'Panel de vehículos' })).toBeVisible();
}

test.describe('supplier vehicle panel', () => {
  test('creates a vehicle, edits it and deactivates it', async ({ page }) => {
    // A plate of our own per run: parallel tests share the database.
    const plate = `E2E${Date.now().toString(36).toUpperCase().slice(-7)}`;
    await openPanel(page);

    await page.getByRole('button', { name: 'Nuevo vehículo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nuevo vehículo' });
    await dialog.getByRole('button', { name: 'Dar de alta' }).click();
    await expect(dialog.getByText('Indique la matrícula.')).toBeVisible();
    await expect(dialog.getByText('La capacidad debe estar entre 1 y 60.000 kg.')).toBeVisible();

    await dialog.getByRole('textbox', { name: /Matrícula/ }).fill(plate);
    await dialog.getByRole('combobox', { name: /Tipo/ }).click();
    await page.getByRole('option', { name: 'Furgoneta' }).click();
    await dialog.getByRole('textbox', { name: /Palets/ }).fill('8');
    await dialog.getByRole('textbox', { name: /Capacidad/ }).fill('3500');
    await dialog.getByRole('textbox', { name: 'Conductor', exact: true }).fill('Prueba Automática');
    await dialog.getByRole('button', { name: 'Dar de alta' }).click();
    await expect(dialog).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: plate });
    await expect(row).toContainText('Furgoneta');
    await expect(row).toContainText('3.500 kg');

    await page.getByRole('button', { name: `Editar · ${plate}` }).click();
    const edit = page.getByRole('dialog', { name: `Editar vehículo ${plate}` });
    await edit.getByRole('textbox', { name: /Palets/ }).fill('10');
    await edit.getByRole('textbox', { name: 'Teléfono del conductor' }).fill('+34 600 111 222');
    await edit.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('+34 600 111 222');

    await page.getByRole('button', { name: `Desactivar · ${plate}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Desactivar vehículo' });
    // Esc cancels; nothing changes.
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expect(row).toBeVisible();
    await page.getByRole('button', { name: `Desactivar · ${plate}` }).click();
    await confirm.getByRole('button', { name: 'Desactivar' }).click();
    await expect(confirm).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: plate })).toHaveCount(0);
  });

  test('exports every active vehicle from the server as CSV', async ({ page }) => {
    await openPanel(page);
    const table = page.getByRole('table', { name: 'Vehículos' });
    await expect(table.getByRole('row').nth(1)).toBeVisible();
    const link = page.getByRole('link', { name: 'Exportar todo (CSV)' });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('vehiculos.csv');
    const lines = readFileSync(await download.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Matrícula;Tipo;Capacidad (kg);Palets;Conductor;Teléfono;Disponible;Disponible desde;Disponible hasta;Última posición;Fecha posición',
    );
    const firstPlate = (
      await table.getByRole('row').nth(1).getByRole('cell').first().innerText()
    ).trim();
    expect(lines.slice(1).map((line) => line.split(';')[0])).toContain(firstPlate);
  });

  test('the availability map works without a maps key: offline map and list', async ({ page }) => {
    await openPanel(page);
    await page.getByRole('tab', { name: 'Mapa de disponibilidad' }).click();
    await expectOfflineMap(page, 'Mapa de disponibilidad de vehículos');
  });

  for (const [label, width, height] of SCREENSHOT_VIEWPORTS) {
    test(`screenshot ${label}`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await openAsCarrier(page, '/proveedores/panel');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Panel de vehículos' }),
      ).toBeVisible();
      await expectRowsLoaded(page, 'Vehículos', width);
      // Finite CSS transitions are fast-forwarded, so no fixed wait for them to settle.
      await page.screenshot({ path: `/tmp/shots/panel-${label}.png`, animations: 'disabled' });

      await page.getByRole('button', { name: 'Nuevo vehículo' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nuevo vehículo' });
      await expect(dialog.getByRole('textbox', { name: /Matrícula/ })).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Dar de alta' })).toBeEnabled();
      await page.screenshot({ path: `/tmp/shots/panel-form-${label}.png`, animations: 'disabled' });
    });
  }
});
