import type { Sugerencia, SugerenciaCrear } from '@extranet/contracts/sugerencias/sugerencia';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/clientes/sugerencias. */
export function crearSugerencia(body: SugerenciaCrear): Promise<Sugerencia> {
  return apiRequest<Sugerencia>('POST', '/api/clientes/sugerencias', { body });
}

/** Sends a suggestion; the list refetches afterwards. */
export function useCrearSugerencia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: crearSugerencia,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['clientes', 'sugerencias'] }),
  });
}
