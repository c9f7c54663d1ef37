import { exportTransportes } from '@extranet/contracts/transportes/endpoints';
import { endpointUrl } from '../../../lib/endpoint-client';
import type { TransportesFiltros } from './get-transportes';

/**
 * URL of the history's CSV export with its filters: the browser downloads the whole filtered
 * set (streamed by the server), not only the loaded rows.
 */
export function transportesExportUrl(filtros: TransportesFiltros): string {
  return endpointUrl(exportTransportes, { query: filtros });
}
