import { discardCarga } from '@extranet/contracts/cargas/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client';
import { invalidateCargas } from './crear-oferta';

/** The load leaves the list. */
export function descartarCarga(cargaId: number) {
  return callEndpoint(discardCarga, { params: { id: cargaId } });
}

export function useDescartarCarga() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cargaId: number) => descartarCarga(cargaId),
    onSettled: () => invalidateCargas(queryClient),
  });
}
