import { listVehiculos } from '@extranet/contracts/vehiculos/endpoints';
import { useInfiniteQuery } from '@tanstack/react-query';
import { endpointPages } from '../../../lib/endpoint-client';

/**
 * The first 200 active vehicles: the ones an offer may name. Built here rather than imported
 * from the panel, because features do not import each other; the same definition and query
 * give the panel's key, so both share one cached list (hence pages, not a single read).
 */
export function vehiculosOfertaQueryOptions() {
  return endpointPages(listVehiculos, { query: { activo: true, limit: 200 } });
}

/** The active vehicles for the offer form; only fetched while `enabled` (the modal is open). */
export function useVehiculosOferta(enabled: boolean) {
  return useInfiniteQuery({
    ...vehiculosOfertaQueryOptions(),
    select: (data) => data.pages[0],
    staleTime: 60_000,
    enabled,
    retry: false,
  });
}
