import type { QueryOut } from '@extranet/contracts/common/endpoint';
import { listTransportes } from '@extranet/contracts/transportes/endpoints';
import { useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { endpointPages } from '../../../lib/endpoint-client';
import { parseHistoricoQuery } from '../historico-filters';

/** Filters of the transport history, as the page's URL query holds them. */
export type TransportesFiltros = Omit<QueryOut<typeof listTransportes>, 'cursor' | 'limit'>;

/**
 * Rows per keyset page (the server allows up to 200): two to three screens of the virtualised
 * table, so the first rows come in half the time and bytes of a 100-row page.
 */
export const TRANSPORTES_PAGE_SIZE = 50;

export function transportesQueryOptions(
  filtros: TransportesFiltros,
  options?: Parameters<typeof endpointPages>[2],
) {
  return endpointPages(
    listTransportes,
    { query: { ...filtros, limit: TRANSPORTES_PAGE_SIZE } },
    options,
  );
}

/**
 * The history's loader (router.tsx): asks for the first page of the filters in the address as
 * the navigation starts, not after the page's first render (issue 20). No 401 redirect: the
 * route guard decides what a visitor without a session sees.
 */
export function prefetchTransportes(client: QueryClient, url: URL): void {
  void client.prefetchInfiniteQuery(
    transportesQueryOptions(parseHistoricoQuery(url.searchParams), { redirectOn401: false }),
  );
}

/** The transport history matching `filtros`, page after page. */
export function useTransportes(filtros: TransportesFiltros) {
  return useInfiniteQuery(transportesQueryOptions(filtros));
}
