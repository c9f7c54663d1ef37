import type { AlbaranPendiente } from '@extranet/contracts/transportes/documentos-pendientes';
import type { AlbaranesEntregaFilters, SubirFacturasFilters } from './upload-filters';

/**
 * The upload pages' filters back as their URL query (spec §2 names: desde, hasta, transporte,
 * subpartida, opened); the inverse of `parseAlbaranesEntregaFilters`. Absent and 0 ids are left out.
 */
export function uploadFiltersQuery(
  filters: SubirFacturasFilters | AlbaranesEntregaFilters,
): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.fechaDesde) query.set('desde', filters.fechaDesde);
  if (filters.fechaHasta) query.set('hasta', filters.fechaHasta);
  if (filters.transporteId) query.set('transporte', String(filters.transporteId));
  if (filters.subpartidaId) query.set('subpartida', String(filters.subpartidaId));
  if ('opened' in filters && filters.opened) query.set('opened', String(filters.opened));
  return query;
}

/**
 * The transports open by default (spec §2: "the first is opened by default"). `opened` is a
 * Transporte ID (the history's "Subir albarán" link sets it): that transport opens when it is
 * in the list; otherwise, and without `opened`, the first one does.
 */
export function defaultOpened(transportes: readonly AlbaranPendiente[], opened?: number): string[] {
  const wanted = opened ? transportes.find((t) => t.id === opened) : undefined;
  const first = wanted ?? transportes[0];
  return first ? [String(first.id)] : [];
}
