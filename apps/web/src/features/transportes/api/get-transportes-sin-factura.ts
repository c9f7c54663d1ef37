import type { TransportesSinFacturaPage } from '@extranet/contracts/transportes/documentos-pendientes';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { SubirFacturasFilters } from '../upload-filters';
import { pendientesParams } from './get-albaranes-pendientes';

/** Rows per keyset page of the invoice upload list. */
export const SIN_FACTURA_PAGE_SIZE = 100;

/** GET /api/proveedores/transportes-sin-factura: delivered transports not invoiced yet. */
export function getTransportesSinFactura(
  filters: SubirFacturasFilters,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<TransportesSinFacturaPage> {
  const params = pendientesParams(filters);
  if (cursor) params.set('cursor', cursor);
  params.set('limit', String(SIN_FACTURA_PAGE_SIZE));
  return apiRequest<TransportesSinFacturaPage>(
    'GET',
    `/api/proveedores/transportes-sin-factura?${params}`,
    { signal },
  );
}

/** Prefix of every "sin factura" list (what an invoice upload invalidates). */
export const SIN_FACTURA_KEY = ['proveedores', 'transportes-sin-factura'] as const;

export function transportesSinFacturaQueryOptions(filters: SubirFacturasFilters) {
  return infiniteQueryOptions({
    queryKey: [...SIN_FACTURA_KEY, filters],
    queryFn: ({ pageParam, signal }) => getTransportesSinFactura(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** Transports still to invoice, page after page. */
export function useTransportesSinFactura(filters: SubirFacturasFilters) {
  return useInfiniteQuery(transportesSinFacturaQueryOptions(filters));
}
