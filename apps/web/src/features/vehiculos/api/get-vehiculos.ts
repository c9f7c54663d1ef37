import { exportVehiculos, listVehiculos } from '@extranet/contracts/vehiculos/endpoints';
import { useInfiniteQuery } from '@tanstack/react-query';
import { endpointKey, endpointPages, endpointUrl } from '../../../lib/endpoint-client';

/** Every vehicle read (panel, map, one vehicle): what a change refreshes. */
export const VEHICULOS_KEY = endpointKey(listVehiculos);

/** The carrier's active vehicles by plate, keyset-paged. */
export function vehiculosQueryOptions() {
  return endpointPages(listVehiculos, { query: { activo: true, limit: 200 } });
}

/** The vehicle panel's rows, page after page. */
export function useVehiculos() {
  return useInfiniteQuery(vehiculosQueryOptions());
}

/** URLs of the server's export (CSV, XLSX) of every active vehicle, not only the loaded rows. */
export function vehiculosExportUrls() {
  return {
    csv: endpointUrl(exportVehiculos.csv, { query: { activo: true } }),
    xlsx: endpointUrl(exportVehiculos.xlsx, { query: { activo: true } }),
  };
}
