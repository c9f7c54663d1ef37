import type {
  FacturaProveedorEstado,
  FacturasProveedorPage,
} from '@extranet/contracts/facturas-proveedor/factura-proveedor';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Filters of the invoice history (issue dates, status). */
export interface FacturasFiltros {
  fechaDesde?: string;
  fechaHasta?: string;
  estado?: FacturaProveedorEstado;
}

/** Rows per keyset page. */
export const FACTURAS_PAGE_SIZE = 100;

/** GET /api/proveedores/facturas: one keyset page of the carrier's invoices. */
export function getFacturas(
  filtros: FacturasFiltros,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<FacturasProveedorPage> {
  const params = new URLSearchParams();
  if (filtros.fechaDesde) params.set('fechaDesde', filtros.fechaDesde);
  if (filtros.fechaHasta) params.set('fechaHasta', filtros.fechaHasta);
  if (filtros.estado) params.set('estado', filtros.estado);
  if (cursor) params.set('cursor', cursor);
  params.set('limit', String(FACTURAS_PAGE_SIZE));
  return apiRequest<FacturasProveedorPage>('GET', `/api/proveedores/facturas?${params}`, {
    signal,
  });
}

export function facturasQueryOptions(filtros: FacturasFiltros) {
  return infiniteQueryOptions({
    queryKey: ['proveedores', 'facturas', 'list', filtros],
    queryFn: ({ pageParam, signal }) => getFacturas(filtros, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The invoice history matching `filtros`, page after page. */
export function useFacturas(filtros: FacturasFiltros) {
  return useInfiniteQuery(facturasQueryOptions(filtros));
}
