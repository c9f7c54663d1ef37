import type { TransporteEstado, TransportesPage } from '@extranet/contracts/transportes/transporte';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Filters of the transport history, as the page's URL query holds them. */
export interface TransportesFiltros {
  fechaDesde?: string;
  fechaHasta?: string;
  transporteId?: number;
  estado?: TransporteEstado;
}

/**
 * Rows per keyset page (the server allows up to 200): two to three screens of the virtualised
 * table, so the first rows come in half the time and bytes of a 100-row page.
 */
export const TRANSPORTES_PAGE_SIZE = 50;

/** The filters as query parameters, leaving out the empty ones. */
export function transportesParams(filtros: TransportesFiltros): URLSearchParams {
  const params = new URLSearchParams();
  if (filtros.fechaDesde) params.set('fechaDesde', filtros.fechaDesde);
  if (filtros.fechaHasta) params.set('fechaHasta', filtros.fechaHasta);
  if (filtros.transporteId) params.set('transporteId', String(filtros.transporteId));
  if (filtros.estado) params.set('estado', filtros.estado);
  return params;
}

/** GET /api/proveedores/transportes: one keyset page of the history. */
export function getTransportes(
  filtros: TransportesFiltros,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<TransportesPage> {
  const params = transportesParams(filtros);
  if (cursor) params.set('cursor', cursor);
  params.set('limit', String(TRANSPORTES_PAGE_SIZE));
  return apiRequest<TransportesPage>('GET', `/api/proveedores/transportes?${params}`, { signal });
}

export function transportesQueryOptions(filtros: TransportesFiltros) {
  return infiniteQueryOptions({
    queryKey: ['proveedores', 'transportes', 'historico', filtros],
    queryFn: ({ pageParam, signal }) => getTransportes(filtros, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The transport history matching `filtros`, page after page. */
export function useTransportes(filtros: TransportesFiltros) {
  return useInfiniteQuery(transportesQueryOptions(filtros));
}
