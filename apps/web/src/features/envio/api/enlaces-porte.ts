import type { EnlacePorteNuevo } from '@extranet/contracts/envio/envio';
import {
  createEnlacePorte,
  listEnlacesPorte,
  revokeEnlacePorte,
} from '@extranet/contracts/envio/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointKey, endpointQuery } from '../../../lib/endpoint-client';

/** The shared links of a shipment, newest first (issue 19). */
export function useEnlacesPorte(partida: string) {
  return useQuery(endpointQuery(listEnlacesPorte, { params: { partida } }));
}

function useInvalidateEnlaces(partida: string) {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      queryKey: endpointKey(listEnlacesPorte, { params: { partida } }),
    });
}

/** Creates a link of the shipment (its URL comes back once). */
export function useCreateEnlacePorte(partida: string) {
  const invalidate = useInvalidateEnlaces(partida);
  return useMutation({
    mutationFn: (body: Partial<EnlacePorteNuevo>) =>
      callEndpoint(createEnlacePorte, { params: { partida }, body }),
    onSuccess: invalidate,
  });
}

/** Revokes a link: its page stops opening at once. */
export function useRevokeEnlacePorte(partida: string) {
  const invalidate = useInvalidateEnlaces(partida);
  return useMutation({
    mutationFn: (id: number) => callEndpoint(revokeEnlacePorte, { params: { id } }),
    onSuccess: invalidate,
  });
}
