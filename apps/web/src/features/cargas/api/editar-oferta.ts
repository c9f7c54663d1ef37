import type { Oferta, OfertaEditar } from '@extranet/contracts/cargas/oferta';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateCargas } from './crear-oferta';

/** PATCH /api/proveedores/ofertas/:id: new price and/or comment of a pending offer. */
export function editarOferta(ofertaId: number, body: OfertaEditar): Promise<Oferta> {
  return apiRequest<Oferta>('PATCH', `/api/proveedores/ofertas/${ofertaId}`, { body });
}

export function useEditarOferta() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ofertaId, body }: { ofertaId: number; body: OfertaEditar }) =>
      editarOferta(ofertaId, body),
    onSettled: () => invalidateCargas(queryClient),
  });
}
