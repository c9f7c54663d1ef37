import {
  getAvisosResumen,
  listAvisos,
  markAvisoLeido,
  markAvisosLeidos,
} from '@extranet/contracts/avisos/endpoints';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from '../../../lib/endpoint-client';

/** After a change: the list and the bell's count read again. */
export function invalidateAvisos(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: endpointKey(listAvisos) }),
    queryClient.invalidateQueries({ queryKey: endpointKey(getAvisosResumen) }),
  ]);
}

export function useMarcarAvisoLeido() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(markAvisoLeido, { params: { id } }),
    onSettled: () => invalidateAvisos(queryClient),
  });
}

export function useMarcarAvisosLeidos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(markAvisosLeidos, {}),
    onSettled: () => invalidateAvisos(queryClient),
  });
}
