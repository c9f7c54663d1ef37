import { transportesParams, type TransportesFiltros } from './get-transportes';

/**
 * URL of GET /api/proveedores/transportes/export.csv with the history's filters: the browser
 * downloads the whole filtered set (streamed by the server), not only the loaded rows.
 */
export function transportesExportUrl(filtros: TransportesFiltros): string {
  const params = transportesParams(filtros).toString();
  return `/api/proveedores/transportes/export.csv${params ? `?${params}` : ''}`;
}
