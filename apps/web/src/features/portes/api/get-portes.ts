import { exportPortes, listPortes } from '@extranet/contracts/portes/endpoints';
import type { PortesOrden, PorteEstadoActivo } from '@extranet/contracts/portes/porte';
import { useInfiniteQuery } from '@tanstack/react-query';
import { endpointPages, endpointUrl } from '../../../lib/endpoint-client';

/** Filters and order of the active shipments, as the page keeps them in the URL. */
export interface PortesFiltros {
  estado?: PorteEstadoActivo;
  fechaDesde?: string;
  fechaHasta?: string;
  origen?: string;
  destino?: string;
  q?: string;
  orden?: PortesOrden;
}

/** Rows per keyset page. */
export const PORTES_PAGE_SIZE = 100;

/** URLs of the server's export (CSV, XLSX) of every active shipment with these filters. */
export function portesExportUrls(filtros: PortesFiltros) {
  const query = { ...filtros, orden: filtros.orden ?? 'fecha_carga_prevista_asc' };
  return {
    csv: endpointUrl(exportPortes.csv, { query }),
    xlsx: endpointUrl(exportPortes.xlsx, { query }),
  };
}

export function portesQueryOptions(filtros: PortesFiltros) {
  return endpointPages(listPortes, {
    // The server's default order, said explicitly: the query is typed as the server parses it.
    query: {
      ...filtros,
      orden: filtros.orden ?? 'fecha_carga_prevista_asc',
      limit: PORTES_PAGE_SIZE,
    },
  });
}

/** The active shipments matching `filtros`, page after page. */
export function usePortes(filtros: PortesFiltros) {
  return useInfiniteQuery(portesQueryOptions(filtros));
}
