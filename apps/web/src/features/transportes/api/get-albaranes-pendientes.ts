import { listAlbaranesPendientes } from '@extranet/contracts/transportes/endpoints';
import { useInfiniteQuery } from '@tanstack/react-query';
import { endpointKey, endpointPages } from '../../../lib/endpoint-client';
import type { SubirFacturasFilters } from '../upload-filters';

/** Transports per page of the delivery-note list. */
export const ALBARANES_PAGE_SIZE = 50;

/** Every delivery-note list, whatever its filters (what an upload invalidates). */
export const ALBARANES_KEY = endpointKey(listAlbaranesPendientes);

/** The upload pages' filters as the API's query (spec §2; 0 = all). */
export function pendientesQuery({
  fechaDesde,
  fechaHasta,
  transporteId,
  subpartidaId,
}: SubirFacturasFilters) {
  return { fechaDesde, fechaHasta, transporteId: transporteId ?? 0, subpartidaId };
}

export function albaranesPendientesQueryOptions(filters: SubirFacturasFilters) {
  return endpointPages(listAlbaranesPendientes, {
    query: { ...pendientesQuery(filters), limit: ALBARANES_PAGE_SIZE },
  });
}

/** Transports still missing delivery notes, page after page. */
export function useAlbaranesPendientes(filters: SubirFacturasFilters) {
  return useInfiniteQuery(albaranesPendientesQueryOptions(filters));
}
