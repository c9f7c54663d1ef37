/** Filters of the delivery-note (CMR) upload page, from its query (spec §2, §3). */
export interface AlbaranesEntregaFilters {
  /** `desde`: first day, YYYY-MM-DD. */
  fechaDesde?: string;
  /** `hasta`: last day, YYYY-MM-DD. */
  fechaHasta?: string;
  /** `transporte`. */
  transporteId?: number;
  /** `subpartida`; 0 when absent (spec §2). */
  subpartidaId: number;
  /** `opened`: the transport to open; the first one when absent. */
  opened?: number;
}

/** Filters of the invoice upload page: the same query without `opened` (spec §2). */
export type SubirFacturasFilters = Omit<AlbaranesEntregaFilters, 'opened'>;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day in YYYY-MM-DD form, else undefined (so `2024-02-30` is ignored). */
function parseDate(value: string | null): string | undefined {
  const match = value === null ? null : ISO_DATE.exec(value.trim());
  if (!match) return undefined;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const valid =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return valid ? value?.trim() : undefined;
}

/** A non-negative integer id, else undefined. */
function parseId(value: string | null): number | undefined {
  if (value === null || !/^\d+$/.test(value.trim())) return undefined;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : undefined;
}

/** Query of /proveedores/subir-facturas → its filters. Invalid values count as absent. */
export function parseSubirFacturasFilters(query: URLSearchParams): SubirFacturasFilters {
  const filters: SubirFacturasFilters = { subpartidaId: parseId(query.get('subpartida')) ?? 0 };
  const fechaDesde = parseDate(query.get('desde'));
  const fechaHasta = parseDate(query.get('hasta'));
  const transporteId = parseId(query.get('transporte'));
  if (fechaDesde !== undefined) filters.fechaDesde = fechaDesde;
  if (fechaHasta !== undefined) filters.fechaHasta = fechaHasta;
  if (transporteId !== undefined) filters.transporteId = transporteId;
  return filters;
}

/** Query of /proveedores/subir-albaranes-entrega → its filters. Invalid values count as absent. */
export function parseAlbaranesEntregaFilters(query: URLSearchParams): AlbaranesEntregaFilters {
  const filters: AlbaranesEntregaFilters = parseSubirFacturasFilters(query);
  const opened = parseId(query.get('opened'));
  if (opened !== undefined) filters.opened = opened;
  return filters;
}
