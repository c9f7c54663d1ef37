import { expect, type Page } from '@playwright/test';
import { openAsCarrier, signIn } from '../fixtures.js';
import { apiGet } from '../supplier/helpers.js';

/** The four pages with a map (issue 14), each opened the way a person gets there. */
export interface MapPage {
  name: string;
  /** Accessible name of the map (and of its list). */
  label: string;
  /** Signs in and opens the page with its map on screen. */
  open: (page: Page) => Promise<void>;
}

/** Signs in through the API and opens the carrier's load list (the login is not under test). */
async function openSupplier(page: Page) {
  await openAsCarrier(page, '/proveedores/cargas');
  // The first page chunk may take a while on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Cargas' })).toBeVisible({
    timeout: 15_000,
  });
}

export const MAP_PAGES: readonly MapPage[] = [
  {
    name: 'cargas',
    label: 'Mapa de cargas por población de origen',
    open: async (page) => {
      await openSupplier(page);
      await page.getByRole('tab', { name: 'Mapa' }).click();
    },
  },
  {
    name: 'vehiculos',
    label: 'Mapa de disponibilidad de vehículos',
    open: async (page) => {
      await openSupplier(page);
      await page.getByRole('navigation').getByRole('link', { name: 'Panel', exact: true }).click();
      await page.getByRole('tab', { name: 'Mapa de disponibilidad' }).click();
    },
  },
  {
    name: 'tracking',
    label: 'Ruta del porte',
    open: async (page) => {
      await signIn(page, 'cliente@demo.es');
      // Read with `page.request`, which has the session: no page of the portal is open yet.
      const { items } = await apiGet<{ items: { partida: string; ultima_parada: unknown }[] }>(
        page,
        '/api/clientes/portes?limit=200',
      );
      // A demo shipment whose stops have coordinates: other tests running at the same time
      // create shipments through the ERP whose stops have none (nothing to draw a route of).
      let partida: string | undefined;
      for (const porte of items.filter((p) => p.ultima_parada !== null)) {
        const { paradas } = await apiGet<{ paradas: { lat: number | null }[] }>(
          page,
          `/api/clientes/portes/${encodeURIComponent(porte.partida)}/tracking`,
        );
        if (paradas.some((parada) => parada.lat !== null)) {
          partida = porte.partida;
          break;
        }
      }
      if (!partida) throw new Error('El cliente de demostración no tiene portes activos');
      await page.goto(`/clientes/tracking-porte/${partida}`);
      await expect(page.getByRole('heading', { name: `Partida ${partida}` })).toBeVisible();
    },
  },
  {
    name: 'maptest',
    label: 'Puntos de prueba en Perú',
    open: async (page) => {
      await signIn(page, 'cliente@demo.es');
      await page.goto('/clientes/maptest');
    },
  },
];

/** Records every CSP violation the page reports, from its first script on. */
export async function watchCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return () =>
    page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);
}
