import { getTransporte } from '@extranet/contracts/transportes/endpoints';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/endpoint-client';

export function transporteQueryOptions(id: number) {
  return endpointQuery(getTransporte, { params: { id } });
}

/** One transport's detail (the expandable row of the history). */
export function useTransporte(id: number) {
  return useQuery(transporteQueryOptions(id));
}
