import { expect, type Page } from '@playwright/test';
import { loginAs } from '../fixtures.js';

/** The four pages with a map (issue 14), each opened the way a person gets there. */
export interface MapPage {
  name: string;
  /** Accessible name of the map (and of its list). */
  label: string;
  /** Signs in and opens the page with its map on screen. */
  open: (page: Page) => Promise<void>;
}

async function openSupplier(page: Page) {
  await loginAs(page, 'proveedor@demo.es', 'proveedores');
  // The first page chunk may take a while on a busy machine.
  await expect(page.getByRole('heading', { level: 1, name: 'Cargas' })).toBeVisible({
    timeout: 15_000,
  });
}

async function openCustomer(page: Page) {
  await loginAs(page, 'cliente@demo.es');
  await expect(page).toHaveURL(/\/clientes\/tracking$/, { timeout: 15_000 });
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
      await openCustomer(page);
      const partida = await page.evaluate(async () => {
        const response = await fetch('/api/clientes/portes?limit=200', {
          headers: { Accept: 'application/json' },
        });
        const { items } = (await response.json()) as {
          items: { partida: string; ultima_parada: unknown }[];
        };
        // A demo shipment whose stops have coordinates: other tests running at the same time
        // create shipments through the ERP whose stops have none (nothing to draw a route of).
        for (const { partida } of items.filter((p) => p.ultima_parada !== null)) {
          const tracking = await fetch(
            `/api/clientes/portes/${encodeURIComponent(partida)}/tracking`,
            { headers: { Accept: 'application/json' } },
          );
          const { paradas } = (await tracking.json()) as { paradas: { lat: number | null }[] };
          if (paradas.some((parada) => parada.lat !== null)) return partida;
        }
        return undefined;
      });
      if (!partida) throw new Error('El cliente de demostración no tiene portes activos');
      await page.goto(`/clientes/tracking-porte/${partida}`);
      await expect(page.getByRole('heading', { name: `Partida ${partida}` })).toBeVisible();
    },
  },
  {
    name: 'maptest',
    label: 'Puntos de prueba en Perú',
    open: async (page) => {
      await openCustomer(page);
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
