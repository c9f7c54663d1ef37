import { listCargasMapa } from '@extranet/contracts/cargas/endpoints';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/endpoint-client';
import type { CargasFiltros } from './get-cargas';

/** The list's filters without its order: the filtered loads with coordinates (at most 500). */
export function cargasMapaQueryOptions({ orden: _orden, ...filters }: CargasFiltros) {
  return endpointQuery(listCargasMapa, { query: filters });
}

/** The loads of the map tab; only fetched while `enabled`. */
export function useCargasMapa(filters: CargasFiltros, enabled: boolean) {
  return useQuery({ ...cargasMapaQueryOptions(filters), enabled });
}
