import type { FacturaProveedorDetalle } from '@extranet/contracts/facturas-proveedor/factura-proveedor';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/proveedores/facturas/:id: the invoice, the transports it covers and its file. */
export function getFactura(id: number, signal?: AbortSignal): Promise<FacturaProveedorDetalle> {
  return apiRequest<FacturaProveedorDetalle>('GET', `/api/proveedores/facturas/${id}`, { signal });
}

export function facturaQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['proveedores', 'facturas', 'detalle', id],
    queryFn: ({ signal }) => getFactura(id, signal),
  });
}

/** One invoice's detail (the expandable row of the history). */
export function useFactura(id: number) {
  return useQuery(facturaQueryOptions(id));
}
