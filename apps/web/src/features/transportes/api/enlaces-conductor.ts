import {
  createEnlaceConductor,
  listEnlacesConductor,
  revokeEnlaceConductor,
} from '@extranet/contracts/conductor/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointKey, endpointQuery } from '../../../lib/endpoint-client';

/** The driver links of a transport, newest first (issue 17). */
export function useEnlacesConductor(transporteId: number) {
  return useQuery(endpointQuery(listEnlacesConductor, { params: { id: transporteId } }));
}

/** Creates the transport's driver link (the server revokes the previous one). */
export function useCreateEnlaceConductor(transporteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(createEnlaceConductor, { params: { id: transporteId } }),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: endpointKey(listEnlacesConductor, { params: { id: transporteId } }),
      }),
  });
}

/** Revokes a driver link: the driver's page stops working at once. */
export function useRevokeEnlaceConductor(transporteId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(revokeEnlaceConductor, { params: { id } }),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: endpointKey(listEnlacesConductor, { params: { id: transporteId } }),
      }),
  });
}
