import type { OfertaEstado } from '@extranet/contracts/cargas/carga';
import {
  exportCargas,
  exportDescartados,
  exportOfertas,
} from '@extranet/contracts/cargas/endpoints';
import { endpointUrl } from '../../../lib/endpoint-client';
import type { CargasFiltros } from './get-cargas';

/*
 * URLs of the server's exports (CSV, XLSX) of the whole filtered lists, not only the rows
 * already loaded (issue 16 point 5).
 */

/** The load exchange with these filters, in their order. */
export function cargasExportUrls(filtros: CargasFiltros) {
  return {
    csv: endpointUrl(exportCargas.csv, { query: filtros }),
    xlsx: endpointUrl(exportCargas.xlsx, { query: filtros }),
  };
}

/** "Mis ofertas", optionally of one status. */
export function ofertasExportUrls(estado: OfertaEstado | undefined) {
  return {
    csv: endpointUrl(exportOfertas.csv, { query: { estado } }),
    xlsx: endpointUrl(exportOfertas.xlsx, { query: { estado } }),
  };
}

/** The discarded loads. */
export function descartadosExportUrls() {
  return {
    csv: endpointUrl(exportDescartados.csv, {}),
    xlsx: endpointUrl(exportDescartados.xlsx, {}),
  };
}
