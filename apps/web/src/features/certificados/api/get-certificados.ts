import type { CertificadosList } from '@extranet/contracts/certificados/certificado';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/proveedores/certificados: status, current version and history per type. */
export function getCertificados(signal?: AbortSignal): Promise<CertificadosList> {
  return apiRequest<CertificadosList>('GET', '/api/proveedores/certificados', { signal });
}

/** Prefix of every certificates query (list and block status): what an upload refreshes. */
export const CERTIFICADOS_KEY = ['proveedores', 'certificados'] as const;

export function certificadosQueryOptions() {
  return queryOptions({
    queryKey: [...CERTIFICADOS_KEY, 'list'],
    queryFn: ({ signal }) => getCertificados(signal),
  });
}

/** The carrier's certificates per type. */
export function useCertificados() {
  return useQuery(certificadosQueryOptions());
}
