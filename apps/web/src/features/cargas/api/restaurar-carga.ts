import { restoreCarga } from '@extranet/contracts/cargas/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client';
import { invalidateCargas } from './crear-oferta';

/** The load comes back to the list. */
export function restaurarCarga(cargaId: number) {
  return callEndpoint(restoreCarga, { params: { id: cargaId } });
}

export function useRestaurarCarga() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cargaId: number) => restaurarCarga(cargaId),
    onSettled: () => invalidateCargas(queryClient),
  });
}
