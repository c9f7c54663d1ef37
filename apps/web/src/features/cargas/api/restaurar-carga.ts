import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invalidateCargas } from './crear-oferta';

/** DELETE /api/proveedores/cargas/:id/descartar: the load comes back to the list. */
export function restaurarCarga(cargaId: number): Promise<void> {
  return apiRequest<void>('DELETE', `/api/proveedores/cargas/${cargaId}/descartar`, { body: {} });
}

export function useRestaurarCarga() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (cargaId: number) => restaurarCarga(cargaId),
    onSettled: () => invalidateCargas(queryClient),
  });
}
