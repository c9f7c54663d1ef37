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

/** The open loads matching `filters`, page after page. */
export function useCargas(filters: CargasFiltros) {
  return useInfiniteQuery(cargasQueryOptions(filters));
}
