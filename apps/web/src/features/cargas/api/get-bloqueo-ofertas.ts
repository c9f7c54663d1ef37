import type { CertificadosBloqueo } from '@extranet/contracts/certificados/certificado';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/proveedores/certificados/estado: whether an expired certificate blocks offers. */
export function getBloqueoOfertas(signal?: AbortSignal): Promise<CertificadosBloqueo> {
  return apiRequest<CertificadosBloqueo>('GET', '/api/proveedores/certificados/estado', {
    signal,
  });
}

export function bloqueoOfertasQueryOptions() {
  return queryOptions({
    // Same key the certificates page may use, so a renewal there refreshes this warning.
    queryKey: ['proveedores', 'certificados', 'estado'],
    queryFn: ({ signal }) => getBloqueoOfertas(signal),
    staleTime: 60_000,
  });
}

/** The offer block; a failure (e.g. the endpoint not deployed) just means "no warning". */
export function useBloqueoOfertas() {
  return useQuery({ ...bloqueoOfertasQueryOptions(), retry: false });
}
