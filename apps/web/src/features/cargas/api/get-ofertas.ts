import type { OfertaEstado } from '@extranet/contracts/cargas/carga';
import type { OfertasPage } from '@extranet/contracts/cargas/oferta';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { toSearchParams } from './get-cargas';

/** GET /api/proveedores/ofertas: the carrier's offers, newest first, optionally by status. */
export function getOfertas(
  estado: OfertaEstado | undefined,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<OfertasPage> {
  const params = toSearchParams({ estado, cursor, limit: '100' });
  return apiRequest<OfertasPage>('GET', `/api/proveedores/ofertas?${params}`, { signal });
}

export function ofertasQueryOptions(estado: OfertaEstado | undefined) {
  return infiniteQueryOptions({
    queryKey: ['proveedores', 'ofertas', { estado }],
    queryFn: ({ pageParam, signal }) => getOfertas(estado, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** "Mis ofertas", page after page. */
export function useOfertas(estado: OfertaEstado | undefined, enabled: boolean) {
  return useInfiniteQuery({ ...ofertasQueryOptions(estado), enabled });
}
