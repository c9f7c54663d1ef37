import type { PrevencionList } from '@extranet/contracts/prevencion/prevencion';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/proveedores/prevencion: published documents with this carrier's reading date. */
export function getPrevencion(signal?: AbortSignal): Promise<PrevencionList> {
  return apiRequest<PrevencionList>('GET', '/api/proveedores/prevencion', { signal });
}

export function prevencionQueryOptions() {
  return queryOptions({
    queryKey: ['proveedores', 'prevencion'],
    queryFn: ({ signal }) => getPrevencion(signal),
  });
}

/** The risk-prevention documents, newest first. */
export function usePrevencion() {
  return useQuery(prevencionQueryOptions());
}
