import { z } from 'zod';
import { IsoDate, PageQuery, pageOf } from '../common/pagination.js';
import { SeguimientoVivo } from '../conductor/seguimiento.js';
import { fechasDesordenadas, fechasEnOrden } from '../transportes/transporte.js';

/** Status of a customer shipment (porte). */
export const PorteEstado = z.enum([
  'pendiente',
  'en_transito',
  'entregado',
  'incidencia',
  'anulado',
]);
export type PorteEstado = z.infer<typeof PorteEstado>;

/** Statuses of an active shipment ("Portes"): not yet delivered nor cancelled. */
export const PorteEstadoActivo = z.enum(['pendiente', 'en_transito', 'incidencia']);
export type PorteEstadoActivo = z.infer<typeof PorteEstadoActivo>;

/** Spanish label of each shipment status, as the portal and the CSV show it. */
export const porteEstadoLabels: Record<PorteEstado, string> = {
  pendiente: 'Pendiente de carga',
  en_transito: 'En tránsito',
  entregado: 'Entregado',
  incidencia: 'Con incidencia',
  anulado: 'Anulado',
};

/** A shipment id ("partida") as it appears in paths: letters, digits and hyphens. */
export const Partida = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9-]+$/, 'Partida no válida.');

/** Path parameter `:partida` of a shipment. */
export const PartidaParams = z.object({ partida: Partida });
export type PartidaParams = z.infer<typeof PartidaParams>;

/** Load date range ("Carga Prevista", inclusive) shared by the shipment lists. */
const FechasFiltro = z.object({
  /** First planned load date, inclusive. */
  fechaDesde: IsoDate.optional(),
  /** Last planned load date, inclusive. */
  fechaHasta: IsoDate.optional(),
});

/** Sort of the active shipments by planned load date. */
export const PortesOrden = z.enum(['fecha_carga_prevista_asc', 'fecha_carga_prevista_desc']);
export type PortesOrden = z.infer<typeof PortesOrden>;

/** Filters of `GET /api/clientes/portes` (active shipments). */
export const PortesFiltro = FechasFiltro.extend({
  estado: PorteEstadoActivo.optional(),
  /** Case-insensitive prefix of the origin town. */
  origen: z.string().trim().min(1).max(80).optional(),
  /** Case-insensitive prefix of the destination town. */
  destino: z.string().trim().min(1).max(80).optional(),
  /** The exact partida or a case-insensitive prefix of the customer's reference. */
  q: z.string().trim().min(1).max(50).optional(),
  orden: PortesOrden.default('fecha_carga_prevista_asc'),
});

/** Query of `GET /api/clientes/portes/export.{csv,xlsx}`: the list's filters, no paging. */
export const PortesExportQuery = PortesFiltro.refine(fechasEnOrden, fechasDesordenadas);
export type PortesExportQuery = z.infer<typeof PortesExportQuery>;

/** Query of `GET /api/clientes/portes` (keyset). */
export const PortesQuery = PageQuery.extend(PortesFiltro.shape).refine(
  fechasEnOrden,
  fechasDesordenadas,
);
export type PortesQuery = z.infer<typeof PortesQuery>;

/** The last tracking stop of a shipment, as the lists show it. */
export const UltimaParada = z.object({
  poblacion: z.string().nullable(),
  pais_iso: z.string().nullable(),
  fecha: IsoDate,
  /** 'HH:MM', local time of the stop. */
  hora: z.string(),
  /** Delay reported at that stop, in minutes (0 = on time). */
  retraso: z.number().int(),
  /** Kilometres left to the destination from that stop. */
  kilometros_destino: z.number().int().nullable(),
});
export type UltimaParada = z.infer<typeof UltimaParada>;

/** What every view of a shipment shows of it: the lists, the history and the tracking. */
export const PorteCabecera = z.object({
  /** The shipment id the customer sees. */
  partida: z.string(),
  /** "Ref.Cliente": the customer's own reference. */
  ref_cliente: z.string().nullable(),
  /** "Estado". */
  estado: PorteEstado,
  /** "Incidencia", null when none. */
  incidencia: z.string().nullable(),
  /** "Origen". */
  origen_poblacion: z.string(),
  origen_pais_iso: z.string(),
  /** "Destino". */
  destino_poblacion: z.string(),
  destino_pais_iso: z.string(),
  /** "Carga Prevista". */
  fecha_carga_prevista: IsoDate,
  /** Planned delivery date. */
  fecha_entrega_prevista: IsoDate.nullable(),
  /** Instant of delivery (ISO-8601 UTC), null until delivered. */
  entregado_at: z.string().nullable(),
  /** "Bultos". */
  bultos: z.number().int(),
  /** "Peso" in kg. */
  peso_kg: z.number().int(),
  /** "P.Facturable": chargeable weight in kg. */
  p_facturable_kg: z.number().int(),
});

/**
 * The shipment's own figures, one definition for the "Portes" list, its export and the
 * tracking. While its transport has a driver link they are the stored live ones
 * (`seguimiento`); otherwise its latest reported stop's.
 */
export const CifrasPorte = z.object({
  /** Delay in minutes (0 = on time): `seguimiento.retraso`, else the latest stop's. */
  retraso: z.number().int(),
  /** Km left to the destination: `seguimiento.km_restantes`, else the latest stop's. */
  kilometros_destino: z.number().int().nullable(),
  /** Live position, status and ETA from the driver's link; null without one. */
  seguimiento: SeguimientoVivo.nullable(),
});
export type CifrasPorte = z.infer<typeof CifrasPorte>;

/** A row of "Portes": an active shipment with its last stop and its figures. */
export const PorteActivo = PorteCabecera.extend(CifrasPorte.shape).extend({
  id: z.number().int().positive(),
  /** Null while no stop has been reported. */
  ultima_parada: UltimaParada.nullable(),
});
export type PorteActivo = z.infer<typeof PorteActivo>;

/** A page of active shipments. */
export const PortesPage = pageOf(PorteActivo);
export type PortesPage = z.infer<typeof PortesPage>;

/** Query of `GET /api/clientes/historico/export.{csv,xlsx}`: the history's filters, no paging. */
export const HistoricoExportQuery = FechasFiltro.refine(fechasEnOrden, fechasDesordenadas);
export type HistoricoExportQuery = z.infer<typeof HistoricoExportQuery>;

/** Query of `GET /api/clientes/historico` (delivered shipments, newest load date first). */
export const HistoricoQuery = PageQuery.extend(FechasFiltro.shape).refine(
  fechasEnOrden,
  fechasDesordenadas,
);
export type HistoricoQuery = z.infer<typeof HistoricoQuery>;

/** A row of "Histórico": a delivered shipment. */
export const PorteHistorico = PorteCabecera.extend({ id: z.number().int().positive() });
export type PorteHistorico = z.infer<typeof PorteHistorico>;

/** A page of the shipment history. */
export const HistoricoPage = pageOf(PorteHistorico);
export type HistoricoPage = z.infer<typeof HistoricoPage>;
