import type { CargasMapa } from '@extranet/contracts/cargas/carga';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { toSearchParams, type CargasFiltros } from './get-cargas';

/** GET /api/proveedores/cargas/mapa: the filtered loads with coordinates (at most 500). */
export function getCargasMapa(filters: CargasFiltros, signal?: AbortSignal): Promise<CargasMapa> {
  const { orden: _orden, ...rest } = filters;
  return apiRequest<CargasMapa>('GET', `/api/proveedores/cargas/mapa?${toSearchParams(rest)}`, {
    signal,
  });
}

export function cargasMapaQueryOptions(filters: CargasFiltros) {
  return queryOptions({
    queryKey: ['proveedores', 'cargas', 'mapa', filters],
    queryFn: ({ signal }) => getCargasMapa(filters, signal),
  });
}

/** The loads of the map tab; only fetched while `enabled`. */
export function useCargasMapa(filters: CargasFiltros, enabled: boolean) {
  return useQuery({ ...cargasMapaQueryOptions(filters), enabled });
}
