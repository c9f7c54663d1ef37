import { z } from 'zod';
import { ECMR_ESTADOS } from '../ecmr/constants.js';
import { Centimos, IsoDate, PageQuery, pageOf } from '../common/pagination.js';
import { SeguimientoEta } from '../conductor/seguimiento.js';

/** Status of a transport assigned to a carrier. */
export const TransporteEstado = z.enum(['asignado', 'en_transito', 'entregado', 'anulado']);
export type TransporteEstado = z.infer<typeof TransporteEstado>;

/** A positive database id in a path or query (`:id`, `transporteId`…). */
const Id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Path parameter `:id` of a transport. */
export const TransporteIdParams = z.object({ id: Id });
export type TransporteIdParams = z.infer<typeof TransporteIdParams>;

/** Whether `fechaDesde` ≤ `fechaHasta` when both are given. */
export function fechasEnOrden(q: {
  fechaDesde?: string | undefined;
  fechaHasta?: string | undefined;
}) {
  return !q.fechaDesde || !q.fechaHasta || q.fechaDesde <= q.fechaHasta;
}

/** The refinement error of a date range given backwards. */
export const fechasDesordenadas = {
  message: 'La fecha desde no puede ser posterior a la fecha hasta.',
  path: ['fechaHasta'],
};

/** Filters of the transport history and its CSV export (load date range inclusive). */
export const TransportesFiltro = z.object({
  /** First load date ("Carga Prevista"), inclusive. */
  fechaDesde: IsoDate.optional(),
  /** Last load date, inclusive. */
  fechaHasta: IsoDate.optional(),
  /** Exactly this transport. */
  transporteId: Id.optional(),
  estado: TransporteEstado.optional(),
});
export type TransportesFiltro = z.infer<typeof TransportesFiltro>;

/** Query of `GET /api/proveedores/transportes` (newest load date first, keyset). */
export const TransportesQuery = PageQuery.extend(TransportesFiltro.shape).refine(
  fechasEnOrden,
  fechasDesordenadas,
);
export type TransportesQuery = z.infer<typeof TransportesQuery>;

/** Query of `GET /api/proveedores/transportes/export.{csv,xlsx}`: the history's filters, no paging. */
export const TransportesExportQuery = TransportesFiltro.refine(fechasEnOrden, fechasDesordenadas);
export type TransportesExportQuery = z.infer<typeof TransportesExportQuery>;

/** A row of the transport history ("Histórico Transportes"). */
export const TransporteResumen = z.object({
  /** "Transporte ID". */
  id: z.number().int().positive(),
  referencia: z.string(),
  /** "Vehículo": the plate at assignment time. */
  matricula: z.string().nullable(),
  /** "Conductor". */
  conductor: z.string().nullable(),
  /** "Carga Prevista". */
  fecha_carga: IsoDate,
  fecha_descarga: IsoDate,
  origen_poblacion: z.string(),
  origen_pais_iso: z.string(),
  destino_poblacion: z.string(),
  destino_pais_iso: z.string(),
  /** "Bultos": sum over the legs. */
  bultos: z.number().int(),
  /** "Peso" in kg: sum over the legs. */
  peso_kg: z.number().int(),
  /** "Precio": what the carrier is paid. */
  importe_centimos: Centimos,
  estado: TransporteEstado,
  /** "Incidencia", null when none. */
  incidencia: z.string().nullable(),
  /** Number of legs (subpartidas). */
  subpartidas: z.number().int(),
  /** Legs still missing their CMR. */
  cmr_pendientes: z.number().int(),
  /** Whether a carrier invoice already covers it. */
  facturado: z.boolean(),
});
export type TransporteResumen = z.infer<typeof TransporteResumen>;

/** A page of the transport history. */
export const TransportesPage = pageOf(TransporteResumen);
export type TransportesPage = z.infer<typeof TransportesPage>;

/** One leg of a transport with its CMR (delivery note), if uploaded. */
export const SubpartidaDetalle = z.object({
  id: z.number().int().positive(),
  numero: z.number().int(),
  origen_poblacion: z.string(),
  destino_poblacion: z.string(),
  bultos: z.number().int(),
  peso_kg: z.number().int(),
  /** The CMR file (download with `GET /api/proveedores/archivos/:id`), null while missing. */
  cmr_archivo_id: z.number().int().positive().nullable(),
  cmr_subido_at: z.string().nullable(),
  /** State of the leg's e-CMR (issue 18); null while it has none. */
  ecmr_estado: z.enum(ECMR_ESTADOS).nullable(),
});
export type SubpartidaDetalle = z.infer<typeof SubpartidaDetalle>;

/** Response of `GET /api/proveedores/transportes/:id`: the row, its legs and its invoice. */
export const TransporteDetalle = TransporteResumen.extend({
  subpartidas_detalle: z.array(SubpartidaDetalle),
  /** The carrier invoice covering it, null when not invoiced yet. */
  factura_proveedor_id: z.number().int().positive().nullable(),
  /** The driver link's last position and ETA status, as stored; null before any ping. */
  seguimiento: SeguimientoEta.nullable(),
});
export type TransporteDetalle = z.infer<typeof TransporteDetalle>;
