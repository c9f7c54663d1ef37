import type { Idioma } from '@extranet/contracts/auth/constants';
import { updatePreferenciasUsuario } from '@extranet/contracts/usuario/endpoints';
import type { Preferencias } from '@extranet/contracts/usuario/preferencias';
import type { AuthSession } from '@extranet/contracts/auth/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-client';
import { authSessionQueryOptions } from './get-auth-session';

/** `PATCH /api/usuario/preferencias`: remembers the user's language on the server. */
export function updatePreferencias(idioma: Idioma): Promise<Preferencias> {
  return callEndpoint(updatePreferenciasUsuario, { body: { idioma } });
}

/** Saves the language and keeps the cached session in step, so it is not applied back. */
export function useUpdateIdioma() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferencias,
    onSuccess: ({ idioma }) => {
      queryClient.setQueryData<AuthSession>(authSessionQueryOptions.queryKey, (session) =>
        session ? { ...session, idioma } : session,
      );
    },
  });
}
