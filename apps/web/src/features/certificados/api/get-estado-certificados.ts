import type { CertificadosBloqueo } from '@extranet/contracts/certificados/certificado';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { CERTIFICADOS_KEY } from './get-certificados';

/** GET /api/proveedores/certificados/estado: whether an expired mandatory certificate blocks. */
export function getEstadoCertificados(signal?: AbortSignal): Promise<CertificadosBloqueo> {
  return apiRequest<CertificadosBloqueo>('GET', '/api/proveedores/certificados/estado', {
    signal,
    // The shell may mount around a session that is ending (logout, an expired link): the
    // guard handles sign-in, and a 401 here must not yank the browser to the login page.
    redirectOn401: false,
  });
}

export function estadoCertificadosQueryOptions() {
  return queryOptions({
    // The same key the load exchange's offer block uses: one request, one cache entry.
    queryKey: [...CERTIFICADOS_KEY, 'estado'],
    queryFn: ({ signal }) => getEstadoCertificados(signal),
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
