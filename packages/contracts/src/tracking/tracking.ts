import { z } from 'zod';
import { ECMR_ESTADOS } from '../ecmr/constants.js';
import { IsoDate } from '../common/pagination.js';
import { ParadaPrevista } from '../conductor/seguimiento.js';
import { CifrasPorte, PorteCabecera, PorteEstado } from '../portes/porte.js';

/** Most matches a tracking search returns. */
export const MAX_TRACKING_RESULTADOS = 20;

/** Query of `GET /api/clientes/tracking`: a partida (exact) or a Ref.Cliente prefix. */
export const TrackingBusquedaQuery = z.object({
  q: z.string().trim().min(1, 'Escriba una partida o una referencia.').max(50),
});
export type TrackingBusquedaQuery = z.infer<typeof TrackingBusquedaQuery>;

/** One shipment found by the tracking search. */
export const TrackingCoincidencia = z.object({
  partida: z.string(),
  ref_cliente: z.string().nullable(),
  estado: PorteEstado,
  origen_poblacion: z.string(),
  destino_poblacion: z.string(),
  fecha_carga_prevista: IsoDate,
  fecha_entrega_prevista: IsoDate.nullable(),
});
export type TrackingCoincidencia = z.infer<typeof TrackingCoincidencia>;

/** Response of `GET /api/clientes/tracking`: up to 20 matches, newest load date first. */
export const TrackingBusqueda = z.object({ items: z.array(TrackingCoincidencia) });
export type TrackingBusqueda = z.infer<typeof TrackingBusqueda>;

/** A tracking stop: the fields of the spec's sample stop (§3) plus its coordinates. */
export const ParadaSeguimiento = z.object({
  id: z.number().int().positive(),
  partida: z.string(),
  fecha: IsoDate,
  /** 'HH:MM', local time of the stop as reported. */
  hora: z.string(),
  comentarios: z.string().nullable(),
  cp: z.string().nullable(),
  /** Kilometres left to the destination. */
  kilometros_destino: z.number().int().nullable(),
  pais: z.string().nullable(),
  pais_iso: z.string().nullable(),
  /** The stop's own town (empty when the report did not say). */
  poblacion: z.string().nullable(),
  /**
   * The destination town as the stop reports it (`poblacion_b` in the database, as the ERP
   * sends it): never the stop's name.
   */
  poblacionB: z.string().nullable(),
  /** Delay in minutes reported at this stop (0 = on time). */
  retraso: z.number().int(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});
export type ParadaSeguimiento = z.infer<typeof ParadaSeguimiento>;

/**
 * Where the shipment was last seen: the driver's last ping while its transport has a live
 * link (`fuente` "conductor", `posicion_at` the instant the phone took it), otherwise its
 * latest stop with coordinates (`fuente` "parada", `posicion_at` null: a stop gives its
 * reported local date and time only).
 */
export const PosicionActual = z.object({
  lat: z.number(),
  lng: z.number(),
  fuente: z.enum(['conductor', 'parada']),
  posicion_at: z.string().nullable(),
  poblacion: z.string().nullable(),
  /** 'YYYY-MM-DD' and 'HH:MM' as reported (a ping: in Madrid time, as the stops it writes). */
  fecha: IsoDate,
  hora: z.string(),
});
export type PosicionActual = z.infer<typeof PosicionActual>;

/** Kinds of documents a customer sees on a shipment. */
export const DocumentoTipo = z.enum(['cmr', 'pod', 'factura']);
export type DocumentoTipo = z.infer<typeof DocumentoTipo>;

/** A document of the shipment, downloadable with `GET /api/clientes/archivos/:id`. */
export const DocumentoPorte = z.object({
  id: z.number().int().positive(),
  tipo: DocumentoTipo,
  nombre: z.string(),
  /** The invoice of a `factura` document (its page: `GET /api/clientes/facturas/:id`). */
  factura_id: z.number().int().positive().nullable(),
});
export type DocumentoPorte = z.infer<typeof DocumentoPorte>;

/**
 * The e-CMR of one leg of the shipment (issue 18): its state, the page its QR code opens and
 * whether its PDF can be downloaded (`GET /api/clientes/portes/:partida/ecmr/:subpartidaId/pdf`,
 * once someone has signed it).
 */
export const EcmrTramo = z.object({
  subpartida_id: z.number().int().positive(),
  /** The leg's number in its transport. */
  tramo: z.number().int(),
  /** The note's number. */
  numero: z.string(),
  estado: z.enum(ECMR_ESTADOS),
  verificacion_url: z.string(),
  /** Whether the signed PDF is available (false while nobody has signed). */
  pdf: z.boolean(),
});
export type EcmrTramo = z.infer<typeof EcmrTramo>;

/** Response of `GET /api/clientes/portes/:partida/tracking`: the list's figures and more. */
export const TrackingPorte = PorteCabecera.extend(CifrasPorte.shape).extend({
  origen_cp: z.string(),
  origen_lat: z.number().nullable(),
  origen_lng: z.number().nullable(),
  destino_cp: z.string(),
  destino_lat: z.number().nullable(),
  destino_lng: z.number().nullable(),
  /** Reported stops in time order (fecha, hora). */
  paradas: z.array(ParadaSeguimiento),
  /** The planned stops of its transport that concern it, with their stored ETA, in order. */
  paradas_previstas: z.array(ParadaPrevista),
  /** The driver's last position, else the last stop with coordinates; null when none. */
  posicion_actual: PosicionActual.nullable(),
  /** CMR/POD and invoice files this client may download. */
  documentos: z.array(DocumentoPorte),
  /** The e-CMR of each leg that has one, by leg number. */
  ecmr: z.array(EcmrTramo),
});
export type TrackingPorte = z.infer<typeof TrackingPorte>;
