import { expect, test, type Page } from '@playwright/test';
import { loginAs, signIn } from '../fixtures.js';
import { apiGet } from '../supplier/helpers.js';

interface PorteItem {
  partida: string;
  ref_cliente: string | null;
  ultima_parada: unknown;
}

/**
 * Active shipments of the signed-in client, read through the API as the page does, with
 * `page.request` (the page's session): no page of the portal need be open.
 */
async function portesActivos(page: Page): Promise<PorteItem[]> {
  return (await apiGet<{ items: PorteItem[] }>(page, '/api/clientes/portes?limit=200')).items;
}

/** A shipment of the client with at least one tracking stop. */
async function partidaConSeguimiento(page: Page): Promise<string> {
  const portes = await portesActivos(page);
  const porte = portes.find((p) => p.ultima_parada !== null) ?? portes[0];
  if (!porte) throw new Error('El cliente de demostración no tiene portes activos');
  return porte.partida;
}

async function chooseClient(page: Page, index: number): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'Seleccionar cliente conexión' });
  await expect(dialog).toBeVisible();
  const row = dialog.getByRole('row').nth(index + 1);
  const name = (await row.getByRole('cell').nth(1).textContent()) ?? '';
  await row.click();
  await dialog.getByRole('button', { name: 'Seleccionar' }).click();
  await expect(page).toHaveURL(/\/clientes\/tracking$/);
  return name;
}

test.describe('customer tracking', () => {
  test('tracks a demo shipment by searching its partida', async ({ page }) => {
    await signIn(page, 'cliente@demo.es');
    await page.goto('/clientes/tracking');
    // With nothing searched, tracking lands on the shipments in progress (issue 17).
    await expect(page.getByRole('region', { name: 'Portes en curso' })).toBeVisible();
    const partida = await partidaConSeguimiento(page);

    await page.getByRole('searchbox', { name: 'Buscar partida o referencia' }).fill(partida);
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await page.getByRole('link', { name: new RegExp(`^${partida}`) }).click();

    await expect(page).toHaveURL(new RegExp(`/clientes/tracking-porte/${partida}`));
    await expect(page.getByRole('heading', { name: `Partida ${partida}` })).toBeVisible();
    const paradas = page.getByRole('list', { name: 'Paradas' }).getByRole('listitem');
    await expect(paradas.first()).toBeVisible();
    await expect(paradas.first()).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    // No maps key in the tests: the offline map draws the route; its list has the same stops.
    await expect(page.getByRole('region', { name: 'Ruta del porte' })).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Ruta del porte' }).getByRole('listitem').first(),
    ).toContainText('1.');
  });

  test('opens a shipment from /access/:partida', async ({ page }) => {
    await signIn(page, 'cliente@demo.es');
    const partida = await partidaConSeguimiento(page);

    await page.goto(`/access/${partida}`);
    await expect(page).toHaveURL(new RegExp(`/clientes/tracking-porte/${partida}$`));
    await expect(page.getByRole('heading', { name: `Partida ${partida}` })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Documentos' })).toBeVisible();
  });

  test('Portes links each active shipment to its tracking', async ({ page }) => {
    await signIn(page, 'cliente@demo.es');
    await page.goto('/clientes/portes');
    const table = page.getByRole('table', { name: 'Portes activos' });
    const link = table.getByRole('link', { name: /^Ver tracking del porte/ }).first();
    await expect(link).toBeVisible();
    const partida = (await link.textContent())?.trim() ?? '';
    await link.click();
    await expect(page.getByRole('heading', { name: `Partida ${partida}` })).toBeVisible();
  });

  test('grupo@demo.es switches client and sees that client’s shipments only', async ({ page }) => {
    await loginAs(page, 'grupo@demo.es');
    await chooseClient(page, 0);
    const primeros = (await portesActivos(page)).map((p) => p.partida);

    await page.getByRole('button', { name: 'Cerrar sesión' }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    // Forget the remembered password, so the form asks for it again as on another browser.
    await page.evaluate(() => localStorage.clear());
    await loginAs(page, 'grupo@demo.es');
    await chooseClient(page, 1);
    const segundos = (await portesActivos(page)).map((p) => p.partida);

    expect(segundos.some((p) => primeros.includes(p))).toBe(false);
    if (segundos[0]) {
      await page.goto(`/clientes/tracking-porte/${segundos[0]}`);
      await expect(page.getByRole('heading', { name: `Partida ${segundos[0]}` })).toBeVisible();
    }
    if (primeros[0]) {
      // The first client's shipment is not the second one's.
      await page.goto(`/clientes/tracking-porte/${primeros[0]}`);
      await expect(
        page.getByText(`El porte ${primeros[0]} no existe o no pertenece a este cliente.`),
      ).toBeVisible();
    }
  });
});
