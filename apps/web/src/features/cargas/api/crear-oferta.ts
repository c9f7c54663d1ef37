import type { OfertaCrear } from '@extranet/contracts/cargas/oferta';
import {
  createOferta,
  listCargas,
  listDescartados,
  listOfertas,
} from '@extranet/contracts/cargas/endpoints';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from '../../../lib/endpoint-client';

export function crearOferta(cargaId: number, body: OfertaCrear) {
  return callEndpoint(createOferta, { params: { id: cargaId }, body });
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

/** Everything an offer or a discard changes: the loads (list, map, detail), offers, discards. */
export function invalidateCargas(queryClient: QueryClient) {
  return Promise.all(
    [listCargas, listOfertas, listDescartados].map((definition) =>
      queryClient.invalidateQueries({ queryKey: endpointKey(definition) }),
    ),
  );
}
