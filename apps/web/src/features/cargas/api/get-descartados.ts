import type { DescartadosPage } from '@extranet/contracts/cargas/carga';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { toSearchParams } from './get-cargas';

/** GET /api/proveedores/descartados: discarded loads, most recent first. */
export function getDescartados(
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<DescartadosPage> {
  const params = toSearchParams({ cursor, limit: '100' });
  return apiRequest<DescartadosPage>('GET', `/api/proveedores/descartados?${params}`, { signal });
}

export function descartadosQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['proveedores', 'descartados'],
    queryFn: ({ pageParam, signal }) => getDescartados(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The "Descartadas" view, page after page. */
export function useDescartados(enabled: boolean) {
  return useInfiniteQuery({ ...descartadosQueryOptions(), enabled });
}
