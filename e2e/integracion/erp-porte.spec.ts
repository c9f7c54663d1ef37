import { expect, test, type APIRequestContext } from '@playwright/test';
import { serverCli, signIn } from '../fixtures.js';

/** The demo customer of cliente@demo.es, as the ERP knows it (demo seed). */
const CLIENTE_ERP_ID = 'CLI-CLIENTE';

/** An API key minted with the operator CLI, exactly as an operator would. */
function mintApiKey(): string {
  const out = serverCli('api-key', 'create', '--nombre', 'ERP e2e', '--scopes', 'portes:write');
  const key = out.split('\n')[0]?.trim();
  if (!key?.startsWith('ext_')) throw new Error(`La CLI no devolvió una clave: ${out}`);
  return key;
}

async function put(request: APIRequestContext, key: string, url: string, data: unknown) {
  const response = await request.fetch(url, {
    method: url.endsWith('/seguimiento') ? 'POST' : 'PUT',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    data: JSON.stringify(data),
  });
  expect(response.status(), await response.text()).toBe(200);
  return response.json() as Promise<{ creados: number }>;
}

test('a shipment posted by the ERP with its stops is tracked by the customer in the browser', async ({
  page,
  request,
}) => {
  const key = mintApiKey();
  // Unique per run: the browser tests share one database.
  const partida = `ERP-${Date.now().toString(36).toUpperCase()}`;

  const portes = await put(request, key, '/api/integration/v1/portes', {
    items: [
      {
        partida,
        cliente_erp_id: CLIENTE_ERP_ID,
        ref_cliente: 'PED-E2E-77',
        origen_poblacion: 'Logroño',
        origen_cp: '26001',
        origen_pais_iso: 'ES',
        destino_poblacion: 'Milano',
        destino_cp: '20121',
        destino_pais_iso: 'IT',
        fecha_carga_prevista: '2026-11-23',
        fecha_entrega_prevista: '2026-11-26',
        bultos: 24,
        peso_kg: 11800,
        p_facturable_kg: 12000,
        estado: 'en_transito',
      },
    ],
  });
  expect(portes.creados).toBe(1);
  await put(request, key, `/api/integration/v1/portes/${partida}/seguimiento`, {
    items: [
      {
        erp_id: 'S-1',
        fecha: '2026-11-24',
        hora: '08:15',
        comentarios: 'Salida de almacén',
        poblacion: 'Logroño',
        pais_iso: 'ES',
        kilometros_destino: 1180,
        retraso: 0,
      },
      {
        erp_id: 'S-2',
        fecha: '2026-11-25',
        hora: '13:40',
        comentarios: 'Paso por frontera',
        poblacion: 'Le Perthus',
        pais_iso: 'FR',
        kilometros_destino: 760,
        retraso: 45,
      },
    ],
  });

  await signIn(page, 'cliente@demo.es');
  await page.goto('/clientes/tracking');
  await page.getByRole('searchbox', { name: 'Buscar partida o referencia' }).fill(partida);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await page.getByRole('link', { name: new RegExp(`^${partida}`) }).click();

  await expect(page).toHaveURL(new RegExp(`/clientes/tracking-porte/${partida}`));
  await expect(page.getByRole('heading', { name: `Partida ${partida}` })).toBeVisible();
  const paradas = page.getByRole('list', { name: 'Paradas' }).getByRole('listitem');
  await expect(paradas).toHaveCount(2);
  await expect(page.getByText('Paso por frontera')).toBeVisible();
  await expect(page.getByText('Salida de almacén')).toBeVisible();
});
