import { listCertificados } from '@extranet/contracts/certificados/endpoints';
import { useQuery } from '@tanstack/react-query';
import { endpointKey, endpointQuery } from '../../../lib/endpoint-client';

/** Prefix of every certificates query (list and block status): what an upload refreshes. */
export const CERTIFICADOS_KEY = endpointKey(listCertificados);

/** Status, current version and history per type. */
export function certificadosQueryOptions() {
  return endpointQuery(listCertificados, {});
}

/** The carrier's certificates per type. */
export function useCertificados() {
  return useQuery(certificadosQueryOptions());
}
