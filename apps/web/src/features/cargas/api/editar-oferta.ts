import type { OfertaEditar } from '@extranet/contracts/cargas/oferta';
import { updateOferta } from '@extranet/contracts/cargas/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client';
import { invalidateCargas } from './crear-oferta';

/** New price and/or comment of a pending offer. */
export function editarOferta(ofertaId: number, body: OfertaEditar) {
  return callEndpoint(updateOferta, { params: { id: ofertaId }, body });
}

export function useEditarOferta() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ofertaId, body }: { ofertaId: number; body: OfertaEditar }) =>
      editarOferta(ofertaId, body),
    onSettled: () => invalidateCargas(queryClient),
  });
}
