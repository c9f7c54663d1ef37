import type { VehiculosMapa } from '@extranet/contracts/vehiculos/vehiculo';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/proveedores/vehiculos/mapa: active vehicles with a known position (max 500). */
export function getVehiculosMapa(signal?: AbortSignal): Promise<VehiculosMapa> {
  return apiRequest<VehiculosMapa>('GET', '/api/proveedores/vehiculos/mapa', { signal });
}

export function vehiculosMapaQueryOptions() {
  return queryOptions({
    queryKey: ['proveedores', 'vehiculos', 'mapa'],
    queryFn: ({ signal }) => getVehiculosMapa(signal),
  });
}

/** The availability map's vehicles; only fetched while `enabled`. */
export function useVehiculosMapa(enabled: boolean) {
  return useQuery({ ...vehiculosMapaQueryOptions(), enabled });
}
