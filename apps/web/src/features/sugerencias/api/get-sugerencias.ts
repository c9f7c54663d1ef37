import type { SugerenciasPage } from '@extranet/contracts/sugerencias/sugerencia';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Suggestions per page. */
export const SUGERENCIAS_PAGE_SIZE = 10;

/** GET /api/clientes/sugerencias: what this client sent, newest first (keyset). */
export function getSugerencias(
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<SugerenciasPage> {
  const params = new URLSearchParams({ limit: String(SUGERENCIAS_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return apiRequest<SugerenciasPage>('GET', `/api/clientes/sugerencias?${params}`, { signal });
}

export function sugerenciasQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['clientes', 'sugerencias', 'list'],
    queryFn: ({ pageParam, signal }) => getSugerencias(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** This client's suggestions, page after page. */
export function useSugerencias() {
  return useInfiniteQuery(sugerenciasQueryOptions());
}
