import { getCertificadosEstado } from '@extranet/contracts/certificados/endpoints';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/endpoint-client';

/** Whether an expired certificate blocks offers; its key is the one the certificates use too. */
export function bloqueoOfertasQueryOptions() {
  return queryOptions({ ...endpointQuery(getCertificadosEstado, {}), staleTime: 60_000 });
}

/** The offer block; a failure (e.g. the endpoint not deployed) just means "no warning". */
export function useBloqueoOfertas() {
  return useQuery({ ...bloqueoOfertasQueryOptions(), retry: false });
}
