import type { PortesOrden, PortesPage, PorteEstadoActivo } from '@extranet/contracts/portes/porte';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { toSearchParams } from './query-params';

/** Filters and order of the active shipments, as the page keeps them in the URL. */
export interface PortesFiltros {
  estado?: PorteEstadoActivo;
  fechaDesde?: string;
  fechaHasta?: string;
  origen?: string;
  destino?: string;
  q?: string;
  orden?: PortesOrden;
}

/** Rows per keyset page. */
export const PORTES_PAGE_SIZE = 100;

/** GET /api/clientes/portes: one keyset page of the client's active shipments. */
export function getPortes(
  filtros: PortesFiltros,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<PortesPage> {
  const params = toSearchParams({ ...filtros, cursor, limit: String(PORTES_PAGE_SIZE) });
  return apiRequest<PortesPage>('GET', `/api/clientes/portes?${params}`, { signal });
}

export function portesQueryOptions(filtros: PortesFiltros) {
  return infiniteQueryOptions({
    queryKey: ['clientes', 'portes', 'list', filtros],
    queryFn: ({ pageParam, signal }) => getPortes(filtros, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The active shipments matching `filtros`, page after page. */
export function usePortes(filtros: PortesFiltros) {
  return useInfiniteQuery(portesQueryOptions(filtros));
}
