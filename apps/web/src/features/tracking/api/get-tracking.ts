import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { TrackingPorte } from '@extranet/contracts/tracking/tracking';

/** GET /api/clientes/portes/:partida/tracking: the shipment, its stops, position and documents. */
export function getTracking(partida: string, signal?: AbortSignal): Promise<TrackingPorte> {
  return apiRequest<TrackingPorte>(
    'GET',
    `/api/clientes/portes/${encodeURIComponent(partida)}/tracking`,
    { signal },
  );
}

export function trackingQueryOptions(partida: string) {
  return queryOptions({
    queryKey: ['clientes', 'tracking', 'porte', partida],
    queryFn: ({ signal }) => getTracking(partida, signal),
    enabled: partida !== '',
  });
}

/** The tracking of shipment `partida` (idle while it is empty). */
export function useTracking(partida: string | undefined) {
  return useQuery(trackingQueryOptions(partida ?? ''));
}
