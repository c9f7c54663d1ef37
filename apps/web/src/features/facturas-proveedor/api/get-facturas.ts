import type { QueryOut } from '@extranet/contracts/common/endpoint';
import { listFacturasProveedor } from '@extranet/contracts/facturas-proveedor/endpoints';
import { useInfiniteQuery } from '@tanstack/react-query';
import { endpointPages } from '../../../lib/endpoint-client';

/** Filters of the invoice history (issue dates, status). */
export type FacturasFiltros = Omit<QueryOut<typeof listFacturasProveedor>, 'cursor' | 'limit'>;

/** Rows per keyset page. */
export const FACTURAS_PAGE_SIZE = 100;

export function facturasQueryOptions(filtros: FacturasFiltros) {
  return endpointPages(listFacturasProveedor, {
    query: { ...filtros, limit: FACTURAS_PAGE_SIZE },
  });
}

/** The invoice history matching `filtros`, page after page. */
export function useFacturas(filtros: FacturasFiltros) {
  return useInfiniteQuery(facturasQueryOptions(filtros));
}
