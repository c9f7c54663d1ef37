import type { PreferenciaAviso } from '@extranet/contracts/avisos/aviso';
import {
  getPreferenciasAvisos,
  updatePreferenciasAvisos,
} from '@extranet/contracts/avisos/endpoints';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointKey, endpointQuery } from '../../../lib/endpoint-client';

export function usePreferenciasAvisos() {
  return useQuery(endpointQuery(getPreferenciasAvisos, {}));
}

/** Saves one kind's channels; the answer (every kind) replaces the cached preferences. */
export function useGuardarPreferenciaAviso() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (item: PreferenciaAviso) =>
      callEndpoint(updatePreferenciasAvisos, { body: { items: [item] } }),
    onSuccess: (data) => queryClient.setQueryData(endpointKey(getPreferenciasAvisos, {}), data),
  });
}
