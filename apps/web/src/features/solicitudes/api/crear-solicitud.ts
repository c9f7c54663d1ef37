import type { Solicitud, SolicitudCrear } from '@extranet/contracts/solicitudes/solicitud';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/clientes/solicitudes: sends a transport request (the operators get an e-mail). */
export function crearSolicitud(body: SolicitudCrear): Promise<Solicitud> {
  return apiRequest<Solicitud>('POST', '/api/clientes/solicitudes', { body });
}

/** Sends a request; the list of past requests refetches afterwards. */
export function useCrearSolicitud() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: crearSolicitud,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['clientes', 'solicitudes'] }),
  });
}
