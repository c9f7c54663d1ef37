import { withdrawOferta } from '@extranet/contracts/cargas/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client';
import { invalidateCargas } from './crear-oferta';

export function retirarOferta(ofertaId: number) {
  return callEndpoint(withdrawOferta, { params: { id: ofertaId } });
}

export function useRetirarOferta() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ofertaId: number) => retirarOferta(ofertaId),
    onSettled: () => invalidateCargas(queryClient),
  });
}
