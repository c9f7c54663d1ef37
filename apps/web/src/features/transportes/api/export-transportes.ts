import { exportTransportes } from '@extranet/contracts/transportes/endpoints';
import { endpointUrl } from '../../../lib/endpoint-client';
import type { TransportesFiltros } from './get-transportes';

/**
 * URLs of the history's export (CSV, XLSX) with its filters: the browser downloads the whole
 * filtered set (streamed by the server), not only the loaded rows.
 */
export function transportesExportUrls(filtros: TransportesFiltros) {
  return {
    csv: endpointUrl(exportTransportes.csv, { query: filtros }),
    xlsx: endpointUrl(exportTransportes.xlsx, { query: filtros }),
  };
}
