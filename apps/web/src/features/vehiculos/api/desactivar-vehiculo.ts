import { deactivateVehiculo } from '@extranet/contracts/vehiculos/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client';
import { VEHICULOS_KEY } from './get-vehiculos';

/** The vehicle leaves the panel and the map. */
export function desactivarVehiculo(id: number) {
  return callEndpoint(deactivateVehiculo, { params: { id } });
}

export function useDesactivarVehiculo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: desactivarVehiculo,
    onSettled: () => queryClient.invalidateQueries({ queryKey: VEHICULOS_KEY }),
  });
}
