import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { TrackingBusqueda, TrackingCoincidencia } from '@extranet/contracts/tracking/tracking';

/** GET /api/clientes/tracking?q=: the client's shipments whose partida or reference match. */
export async function searchTracking(
  q: string,
  signal?: AbortSignal,
): Promise<TrackingCoincidencia[]> {
  const params = new URLSearchParams({ q });
  const result = await apiRequest<TrackingBusqueda>('GET', `/api/clientes/tracking?${params}`, {
    signal,
  });
  return result.items;
}

export function searchTrackingQueryOptions(q: string) {
  return queryOptions({
    queryKey: ['clientes', 'tracking', 'search', q],
    queryFn: ({ signal }) => searchTracking(q, signal),
    enabled: q.trim() !== '',
  });
}

/** Shipments matching `q` (nothing is asked while `q` is blank). */
export function useSearchTracking(q: string) {
  return useQuery(searchTrackingQueryOptions(q.trim()));
}
