import type { QueryOut } from '@extranet/contracts/common/endpoint';
import { exportHistorico, listHistorico } from '@extranet/contracts/portes/endpoints';
import { useInfiniteQuery } from '@tanstack/react-query';
import { endpointPages, endpointUrl } from '../../../lib/endpoint-client';

/** Filters of the shipment history (planned load date range, inclusive). */
export type HistoricoFiltros = QueryOut<typeof exportHistorico.csv>;

/**
 * Rows per keyset page (the server allows up to 200): two to three screens of the virtualised
 * table, so the first rows come in half the time and bytes of a 100-row page.
 */
export const HISTORICO_PAGE_SIZE = 50;

/** URLs of the server's export (CSV, XLSX) of the whole history with these filters. */
export function historicoExportUrls(filtros: HistoricoFiltros) {
  return {
    csv: endpointUrl(exportHistorico.csv, { query: filtros }),
    xlsx: endpointUrl(exportHistorico.xlsx, { query: filtros }),
  };
}

export function historicoQueryOptions(filtros: HistoricoFiltros) {
  return endpointPages(listHistorico, { query: { ...filtros, limit: HISTORICO_PAGE_SIZE } });
}

/** Delivered shipments in the date range, page after page. */
export function useHistorico(filtros: HistoricoFiltros) {
  return useInfiniteQuery(historicoQueryOptions(filtros));
}
