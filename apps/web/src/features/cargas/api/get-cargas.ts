import { listCargas } from '@extranet/contracts/cargas/endpoints';
import type { QueryOut } from '@extranet/contracts/common/endpoint';
import { useInfiniteQuery } from '@tanstack/react-query';
import { endpointPages } from '../../../lib/endpoint-client';

/** Filters and order of the load list, as the page holds them. */
export type CargasFiltros = Omit<QueryOut<typeof listCargas>, 'cursor' | 'limit'>;

/** Rows per keyset page. */
export const CARGAS_PAGE_SIZE = 100;

export function cargasQueryOptions(filters: CargasFiltros) {
  return endpointPages(listCargas, { query: { ...filters, limit: CARGAS_PAGE_SIZE } });
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
