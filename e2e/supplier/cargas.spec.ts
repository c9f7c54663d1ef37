import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import {
  expectOfflineMap,
  expectRowsLoaded,
  openAsCarrier,
  SCREENSHOT_VIEWPORTS,
} from '../fixtures.js';

/** Signs in as the demo carrier and waits for the load list. */
async function openCargas(page: Page) {
  await openAsCarrier(page, '/proveedores/cargas');
  await expect(page.getByRole('table', { name: 'Cargas disponibles' })).toBeVisible();
}

/**
 * Narrows the list to one vehicle type, so the two tests of this file (run in parallel against
 * one database) never touch the same load.
 */
async function filterByType(page: Page, label: string) {
  await page.getByRole('combobox', { name: 'Tipo de vehículo' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
  await expect(page.getByRole('table', { name: 'Cargas disponibles' })).toBeVisible();
}

function rowOf(page: Page, referencia: string) {
  return page.getByRole('row').filter({ hasText: referencia });
}

test.describe('supplier load list', () => {
  test('makes an offer, sees it pending, modifies it and withdraws it', async ({ page }) => {
    await openCargas(page);
    await filterByType(page, 'Frigorífico');
    const ofertar = page.getByRole('button', { name: /^Ofertar · / }).first();
    await expect(ofertar).toBeVisible();
    const referencia = (await ofertar.getAttribute('aria-label'))!.replace('Ofertar · ', '');

    await ofertar.click();
    const dialog = page.getByRole('dialog', { name: `Ofertar por la carga ${referencia}` });
    await expect(dialog).toBeVisible();
    // Spanish validation before anything is sent.
    await dialog.getByRole('button', { name: 'Enviar oferta' }).click();
    await expect(dialog.getByText('Indique el precio.')).toBeVisible();
    await dialog.getByRole('textbox', { name: /Precio/ }).fill('1234,5');
    await dialog.getByRole('textbox', { name: 'Comentario' }).fill('Disponible desde la víspera');
    await dialog.getByRole('button', { name: 'Enviar oferta' }).click();
    await expect(dialog).toBeHidden();
    await expect(rowOf(page, referencia)).toContainText('pendiente');
    await expect(rowOf(page, referencia)).toContainText('1.234,50 €');

    // Modify it: keyboard only (the button, the field, Enter submits).
    await page.getByRole('button', { name: `Modificar oferta · ${referencia}` }).focus();
    await page.keyboard.press('Enter');
    const edit = page.getByRole('dialog', { name: `Modificar oferta · carga ${referencia}` });
    await expect(edit).toBeVisible();
    await edit.getByRole('textbox', { name: /Precio/ }).fill('1300');
    await page.keyboard.press('Enter');
    await expect(edit).toBeHidden();
    await expect(rowOf(page, referencia)).toContainText('1.300,00 €');

    // Withdraw it.
    await page.getByRole('button', { name: `Más acciones de la carga ${referencia}` }).click();
    await page.getByRole('menuitem', { name: 'Retirar oferta' }).click();
    const confirm = page.getByRole('dialog', { name: 'Retirar oferta' });
    await confirm.getByRole('button', { name: 'Retirar oferta' }).click();
    await expect(confirm).toBeHidden();

    // The notices of the three changes stack at the top over the tabs; a pointer resting on a
    // notice keeps it open, so wait until they have gone by themselves.
    await expect(page.getByRole('alert').filter({ hasText: referencia })).toHaveCount(0);
    await page.getByRole('tab', { name: 'Mis ofertas' }).click();
    await expect(page).toHaveURL(/vista=ofertas/);
    await expect(rowOf(page, referencia).first()).toContainText('retirada');
  });

  test('discards a load and restores it from Descartadas', async ({ page }) => {
    await openCargas(page);
    await filterByType(page, 'Megatráiler');
    const more = page.getByRole('button', { name: /^Más acciones de la carga / }).first();
    await expect(more).toBeVisible();
    const referencia = (await more.getAttribute('aria-label'))!.replace(
      'Más acciones de la carga ',
      '',
    );
    await more.click();
    await page.getByRole('menuitem', { name: 'Descartar' }).click();
    await expect(rowOf(page, referencia)).toHaveCount(0);

    await page.getByRole('tab', { name: 'Descartadas' }).click();
    const table = page.getByRole('table', { name: 'Descartadas' });
    await expect(table).toBeVisible();
    await table.getByRole('button', { name: `Restaurar · ${referencia}` }).click();
    await expect(rowOf(page, referencia)).toHaveCount(0);

    await page.getByRole('tab', { name: 'Cargas disponibles' }).click();
    await filterByType(page, 'Megatráiler');
    await expect(rowOf(page, referencia)).toBeVisible();
  });

  test('exports the whole filtered exchange from the server (CSV and Excel)', async ({ page }) => {
    await openCargas(page);
    await filterByType(page, 'Frigorífico');
    const csv = page.getByRole('link', { name: 'Exportar todo (CSV)' });
    await expect(csv).toHaveAttribute('href', /\/cargas\/export\.csv\?.*tipoVehiculo=frigorifico/);
    const [download] = await Promise.all([page.waitForEvent('download'), csv.click()]);
    expect(download.suggestedFilename()).toBe('cargas.csv');
    const lines = readFileSync(await download.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toMatch(/^Referencia;Origen;/);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((line) => line.includes(';Frigorífico;'))).toBe(true);

    const xlsx = page.getByRole('link', { name: 'Exportar todo (Excel)' });
    const [excel] = await Promise.all([page.waitForEvent('download'), xlsx.click()]);
    expect(excel.suggestedFilename()).toBe('cargas.xlsx');
    // An XLSX is a zip: "PK" first.
    expect(
      readFileSync(await excel.path())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });

  test('the map tab works without a maps key: offline map and list', async ({ page }) => {
    await openCargas(page);
    await page.getByRole('tab', { name: 'Mapa' }).click();
    await expectOfflineMap(page, 'Mapa de cargas por población de origen');
  });

  for (const [label, width, height] of SCREENSHOT_VIEWPORTS) {
    test(`screenshot ${label}`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await openAsCarrier(page, '/proveedores/cargas');
      await expectRowsLoaded(page, 'Cargas disponibles', width);
      // Finite CSS transitions are fast-forwarded, so no fixed wait for them to settle.
      await page.screenshot({ path: `/tmp/shots/cargas-${label}.png`, animations: 'disabled' });

      const ofertas = page.getByRole('tab', { name: 'Mis ofertas' });
      await ofertas.click();
      await expect(ofertas).toHaveAttribute('aria-selected', 'true');
      await expect(page).toHaveURL(/vista=ofertas/);
      await expect(
        page
          .getByRole(width < 768 ? 'list' : 'table', { name: 'Mis ofertas' })
          .or(page.getByText('No hay ofertas que mostrar.')),
      ).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await page.screenshot({
        path: `/tmp/shots/cargas-ofertas-${label}.png`,
        animations: 'disabled',
      });

      await page.getByRole('tab', { name: 'Mapa' }).click();
      const mapa = page.getByRole('list', { name: 'Mapa de cargas por población de origen' });
      await expect(mapa.getByRole('listitem').first()).toBeVisible();
      // The offline basemap (countries, borders, cities) arrives after the map itself.
      await expect(page.locator('[data-basemap="ready"]')).toHaveCount(1);
      await page.screenshot({
        path: `/tmp/shots/cargas-mapa-${label}.png`,
        animations: 'disabled',
      });
    });
  }
});
