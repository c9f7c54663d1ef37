import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateCargas } from './crear-oferta';

/** POST /api/proveedores/cargas/:id/descartar: the load leaves the list. */
export function descartarCarga(cargaId: number): Promise<void> {
  return apiRequest<void>('POST', `/api/proveedores/cargas/${cargaId}/descartar`, { body: {} });
}

export function useDescartarCarga() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cargaId: number) => descartarCarga(cargaId),
    onSettled: () => invalidateCargas(queryClient),
  });
}
