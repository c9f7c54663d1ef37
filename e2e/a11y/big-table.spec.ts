import type { TransporteResumen } from '@extranet/contracts/transportes/transporte';
import { expect, test, type Page } from '@playwright/test';
import { openAsCarrier } from '../fixtures.js';

/** Issue 7: a 10,000-row history must not become 10,000 rows of DOM (virtualised table). */
const ROWS = 10_000;
const MAX_DOM_NODES = 1_400;

/** `count` transport-history rows, newest first, shaped like GET /api/proveedores/transportes. */
function transportes(count: number): TransporteResumen[] {
  const estados = ['asignado', 'en_transito', 'entregado', 'anulado'] as const;
  return Array.from({ length: count }, (_, index) => {
    const id = count - index;
    const day = new Date(Date.UTC(2026, 10, 22) - index * 3_600_000).toISOString().slice(0, 10);
    return {
      id,
      referencia: `T26-${String(id).padStart(6, '0')}`,
      matricula: `${String(1000 + (id % 9000))} KLM`,
      conductor: id % 7 === 0 ? null : `Conductor ${id % 40}`,
      fecha_carga: day,
      fecha_descarga: day,
      origen_poblacion: 'Zaragoza',
      origen_pais_iso: 'ES',
      destino_poblacion: id % 2 ? 'Lyon' : 'Madrid',
      destino_pais_iso: id % 2 ? 'FR' : 'ES',
      bultos: (id % 30) + 1,
      peso_kg: 500 + (id % 20_000),
      importe_centimos: 50_000 + id,
      estado: estados[id % estados.length]!,
      incidencia: id % 50 === 0 ? 'Retraso en descarga' : null,
      subpartidas: 1 + (id % 3),
      cmr_pendientes: id % 3,
      facturado: id % 4 === 0,
    };
  });
}

const domNodes = (page: Page) => page.evaluate(() => document.getElementsByTagName('*').length);

test('the carrier history holds 10,000 rows in under 1,400 DOM nodes', async ({ page }) => {
  test.setTimeout(90_000);
  // One keyset answer with every row and no next cursor: the app asks for nothing more.
  const body = JSON.stringify({ items: transportes(ROWS), nextCursor: null });
  let served = 0;
  await page.route(
    (url) => url.pathname === '/api/proveedores/transportes',
    async (route) => {
      served += 1;
      await route.fulfill({ status: 200, contentType: 'application/json', body });
    },
  );

  await openAsCarrier(page, '/proveedores/transportes');
  await expect(page.getByRole('heading', { level: 1, name: 'Histórico Transportes' })).toBeVisible({
    timeout: 15_000,
  });
  const table = page.getByRole('table', { name: /transportes/i });
  // The table announces every row (plus the header row) while it renders only a window.
  await expect(table).toHaveAttribute('aria-rowcount', String(ROWS + 1));
  await expect(table.getByRole('row').filter({ hasText: 'T26-010000' })).toBeVisible();
  expect(served).toBeGreaterThan(0);
  const atTop = await domNodes(page);
  expect(atTop, 'nodos del documento con 10.000 filas').toBeLessThan(MAX_DOM_NODES);

  // Scroll the table's own scroller to the very end: the oldest row appears.
  await table.evaluate((element) => {
    let scroller: HTMLElement | null = element.parentElement;
    while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowY)) {
      scroller = scroller.parentElement;
    }
    if (!scroller) throw new Error('La tabla no tiene contenedor con desplazamiento');
    scroller.scrollTop = scroller.scrollHeight;
  });
  await expect(table.getByRole('row').filter({ hasText: 'T26-000001' })).toBeVisible();
  const atEnd = await domNodes(page);
  expect(atEnd, 'nodos del documento al final de la tabla').toBeLessThan(MAX_DOM_NODES);
  await expect(table).toHaveAttribute('aria-rowcount', String(ROWS + 1));
  test.info().annotations.push({
    type: 'dom-nodes',
    description: `arriba ${atTop}, al final ${atEnd} (límite ${MAX_DOM_NODES})`,
  });
  console.log(`DOM nodes with ${ROWS} rows: top ${atTop}, end ${atEnd}`);
});
