import type { CargasFiltro, CargasOrden, CargasPage } from '@extranet/contracts/cargas/carga';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Filters and order of the load list, as the page holds them. */
export type CargasFiltros = Partial<Record<keyof CargasFiltro, string>> & { orden: CargasOrden };

/** Rows per keyset page. */
export const CARGAS_PAGE_SIZE = 100;

/** `filters` as a query string, leaving out empty values. */
export function toSearchParams(filters: Record<string, string | undefined>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value.trim() !== '') params.set(key, value.trim());
  }
  return params;
}

/** GET /api/proveedores/cargas: one keyset page of open loads. */
export function getCargas(
  filters: CargasFiltros,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<CargasPage> {
  const params = toSearchParams({ ...filters, cursor, limit: String(CARGAS_PAGE_SIZE) });
  return apiRequest<CargasPage>('GET', `/api/proveedores/cargas?${params}`, { signal });
}

export function cargasQueryOptions(filters: CargasFiltros) {
  return infiniteQueryOptions({
    queryKey: ['proveedores', 'cargas', 'list', filters],
    queryFn: ({ pageParam, signal }) => getCargas(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The open loads matching `filters`, page after page. */
export function useCargas(filters: CargasFiltros) {
  return useInfiniteQuery(cargasQueryOptions(filters));
}
