import type { Vehiculo } from '@extranet/contracts/vehiculos/vehiculo';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/proveedores/vehiculos/:id/desactivar: it leaves the panel and the map. */
export function desactivarVehiculo(id: number): Promise<Vehiculo> {
  // An empty JSON object: the server refuses an empty JSON body.
  return apiRequest<Vehiculo>('POST', `/api/proveedores/vehiculos/${id}/desactivar`, { body: {} });
}

export function useDesactivarVehiculo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: desactivarVehiculo,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['proveedores', 'vehiculos'] }),
  });
}
