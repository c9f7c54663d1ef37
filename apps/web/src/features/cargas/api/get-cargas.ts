import { listCargas } from '@extranet/contracts/cargas/endpoints';
import type { QueryOut } from '@extranet/contracts/common/endpoint';
import { useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { endpointPages } from '../../../lib/endpoint-client';

/** Filters and order of the load list, as the page holds them. */
export type CargasFiltros = Omit<QueryOut<typeof listCargas>, 'cursor' | 'limit'>;

/** Rows per keyset page. */
export const CARGAS_PAGE_SIZE = 100;

/** No filter, soonest loads first. */
export const FILTROS_INICIALES: CargasFiltros = { orden: 'fecha_carga' };

/**
 * The page's address: `?vista=` names the tab (the open loads when absent), and a saved search's
 * notice links with `?busqueda=<id>`. Shared by the page and its loader's prefetch.
 */
export const CARGAS_URL = { vista: 'vista', vistaInicial: 'disponibles', busqueda: 'busqueda' };

export function cargasQueryOptions(
  filters: CargasFiltros,
  options?: Parameters<typeof endpointPages>[2],
) {
  return endpointPages(listCargas, { query: { ...filters, limit: CARGAS_PAGE_SIZE } }, options);
}

/**
 * The page's loader (router.tsx): asks for the first page the list shows on arrival (the open
 * loads, unfiltered) as the navigation starts, not after the page's first render (issue 20).
 * Not for another tab or a saved search's filters. No 401 redirect: the route guard decides
 * what a visitor without a session sees, and a failed page is asked again by the list.
 */
export function prefetchCargas(client: QueryClient, url: URL): void {
  const vista = url.searchParams.get(CARGAS_URL.vista) ?? CARGAS_URL.vistaInicial;
  if (url.searchParams.has(CARGAS_URL.busqueda) || vista !== CARGAS_URL.vistaInicial) return;
  void client.prefetchInfiniteQuery(
    cargasQueryOptions(FILTROS_INICIALES, { redirectOn401: false }),
  );
}

/** How often the open list refreshes: loads are published and taken all day. */
export const CARGAS_REFRESCO_MS = 60_000;

/**
 * The open loads matching `filters`, page after page, refreshed every minute while the page
 * is open; each page is a conditional read, a 304 while nothing changed (decision 014).
 */
export function useCargas(filters: CargasFiltros) {
  return useInfiniteQuery({ ...cargasQueryOptions(filters), refetchInterval: CARGAS_REFRESCO_MS });
}
