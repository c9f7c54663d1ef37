import { getCertificadosEstado } from '@extranet/contracts/certificados/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint, endpointKey } from '../../../lib/endpoint-client';

/** Whether an expired mandatory certificate blocks offers, and why. */
export function estadoCertificadosQueryOptions() {
  return queryOptions({
    // The same key the load exchange's offer block uses: one request, one cache entry.
    queryKey: endpointKey(getCertificadosEstado, {}),
    queryFn: ({ signal }) =>
      // The shell may mount around a session that is ending (logout, an expired link): the
      // guard handles sign-in, and a 401 here must not yank the browser to the login page.
      callEndpoint(getCertificadosEstado, {}, { signal, redirectOn401: false }),
    staleTime: 60_000,
  });
}

/**
 * The block status for the warning on every supplier page, asked only with a signed-in
 * session (`enabled`); a failure just shows nothing.
 */
export function useEstadoCertificados(enabled = true) {
  return useQuery({ ...estadoCertificadosQueryOptions(), retry: false, enabled });
}
