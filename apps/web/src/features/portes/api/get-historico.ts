import { exportHistorico } from '@extranet/contracts/portes/endpoints';
import { endpointUrl } from '../../../lib/endpoint-client';
import type { HistoricoPage } from '@extranet/contracts/portes/porte';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { toSearchParams } from './query-params';

/** Filters of the shipment history (planned load date range, inclusive). */
export interface HistoricoFiltros {
  fechaDesde?: string;
  fechaHasta?: string;
}

/**
 * Rows per keyset page (the server allows up to 200): two to three screens of the virtualised
 * table, so the first rows come in half the time and bytes of a 100-row page.
 */
export const HISTORICO_PAGE_SIZE = 50;

/** GET /api/clientes/historico: one keyset page of delivered shipments. */
export function getHistorico(
  filtros: HistoricoFiltros,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<HistoricoPage> {
  const params = toSearchParams({ ...filtros, cursor, limit: String(HISTORICO_PAGE_SIZE) });
  return apiRequest<HistoricoPage>('GET', `/api/clientes/historico?${params}`, { signal });
}

/** URLs of the server's export (CSV, XLSX) of the whole history with these filters. */
export function historicoExportUrls(filtros: HistoricoFiltros) {
  return {
    csv: endpointUrl(exportHistorico.csv, { query: filtros }),
    xlsx: endpointUrl(exportHistorico.xlsx, { query: filtros }),
  };
}

export function historicoQueryOptions(filtros: HistoricoFiltros) {
  return infiniteQueryOptions({
    queryKey: ['clientes', 'historico', 'list', filtros],
    queryFn: ({ pageParam, signal }) => getHistorico(filtros, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Delivered shipments in the date range, page after page. */
export function useHistorico(filtros: HistoricoFiltros) {
  return useInfiniteQuery(historicoQueryOptions(filtros));
}
