import type { BusquedaCargaCrear } from '@extranet/contracts/cargas/busqueda';
import {
  createBusquedaCarga,
  deleteBusquedaCarga,
  listBusquedasCargas,
} from '@extranet/contracts/cargas/endpoints';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointKey, endpointPages } from '../../../lib/endpoint-client';

/** The user's saved load searches (at most 20, one page). */
export function useBusquedas(enabled = true) {
  return useInfiniteQuery({
    ...endpointPages(listBusquedasCargas, { query: { limit: 50 } }),
    enabled,
  });
}

export function useGuardarBusqueda() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BusquedaCargaCrear) => callEndpoint(createBusquedaCarga, { body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: endpointKey(listBusquedasCargas) }),
  });
}

export function useBorrarBusqueda() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(deleteBusquedaCarga, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: endpointKey(listBusquedasCargas) }),
  });
}
