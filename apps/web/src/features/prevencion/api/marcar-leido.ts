import { markPrevencionLeido } from '@extranet/contracts/prevencion/endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client';
import { prevencionQueryOptions } from './get-prevencion';

/** Idempotent: the first reading date is kept. */
export function marcarLeido(id: number) {
  return callEndpoint(markPrevencionLeido, { params: { id } });
}

/** Acknowledges a document; the list shows its reading date at once. */
export function useMarcarLeido() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: marcarLeido,
    onSuccess: (documento) => {
      queryClient.setQueryData(prevencionQueryOptions().queryKey, (list) =>
        list
          ? { items: list.items.map((item) => (item.id === documento.id ? documento : item)) }
          : list,
      );
    },
  });
}
