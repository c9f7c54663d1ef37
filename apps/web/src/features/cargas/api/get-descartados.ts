import { listDescartados } from '@extranet/contracts/cargas/endpoints';
import { useInfiniteQuery } from '@tanstack/react-query';
import { endpointPages } from '../../../lib/endpoint-client';

export function descartadosQueryOptions() {
  return endpointPages(listDescartados, { query: { limit: 100 } });
}

/** The "Descartadas" view (most recently discarded first), page after page. */
export function useDescartados(enabled: boolean) {
  return useInfiniteQuery({ ...descartadosQueryOptions(), enabled });
}
