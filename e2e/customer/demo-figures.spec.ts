import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../fixtures.js';

// Issue 14 point 6: the demo's tracking figures agree between "Portes" and the tracking page,
// and countries render on any system (no emoji flags: empty boxes without an emoji font).

interface PorteActivo {
  partida: string;
  ultima_parada: { retraso: number; kilometros_destino: number | null } | null;
  seguimiento: unknown;
}

/** Regional indicator symbols, the code points of emoji flags. */
const EMOJI_FLAG = /[\u{1F1E6}-\u{1F1FF}]/u;

/** The text of the cell under the column headed `header` in `row`. */
async function cellUnder(page: Page, row: ReturnType<Page['getByRole']>, header: string) {
  const headers = (await page.getByRole('columnheader').allTextContents()).map((h) => h.trim());
  const index = headers.indexOf(header);
  expect(index, `columna ${header}`).toBeGreaterThanOrEqual(0);
  return ((await row.getByRole('cell').nth(index).textContent()) ?? '').trim();
}

test('delay, km to go and last stop agree between Portes and Tracking', async ({ page }) => {
  await signIn(page, 'cliente@demo.es');
  const { items } = (await (await page.request.get('/api/clientes/portes?limit=200')).json()) as {
    items: PorteActivo[];
  };
  // A shipment on the road, delayed if there is one: the case that said "—" before. Its figures
  // come from the stops the ERP reported: a shipment the driver link tracks live (the demo's
  // TDEMO-A2) shows its last position there instead, checked in conductor/customer-live.spec.ts.
  const enRuta = items.filter((p) => p.ultima_parada !== null && p.seguimiento === null);
  const porte = enRuta.find((p) => (p.ultima_parada?.retraso ?? 0) > 0) ?? enRuta[0];
  expect(porte, 'el cliente de demostración tiene portes en ruta').toBeDefined();
  const partida = porte!.partida;

  await page.goto('/clientes/portes');
  const enlace = page.getByRole('link', { name: `Ver tracking del porte ${partida}` });
  const fila = page.getByRole('row').filter({ has: enlace });
  await expect(fila).toBeVisible();
  const retrasoLista = await cellUnder(page, fila, 'Retraso');
  const paradaLista = await cellUnder(page, fila, 'Última parada');
  // "Lleida25/11/2026 13:11 · 278 km hasta destino": town, date and time, km to go.
  const [, poblacion, cuando, km] =
    /^(.+?)(\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}) · ([\d.]+) km hasta destino$/.exec(paradaLista) ?? [];
  expect(poblacion, paradaLista).toBeTruthy();

  await enlace.click();
  await expect(page).toHaveURL(new RegExp(`/clientes/tracking-porte/${partida}`));
  const resumen = page.locator('dl');
  await expect(resumen.locator('dt', { hasText: /^Retraso$/ })).toBeVisible();
  const dato = (label: string) =>
    resumen
      .locator('div')
      .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) });
  await expect(dato('Retraso').locator('dd')).toHaveText(retrasoLista);
  await expect(dato('Km hasta destino').locator('dd')).toHaveText(`${km} km`);
  const paradas = page.getByRole('list', { name: 'Paradas' }).getByRole('listitem');
  const ultima = paradas.last();
  await expect(ultima).toContainText(poblacion!);
  await expect(ultima).toContainText(cuando!);
  await expect(ultima).toContainText(`${km} km hasta destino`);

  // Countries as ISO codes named in full, never as emoji flags.
  await expect(page.getByLabel('País: España').first()).toHaveText('ES');
  expect(await page.locator('body').innerText()).not.toMatch(EMOJI_FLAG);
});
