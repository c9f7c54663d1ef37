import { listVehiculosMapa } from '@extranet/contracts/vehiculos/endpoints';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../lib/endpoint-client';

/** Active vehicles with a known position (at most 500). */
export function vehiculosMapaQueryOptions() {
  return endpointQuery(listVehiculosMapa, {});
}

/** The availability map's vehicles; only fetched while `enabled`. */
export function useVehiculosMapa(enabled: boolean) {
  return useQuery({ ...vehiculosMapaQueryOptions(), enabled });
}
