import { mkdirSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { MADRID, postErpTransport } from '../erp-transport.js';
import { expectRowsLoaded, signIn } from '../fixtures.js';
import { isoDaysFromNow } from '../supplier/helpers.js';

const SHOTS = 'build/screenshots/portes-columnas';

/** A box's right and bottom edges. */
function edges(box: { x: number; y: number; width: number; height: number }) {
  return { right: box.x + box.width, bottom: box.y + box.height };
}

/** Whether `inner` lies whole inside `outer` horizontally (1 px of rounding). */
function insideX(
  inner: { x: number; width: number },
  outer: { x: number; width: number },
): boolean {
  return inner.x >= outer.x - 1 && inner.x + inner.width <= outer.x + outer.width + 1;
}

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  expect(b, await locator.evaluate((el) => el.outerHTML.slice(0, 80))).not.toBeNull();
  return b!;
}

/** Each key column of Portes at 1440 px, its header and its first rows' cells, seen whole. */
async function expectKeyColumnsFit(page: Page) {
  await expectRowsLoaded(page, 'Portes activos', 1440);
  const table = page.getByRole('table', { name: 'Portes activos' });
  const scroller = table.locator('xpath=..');
  // Nothing to scroll sideways: every shown column is inside the table's visible area.
  const sideways = await scroller.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(sideways).toBeLessThanOrEqual(1);
  const visible = await box(scroller);
  const viewport = page.viewportSize()!;
  expect(edges(visible).right).toBeLessThanOrEqual(viewport.width);

  const headers = table.getByRole('columnheader');
  const names = (await headers.allInnerTexts()).map((h) => h.trim());
  for (const key of ['Partida', 'Estado', 'Destino', 'Seguimiento', 'Última parada', 'Retraso']) {
    expect(names).toContain(key);
    const index = names.indexOf(key);
    const header = headers.nth(index);
    await expect(header).toBeVisible();
    expect(insideX(await box(header), visible), `${key} header`).toBe(true);
    // Every loaded row's cell of that column, and what it holds, inside too.
    const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
    const count = Math.min(await rows.count(), 8);
    expect(count).toBeGreaterThan(0);
    for (let r = 0; r < count; r++) {
      const cell = rows.nth(r).getByRole('cell').nth(index);
      const cellBox = await box(cell);
      expect(insideX(cellBox, visible), `${key} row ${r}`).toBe(true);
      // The cell's content is not cut: it is no wider than its cell.
      const overflow = await cell.evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(overflow, `${key} row ${r} overflows`).toBeLessThanOrEqual(1);
    }
  }
}

// Issue 17: at 1440 px "Estado", "Retraso" and the last position ran off the table's right
// edge, behind what scrolled sideways; then the whole suite's shipments (long towns, live
// positions) widened it again by 108 px. The columns chosen for the width hold for any content:
// free text wraps. The spec adds its own shipment with the longest texts a row can hold.
test('Portes at 1440×900: the key columns fit whatever the rows hold', async ({
  page,
  request,
}) => {
  // An ERP batch, two lists and a measure of each key cell on a busy two-core machine.
  test.setTimeout(150_000);
  mkdirSync(SHOTS, { recursive: true });
  const largo = await postErpTransport(request, {
    nombre: 'e2e-portes-columnas',
    prefijo: 'COLS',
    origen: { ...MADRID, poblacion: 'San Sebastián de los Reyes' },
    destino: {
      poblacion: 'Villafranca de los Caballeros y Alcázar de San Juan',
      cp: '45730',
      pais_iso: 'ES',
      lat: 39.4278,
      lng: -3.3611,
    },
    cargaEnDias: 0,
    entregaEnDias: 1,
    bultos: 12_345,
    pesoKg: 23_456,
    matricula: '4321KLM',
    conductor: 'Conductora Columnas',
    importeCentimos: 98_765,
    estadoTransporte: 'en_transito',
  });
  const parada = await request.post(
    `/api/integration/v1/portes/${encodeURIComponent(largo.partida)}/seguimiento`,
    {
      headers: { authorization: `Bearer ${largo.key}`, 'content-type': 'application/json' },
      data: JSON.stringify({
        items: [
          {
            erp_id: 'COLS-1',
            fecha: isoDaysFromNow(0),
            hora: '08:15',
            pais_iso: 'ES',
            poblacion: 'Santa Cruz de la Zarza del Campo de Montiel',
            kilometros_destino: 1_180,
            retraso: 245,
          },
        ],
      }),
    },
  );
  expect(parada.status(), await parada.text()).toBe(200);

  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'cliente@demo.es');
  // The list as the whole suite leaves it…
  await page.goto('/clientes/portes');
  await expectKeyColumnsFit(page);
  await page.screenshot({ path: `${SHOTS}/portes-1440.png` });
  // …and the spec's own longest row.
  await page.goto(`/clientes/portes?q=${encodeURIComponent(largo.partida)}`);
  const table = page.getByRole('table', { name: 'Portes activos' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Santa Cruz de la Zarza del Campo de Montiel');
  await expectKeyColumnsFit(page);
  await page.screenshot({ path: `${SHOTS}/portes-1440-largo.png` });
});

test('Portes on a phone: cards with every field, including those hidden on narrower desktops', async ({
  page,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, 'cliente@demo.es');
  await page.goto('/clientes/portes');
  await expectRowsLoaded(page, 'Portes activos', 360);
  const first = page.getByRole('list', { name: 'Portes activos' }).getByRole('listitem').first();
  await expect(first).toContainText('Estado');
  await expect(first).toContainText('Retraso');
  await expect(first).toContainText('Peso');
  const card = await box(first);
  expect(edges(card).right).toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${SHOTS}/portes-360.png`, fullPage: false });
});
