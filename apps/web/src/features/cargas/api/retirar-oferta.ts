import type { Oferta } from '@extranet/contracts/cargas/oferta';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateCargas } from './crear-oferta';

/** POST /api/proveedores/ofertas/:id/retirar. */
export function retirarOferta(ofertaId: number): Promise<Oferta> {
  return apiRequest<Oferta>('POST', `/api/proveedores/ofertas/${ofertaId}/retirar`, {
    // An empty JSON object: the server refuses an empty JSON body.
    body: {},
  });
}

export function useRetirarOferta() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ofertaId: number) => retirarOferta(ofertaId),
    onSettled: () => invalidateCargas(queryClient),
  });
}
