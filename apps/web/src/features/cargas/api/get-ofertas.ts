import type { OfertaEstado } from '@extranet/contracts/cargas/carga';
import { listOfertas } from '@extranet/contracts/cargas/endpoints';
import { useInfiniteQuery } from '@tanstack/react-query';
import { endpointPages } from '../../../lib/endpoint-client';

export function ofertasQueryOptions(estado: OfertaEstado | undefined) {
  return endpointPages(listOfertas, { query: { estado, limit: 100 } });
}

/** "Mis ofertas" (newest first, optionally by status), page after page. */
export function useOfertas(estado: OfertaEstado | undefined, enabled: boolean) {
  return useInfiniteQuery({ ...ofertasQueryOptions(estado), enabled });
}
