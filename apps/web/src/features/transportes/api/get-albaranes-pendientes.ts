import type { AlbaranesPendientesPage } from '@extranet/contracts/transportes/documentos-pendientes';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { SubirFacturasFilters } from '../upload-filters';

/** Transports per page of the delivery-note list. */
export const ALBARANES_PAGE_SIZE = 50;

/** The upload pages' filters as the API's query (spec §2; 0 = all). */
export function pendientesParams(filters: SubirFacturasFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.fechaDesde) params.set('fechaDesde', filters.fechaDesde);
  if (filters.fechaHasta) params.set('fechaHasta', filters.fechaHasta);
  params.set('transporteId', String(filters.transporteId ?? 0));
  params.set('subpartidaId', String(filters.subpartidaId));
  return params;
}

/** GET /api/proveedores/albaranes-pendientes: transports with the legs missing their CMR. */
export function getAlbaranesPendientes(
  filters: SubirFacturasFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<AlbaranesPendientesPage> {
  const params = pendientesParams(filters);
  if (cursor) params.set('cursor', cursor);
  params.set('limit', String(ALBARANES_PAGE_SIZE));
  return apiRequest<AlbaranesPendientesPage>(
    'GET',
    `/api/proveedores/albaranes-pendientes?${params}`,
    { signal },
  );
}

/** Prefix of every delivery-note list, whatever its filters (what an upload invalidates). */
export const ALBARANES_KEY = ['proveedores', 'albaranes-pendientes'] as const;

export function albaranesPendientesQueryOptions(filters: SubirFacturasFilters) {
  const { fechaDesde, fechaHasta, transporteId, subpartidaId } = filters;
  return infiniteQueryOptions({
    queryKey: [...ALBARANES_KEY, { fechaDesde, fechaHasta, transporteId, subpartidaId }],
    queryFn: ({ pageParam, signal }) => getAlbaranesPendientes(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Transports still missing delivery notes, page after page. */
export function useAlbaranesPendientes(filters: SubirFacturasFilters) {
  return useInfiniteQuery(albaranesPendientesQueryOptions(filters));
}
