import type { VehiculosPage } from '@extranet/contracts/vehiculos/vehiculo';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/proveedores/vehiculos: the carrier's active vehicles by plate, keyset-paged. */
export function getVehiculos(
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<VehiculosPage> {
  const params = new URLSearchParams({ activo: 'true', limit: '200' });
  if (cursor) params.set('cursor', cursor);
  return apiRequest<VehiculosPage>('GET', `/api/proveedores/vehiculos?${params}`, { signal });
}

export function vehiculosQueryOptions() {
  return infiniteQueryOptions({
    queryKey: ['proveedores', 'vehiculos', 'panel'],
    queryFn: ({ pageParam, signal }) => getVehiculos(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The vehicle panel's rows, page after page. */
export function useVehiculos() {
  return useInfiniteQuery(vehiculosQueryOptions());
}
