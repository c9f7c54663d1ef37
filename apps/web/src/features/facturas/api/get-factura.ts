import type { FacturaDetalle } from '@extranet/contracts/facturas/factura';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/clientes/facturas/:id: the invoice with its lines. */
export function getFactura(id: number, signal?: AbortSignal): Promise<FacturaDetalle> {
  return apiRequest<FacturaDetalle>('GET', `/api/clientes/facturas/${id}`, { signal });
}

export function facturaQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['clientes', 'facturas', 'detail', id],
    queryFn: ({ signal }) => getFactura(id, signal),
    // Issued invoices do not change.
    staleTime: 5 * 60_000,
  });
}

/** One invoice and its lines. */
export function useFactura(id: number) {
  return useQuery(facturaQueryOptions(id));
}

/** Where the invoice's PDF downloads from (the server sends it as an attachment). */
export function facturaPdfUrl(id: number): string {
  return `/api/clientes/facturas/${id}/pdf`;
}
