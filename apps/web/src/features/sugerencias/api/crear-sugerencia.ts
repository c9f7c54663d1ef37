import { createSugerencia, listSugerencias } from '@extranet/contracts/sugerencias/endpoints';
import type { SugerenciaCrear } from '@extranet/contracts/sugerencias/sugerencia';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from '../../../lib/endpoint-client';

/** Sends a suggestion; the list refetches afterwards. */
export function useCrearSugerencia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SugerenciaCrear) => callEndpoint(createSugerencia, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointKey(listSugerencias) }),
  });
}
