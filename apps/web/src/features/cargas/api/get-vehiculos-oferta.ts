import type { VehiculosPage } from '@extranet/contracts/vehiculos/vehiculo';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /api/proveedores/vehiculos (first 200 active): the vehicles an offer may name. Its own
 * call here rather than the panel's, because features do not import each other.
 */
export function getVehiculosOferta(signal?: AbortSignal): Promise<VehiculosPage> {
  return apiRequest<VehiculosPage>('GET', '/api/proveedores/vehiculos?activo=true&limit=200', {
    signal,
  });
}

export function vehiculosOfertaQueryOptions() {
  return queryOptions({
    queryKey: ['proveedores', 'vehiculos', 'oferta'],
    queryFn: ({ signal }) => getVehiculosOferta(signal),
    staleTime: 60_000,
  });
}

/** The active vehicles for the offer form; only fetched while `enabled` (the modal is open). */
export function useVehiculosOferta(enabled: boolean) {
  return useQuery({ ...vehiculosOfertaQueryOptions(), enabled, retry: false });
}
