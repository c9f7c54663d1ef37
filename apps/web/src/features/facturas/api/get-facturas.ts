import type { FacturaEstado, FacturasPage } from '@extranet/contracts/facturas/factura';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Rows per keyset page. */
export const FACTURAS_PAGE_SIZE = 100;

/** GET /api/clientes/facturas?estado=: one keyset page of the client's invoices. */
export function getFacturas(
  estado: FacturaEstado | undefined,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<FacturasPage> {
  const params = new URLSearchParams({ limit: String(FACTURAS_PAGE_SIZE) });
  if (estado) params.set('estado', estado);
  if (cursor) params.set('cursor', cursor);
  return apiRequest<FacturasPage>('GET', `/api/clientes/facturas?${params}`, { signal });
}

export function facturasQueryOptions(estado: FacturaEstado | undefined) {
  return infiniteQueryOptions({
    queryKey: ['clientes', 'facturas', 'list', estado ?? 'todas'],
    queryFn: ({ pageParam, signal }) => getFacturas(estado, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The client's invoices with that payment state (all without one), page after page. */
export function useFacturas(estado: FacturaEstado | undefined) {
  return useInfiniteQuery(facturasQueryOptions(estado));
}
