import { listPrevencion } from '@extranet/contracts/prevencion/endpoints';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/endpoint-client';

/** Published documents with this carrier's reading date. */
export function prevencionQueryOptions() {
  return endpointQuery(listPrevencion, {});
}

/** The risk-prevention documents, newest first. */
export function usePrevencion() {
  return useQuery(prevencionQueryOptions());
}
