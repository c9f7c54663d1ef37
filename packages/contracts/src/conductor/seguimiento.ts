import { z } from 'zod';

/*
 * What the driver's link stores for a transport and its shipments (issue 17, decision 011):
 * the last position, the ETA of each planned stop and the status, written on each ping batch
 * and stop event. The driver page, the customer's tracking and lists, the carrier's transport
 * and the ERP read these stored figures; none recomputes them. No import from another feature,
 * so the transports' and shipments' schemas can build on it.
 */

/** Status of a shipment or a stop against its planned time window. */
export const EstadoEta = z.enum(['a_tiempo', 'en_riesgo', 'con_retraso']);
export type EstadoEta = z.infer<typeof EstadoEta>;

/** Spanish label of each status, as the portal and the exports show it. */
export const estadoEtaLabels: Record<EstadoEta, string> = {
  a_tiempo: 'A tiempo',
  en_riesgo: 'En riesgo',
  con_retraso: 'Con retraso',
};

/** A planned stop loads or unloads. */
export const ParadaTipo = z.enum(['carga', 'descarga']);
export type ParadaTipo = z.infer<typeof ParadaTipo>;

/** A planned stop of a transport with its stored ETA. */
export const ParadaPlanificada = z.object({
  id: z.number().int().positive(),
  orden: z.number().int(),
  tipo: ParadaTipo,
  poblacion: z.string(),
  cp: z.string().nullable(),
  pais_iso: z.string().nullable(),
  /** Planned time window (instants). */
  ventana_desde: z.string(),
  ventana_hasta: z.string(),
  llegada_at: z.string().nullable(),
  completada_at: z.string().nullable(),
  /** From the last ping batch; null before any position or for a stop without coordinates. */
  km_restantes: z.number().int().nullable(),
  eta_at: z.string().nullable(),
  eta_desde: z.string().nullable(),
  eta_hasta: z.string().nullable(),
});
export type ParadaPlanificada = z.infer<typeof ParadaPlanificada>;

/** The transport's latest position and ETA status (recomputed on each ping batch). */
export const SeguimientoEta = z.object({
  lat: z.number(),
  lng: z.number(),
  /** When the phone took the position (ISO-8601 UTC), not when it reached the server. */
  posicion_at: z.string(),
  km_restantes: z.number().int().nullable(),
  velocidad_kmh: z.number().int(),
  estado: EstadoEta,
  calculado_at: z.string(),
});
export type SeguimientoEta = z.infer<typeof SeguimientoEta>;

/** A planned stop of a shipment as its customer sees it: the stored ETA and how it stands. */
export const ParadaPrevista = ParadaPlanificada.extend({
  /** Null once the stop is done, before any position, or for a stop without coordinates. */
  estado: EstadoEta.nullable(),
  /** Minutes past the window's end: expected (ETA) or, once there, at the arrival (0 = on time). */
  retraso: z.number().int().min(0),
});
export type ParadaPrevista = z.infer<typeof ParadaPrevista>;

/**
 * A shipment's live figures from its transport's driver link: the last position, the status
 * (its worst remaining stop's), km and ETA of its delivery and the expected delay (the
 * largest of its remaining stops'). Lists, tracking and the carrier read the same stored rows.
 */
export const SeguimientoVivo = SeguimientoEta.pick({
  lat: true,
  lng: true,
  posicion_at: true,
  calculado_at: true,
}).extend({
  estado: EstadoEta,
  /** Road km from the position to the shipment's delivery; null without coordinates. */
  km_restantes: z.number().int().nullable(),
  /** ETA of the shipment's delivery and its window (instants); null without coordinates. */
  eta_at: z.string().nullable(),
  eta_desde: z.string().nullable(),
  eta_hasta: z.string().nullable(),
  /** Expected delay in minutes (0 = on time): the shipment's "Retraso" while it is live. */
  retraso: z.number().int().min(0),
});
export type SeguimientoVivo = z.infer<typeof SeguimientoVivo>;
