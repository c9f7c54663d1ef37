import type { QueryOut } from '@extranet/contracts/common/endpoint';
import { listTransportes } from '@extranet/contracts/transportes/endpoints';
import { useInfiniteQuery } from '@tanstack/react-query';
import { endpointPages } from '../../../lib/endpoint-client';

/** Filters of the transport history, as the page's URL query holds them. */
export type TransportesFiltros = Omit<QueryOut<typeof listTransportes>, 'cursor' | 'limit'>;

/**
 * Rows per keyset page (the server allows up to 200): two to three screens of the virtualised
 * table, so the first rows come in half the time and bytes of a 100-row page.
 */
export const TRANSPORTES_PAGE_SIZE = 50;

export function transportesQueryOptions(filtros: TransportesFiltros) {
  return endpointPages(listTransportes, { query: { ...filtros, limit: TRANSPORTES_PAGE_SIZE } });
}

/** The transport history matching `filtros`, page after page. */
export function useTransportes(filtros: TransportesFiltros) {
  return useInfiniteQuery(transportesQueryOptions(filtros));
}
