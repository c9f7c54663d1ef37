import type { FacturaEstado } from '@extranet/contracts/facturas/factura';
import { listFacturas } from '@extranet/contracts/facturas/endpoints';
import { useInfiniteQuery } from '@tanstack/react-query';
import { endpointPages } from '../../../lib/endpoint-client';

/** Rows per keyset page. */
export const FACTURAS_PAGE_SIZE = 100;

export function facturasQueryOptions(estado: FacturaEstado | undefined) {
  return endpointPages(listFacturas, { query: { estado, limit: FACTURAS_PAGE_SIZE } });
}

/** The client's invoices with that payment state (all without one), page after page. */
export function useFacturas(estado: FacturaEstado | undefined) {
  return useInfiniteQuery(facturasQueryOptions(estado));
}
