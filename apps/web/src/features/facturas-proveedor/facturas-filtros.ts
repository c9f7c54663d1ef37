import type { FacturaProveedorEstado } from '@extranet/contracts/facturas-proveedor/factura-proveedor';
import type { FacturasFiltros } from './api/get-facturas';

/** Every invoice status (the contract's enum, without pulling zod into the page). */
export const FACTURA_ESTADOS: readonly FacturaProveedorEstado[] = [
  'recibida',
  'aprobada',
  'pagada',
];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The history's filters from its URL query (`desde`, `hasta`, `estado`); bad values are ignored. */
export function parseFacturasQuery(query: URLSearchParams): FacturasFiltros {
  const desde = query.get('desde');
  const hasta = query.get('hasta');
  const estado = FACTURA_ESTADOS.find((value) => value === query.get('estado'));
  return {
    ...(desde && ISO_DATE.test(desde) ? { fechaDesde: desde } : {}),
    ...(hasta && ISO_DATE.test(hasta) ? { fechaHasta: hasta } : {}),
    ...(estado ? { estado } : {}),
  };
}

/** The filters as the page's URL query. */
export function facturasQuery(filtros: FacturasFiltros): URLSearchParams {
  const query = new URLSearchParams();
  if (filtros.fechaDesde) query.set('desde', filtros.fechaDesde);
  if (filtros.fechaHasta) query.set('hasta', filtros.fechaHasta);
  if (filtros.estado) query.set('estado', filtros.estado);
  return query;
}
