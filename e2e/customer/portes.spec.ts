import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signIn } from '../fixtures.js';

// Issue 16 point 5: "Portes" exports every active shipment matching the filters, from the
// server, not only the rows the table has loaded.
test('exports every active shipment of the filters as CSV', async ({ page }) => {
  await signIn(page, 'cliente@demo.es');
  // The list as the table pages it (100 a page), every page.
  const partidas: string[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit: '100', orden: 'fecha_carga_prevista_desc' });
    if (cursor) query.set('cursor', cursor);
    const body = (await (await page.request.get(`/api/clientes/portes?${query}`)).json()) as {
      items: { partida: string }[];
      nextCursor: string | null;
    };
    partidas.push(...body.items.map((p) => p.partida));
    cursor = body.nextCursor;
  } while (cursor);
  expect(partidas.length).toBeGreaterThan(0);

  await page.goto('/clientes/portes?orden=fecha_carga_prevista_desc');
  await expect(page.getByRole('table', { name: 'Portes activos' })).toBeVisible();
  const link = page.getByRole('link', { name: 'Exportar todo (CSV)' });
  await expect(link).toHaveAttribute(
    'href',
    /\/api\/clientes\/portes\/export\.csv\?orden=fecha_carga_prevista_desc$/,
  );
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('portes.csv');
  const lines = readFileSync(await download.path(), 'utf8')
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toMatch(/^Partida;Ref\.Cliente;Estado;/);
  expect(lines.slice(1).map((line) => line.split(';')[0])).toEqual(partidas);
});
