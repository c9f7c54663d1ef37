import { z } from 'zod';

/*
 * Payloads of the outbox events of the driver's phone link (issue 17), as webhooks receive
 * them and the change feed lists them (`eventos.ts` registers them with the other events).
 */

const EstadoEta = z.enum(['a_tiempo', 'en_riesgo', 'con_retraso']);

/** The transport of the event and the shipments (partidas) it carries. */
const EventoConductor = z.object({
  transporte_id: z.number().int().positive(),
  proveedor_id: z.number().int().positive(),
  referencia: z.string(),
  partidas: z.array(z.string()),
});

/** A planned stop as events describe it. */
export const ParadaEvento = z.object({
  parada_id: z.number().int().positive(),
  orden: z.number().int(),
  tipo: z.enum(['carga', 'descarga']),
  poblacion: z.string(),
  cp: z.string().nullable(),
  pais_iso: z.string().nullable(),
});
export type ParadaEvento = z.infer<typeof ParadaEvento>;

/** `transporte.parada`: the driver reported arrival, loading or unloading done, or an incident. */
export const EventoTransporteParada = EventoConductor.extend({
  evento_parada_id: z.number().int().positive(),
  tipo: z.enum(['llegada', 'carga', 'descarga', 'incidencia']),
  texto: z.string().nullable(),
  ocurrido_at: z.string(),
  parada: ParadaEvento,
  /**
   * Minutes past the stop's window when it was reached (0 = on time), what the customer's
   * tracking shows as "Llegó con N min de retraso"; null for an incident.
   */
  retraso_minutos: z.number().int().min(0).nullable(),
});
export type EventoTransporteParada = z.infer<typeof EventoTransporteParada>;

/** `transporte.eta`: the shipment's ETA status changed; with the position and each stop's ETA. */
export const EventoTransporteEta = EventoConductor.extend({
  estado: EstadoEta,
  estado_anterior: EstadoEta.nullable(),
  km_restantes: z.number().int().nullable(),
  velocidad_kmh: z.number().int(),
  posicion: z.object({ lat: z.number(), lng: z.number(), at: z.string() }),
  paradas: z.array(
    ParadaEvento.extend({
      km_restantes: z.number().int().nullable(),
      eta_at: z.string().nullable(),
      eta_desde: z.string().nullable(),
      eta_hasta: z.string().nullable(),
      /** The stop's status against its window; null without an ETA. */
      estado: EstadoEta.nullable(),
      /** Expected minutes past the stop's window (0 = on time), as the customer sees it. */
      retraso_minutos: z.number().int().min(0),
    }),
  ),
});
export type EventoTransporteEta = z.infer<typeof EventoTransporteEta>;
