import type { BodyIn } from '@extranet/contracts/common/endpoint';
import { createVehiculo } from '@extranet/contracts/vehiculos/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client';
import { VEHICULOS_KEY } from './get-vehiculos';

export function crearVehiculo(body: BodyIn<typeof createVehiculo>) {
  return callEndpoint(createVehiculo, { body });
}

/** Adds a vehicle; the panel and the map refetch. */
export function useCrearVehiculo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: crearVehiculo,
    onSettled: () => queryClient.invalidateQueries({ queryKey: VEHICULOS_KEY }),
  });
}
