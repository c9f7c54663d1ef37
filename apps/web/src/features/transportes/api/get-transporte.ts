import type { TransporteDetalle } from '@extranet/contracts/transportes/transporte';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/proveedores/transportes/:id: the transport with its subpartidas and CMRs. */
export function getTransporte(id: number, signal?: AbortSignal): Promise<TransporteDetalle> {
  return apiRequest<TransporteDetalle>('GET', `/api/proveedores/transportes/${id}`, { signal });
}

export function transporteQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['proveedores', 'transportes', 'detalle', id],
    queryFn: ({ signal }) => getTransporte(id, signal),
  });
}

/** One transport's detail (the expandable row of the history). */
export function useTransporte(id: number) {
  return useQuery(transporteQueryOptions(id));
}
