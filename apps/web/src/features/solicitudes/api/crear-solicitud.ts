import { createSolicitud, listSolicitudes } from '@extranet/contracts/solicitudes/endpoints';
import type { SolicitudCrear } from '@extranet/contracts/solicitudes/solicitud';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from '../../../lib/endpoint-client';

/** Sends a transport request (the operators get an e-mail); the past requests refetch. */
export function useCrearSolicitud() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SolicitudCrear) => callEndpoint(createSolicitud, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointKey(listSolicitudes) }),
  });
}
