import type { Vehiculo, VehiculoEditar } from '@extranet/contracts/vehiculos/vehiculo';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** PATCH /api/proveedores/vehiculos/:id with only the fields that change. */
export function editarVehiculo(id: number, body: VehiculoEditar): Promise<Vehiculo> {
  return apiRequest<Vehiculo>('PATCH', `/api/proveedores/vehiculos/${id}`, { body });
}

export function useEditarVehiculo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: VehiculoEditar }) => editarVehiculo(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['proveedores', 'vehiculos'] }),
  });
}
