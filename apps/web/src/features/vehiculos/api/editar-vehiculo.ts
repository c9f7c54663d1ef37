import type { BodyIn } from '@extranet/contracts/common/endpoint';
import { updateVehiculo } from '@extranet/contracts/vehiculos/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client';
import { VEHICULOS_KEY } from './get-vehiculos';

/** Sends only the fields that change. */
export function editarVehiculo(id: number, body: BodyIn<typeof updateVehiculo>) {
  return callEndpoint(updateVehiculo, { params: { id }, body });
}

export function useEditarVehiculo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: BodyIn<typeof updateVehiculo> }) =>
      editarVehiculo(id, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: VEHICULOS_KEY }),
  });
}
