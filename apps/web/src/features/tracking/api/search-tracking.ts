import { searchTracking } from '@extranet/contracts/tracking/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from '../../../lib/endpoint-client';

export function searchTrackingQueryOptions(q: string) {
  const input = { query: { q } };
  return queryOptions({
    queryKey: endpointKey(searchTracking, input),
    queryFn: async ({ signal }) => (await callEndpoint(searchTracking, input, { signal })).items,
    enabled: q.trim() !== '',
  });
}

/** The client's shipments whose partida or reference match `q` (idle while `q` is blank). */
export function useSearchTracking(q: string) {
  return useQuery(searchTrackingQueryOptions(q.trim()));
}
