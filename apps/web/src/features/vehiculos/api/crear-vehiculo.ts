import type { Vehiculo, VehiculoCrear } from '@extranet/contracts/vehiculos/vehiculo';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/proveedores/vehiculos. */
export function crearVehiculo(body: VehiculoCrear): Promise<Vehiculo> {
  return apiRequest<Vehiculo>('POST', '/api/proveedores/vehiculos', { body });
}

/** Adds a vehicle; the panel and the map refetch. */
export function useCrearVehiculo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: crearVehiculo,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['proveedores', 'vehiculos'] }),
  });
}
