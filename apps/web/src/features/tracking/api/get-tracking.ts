import { getTracking } from '@extranet/contracts/tracking/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from '../../../lib/endpoint-client';

export function trackingQueryOptions(partida: string, options: { redirectOn401?: boolean } = {}) {
  const input = { params: { partida } };
  return queryOptions({
    queryKey: endpointKey(getTracking, input),
    queryFn: ({ signal }) => callEndpoint(getTracking, input, { ...options, signal }),
    enabled: partida !== '',
    // The driver's pings move the position and ETA: refreshed while the page is open.
    refetchInterval: 60_000,
  });
}

/** The tracking of shipment `partida`: its stops, position and documents (idle while empty). */
export function useTracking(partida: string | undefined) {
  return useQuery(trackingQueryOptions(partida ?? ''));
}
