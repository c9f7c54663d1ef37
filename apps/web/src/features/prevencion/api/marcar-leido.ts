import type {
  PrevencionDocumento,
  PrevencionList,
} from '@extranet/contracts/prevencion/prevencion';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { prevencionQueryOptions } from './get-prevencion';

/** POST /api/proveedores/prevencion/:id/leido: idempotent, the first date is kept. */
export function marcarLeido(id: number): Promise<PrevencionDocumento> {
  // An empty JSON object: the server refuses a JSON request without a body.
  return apiRequest<PrevencionDocumento>('POST', `/api/proveedores/prevencion/${id}/leido`, {
    body: {},
  });
}

/** Acknowledges a document; the list shows its reading date at once. */
export function useMarcarLeido() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: marcarLeido,
    onSuccess: (documento) => {
      queryClient.setQueryData<PrevencionList>(prevencionQueryOptions().queryKey, (list) =>
        list
          ? { items: list.items.map((item) => (item.id === documento.id ? documento : item)) }
          : list,
      );
    },
  });
}
