import type { TransporteEstado } from '@extranet/contracts/transportes/transporte';
import type { TransportesFiltros } from './api/get-transportes';
import { parseSubirFacturasFilters } from './upload-filters';

/** Every status, in lifecycle order (the contract's enum, without pulling zod into the page). */
export const TRANSPORTE_ESTADOS: readonly TransporteEstado[] = [
  'asignado',
  'en_transito',
  'entregado',
  'anulado',
];

/**
 * The history's filters from its URL query: the same `desde`, `hasta`, `transporte` names as the
 * upload pages (so links between them read alike), plus `estado`.
 */
export function parseHistoricoQuery(query: URLSearchParams): TransportesFiltros {
  const { fechaDesde, fechaHasta, transporteId } = parseSubirFacturasFilters(query);
  const estado = TRANSPORTE_ESTADOS.find((value) => value === query.get('estado'));
  return {
    ...(fechaDesde ? { fechaDesde } : {}),
    ...(fechaHasta ? { fechaHasta } : {}),
    ...(transporteId ? { transporteId } : {}),
    ...(estado ? { estado } : {}),
  };
}

/** The filters as the page's URL query. */
export function historicoQuery(filtros: TransportesFiltros): URLSearchParams {
  const query = new URLSearchParams();
  if (filtros.fechaDesde) query.set('desde', filtros.fechaDesde);
  if (filtros.fechaHasta) query.set('hasta', filtros.fechaHasta);
  if (filtros.transporteId) query.set('transporte', String(filtros.transporteId));
  if (filtros.estado) query.set('estado', filtros.estado);
  return query;
}
