import type { SolicitudesPage } from '@extranet/contracts/solicitudes/solicitud';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Requests per page of the history below the form. */
export const SOLICITUDES_PAGE_SIZE = 10;

/** GET /api/clientes/solicitudes: this client's requests, newest first (keyset). */
export function getSolicitudes(
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<SolicitudesPage> {
  const params = new URLSearchParams({ limit: String(SOLICITUDES_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return apiRequest<SolicitudesPage>('GET', `/api/clientes/solicitudes?${params}`, { signal });
}

export function solicitudesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['clientes', 'solicitudes', 'list'],
    queryFn: ({ pageParam, signal }) => getSolicitudes(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** This client's past requests, page after page. */
export function useSolicitudes() {
  return useInfiniteQuery(solicitudesQueryOptions());
}
