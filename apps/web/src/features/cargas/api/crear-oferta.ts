import type { Oferta, OfertaCrear } from '@extranet/contracts/cargas/oferta';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/proveedores/cargas/:id/ofertas. */
export function crearOferta(cargaId: number, body: OfertaCrear): Promise<Oferta> {
  return apiRequest<Oferta>('POST', `/api/proveedores/cargas/${cargaId}/ofertas`, { body });
}

/** Makes an offer; the load list and "Mis ofertas" refetch afterwards. */
export function useCrearOferta() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ cargaId, body }: { cargaId: number; body: OfertaCrear }) =>
      crearOferta(cargaId, body),
    onSettled: () => invalidateCargas(queryClient),
  });
}

/** Everything an offer or a discard changes. */
export function invalidateCargas(queryClient: ReturnType<typeof useQueryClient>) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['proveedores', 'cargas'] }),
    queryClient.invalidateQueries({ queryKey: ['proveedores', 'ofertas'] }),
    queryClient.invalidateQueries({ queryKey: ['proveedores', 'descartados'] }),
  ]);
}
