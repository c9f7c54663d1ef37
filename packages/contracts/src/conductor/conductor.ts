import { z } from 'zod';
import { TransporteEstado } from '../transportes/transporte.js';
import { ParadaPlanificada, SeguimientoEta } from './seguimiento.js';

// The stored ETA moved to `seguimiento.ts` (the customer's and carrier's views share it).
export { SeguimientoEta };

/*
 * The driver's phone link (issue 17): the carrier's link management and the public endpoints
 * the driver page calls with the token in the path. Nothing here carries a price.
 */

const Id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** An instant as ISO-8601 with its offset (the phone's clock, in UTC or local). */
const Instante = z.iso.datetime({ offset: true });

/** Path `:id` of a transport (the carrier's). */
export const EnlaceTransporteParams = z.object({ id: Id });
export type EnlaceTransporteParams = z.infer<typeof EnlaceTransporteParams>;

/** Path `:id` of a driver link. */
export const EnlaceIdParams = z.object({ id: Id });
export type EnlaceIdParams = z.infer<typeof EnlaceIdParams>;

/** A driver link as the carrier sees it (the token itself is shown only once, on creation). */
export const EnlaceConductor = z.object({
  id: z.number().int().positive(),
  transporte_id: z.number().int().positive(),
  created_at: z.string(),
  /** 48 h after the last planned delivery. */
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  /** Last call of the driver page with it. */
  last_used_at: z.string().nullable(),
  /** Neither revoked nor expired. */
  activo: z.boolean(),
});
export type EnlaceConductor = z.infer<typeof EnlaceConductor>;

/** Answer of the creation: the link and its URL (QR code and text to share). */
export const EnlaceConductorCreado = EnlaceConductor.extend({ url: z.string() });
export type EnlaceConductorCreado = z.infer<typeof EnlaceConductorCreado>;

/** The links of a transport, newest first. */
export const EnlacesConductor = z.object({ items: z.array(EnlaceConductor) });
export type EnlacesConductor = z.infer<typeof EnlacesConductor>;

/** Path `:token` of the driver page's endpoints (any string: an unknown one is a 404). */
export const TokenParams = z.object({ token: z.string().min(1).max(100) });
export type TokenParams = z.infer<typeof TokenParams>;

export const TokenParadaParams = TokenParams.extend({ paradaId: Id });
export type TokenParadaParams = z.infer<typeof TokenParadaParams>;

export const TokenSubpartidaParams = TokenParams.extend({ subpartidaId: Id });
export type TokenSubpartidaParams = z.infer<typeof TokenSubpartidaParams>;

export const TokenEventoParams = TokenParams.extend({ eventoId: Id });
export type TokenEventoParams = z.infer<typeof TokenEventoParams>;

/** A stop as the driver sees it: where, when, and how it is going. */
export const ParadaConductor = ParadaPlanificada.extend({
  direccion: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** The subpartida whose CMR is handed over here (unloading), if any. */
  subpartida_id: z.number().int().positive().nullable(),
});
export type ParadaConductor = z.infer<typeof ParadaConductor>;

/** A leg whose CMR the driver may photograph. */
export const SubpartidaConductor = z.object({
  id: z.number().int().positive(),
  numero: z.number().int(),
  origen_poblacion: z.string(),
  destino_poblacion: z.string(),
  bultos: z.number().int(),
  cmr_subido: z.boolean(),
});
export type SubpartidaConductor = z.infer<typeof SubpartidaConductor>;

/** Response of `GET /api/conductor/:token`: what the driver page shows. */
export const ViajeConductor = z.object({
  transporte: z.object({
    referencia: z.string(),
    matricula: z.string().nullable(),
    estado: TransporteEstado,
  }),
  expires_at: z.string(),
  paradas: z.array(ParadaConductor),
  subpartidas: z.array(SubpartidaConductor),
  eta: SeguimientoEta.nullable(),
});
export type ViajeConductor = z.infer<typeof ViajeConductor>;

/** Most pings in one batch (a phone offline for a day at one ping per 2 min: 720). */
export const MAX_POSICIONES_LOTE = 1000;

/** One ping, with the phone's own id (an offline queue may resend it) and timestamp. */
export const PosicionPing = z.object({
  id: z.string().min(1).max(64),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  /** Accuracy in metres as the phone reports it. */
  precision_m: z.number().min(0).max(100_000).optional(),
  tomada_at: Instante,
});
export type PosicionPing = z.infer<typeof PosicionPing>;

/** Body of `POST /api/conductor/:token/posiciones`. */
export const LotePosiciones = z.object({
  posiciones: z.array(PosicionPing).min(1).max(MAX_POSICIONES_LOTE),
});
export type LotePosiciones = z.infer<typeof LotePosiciones>;

/** Why a ping was refused: final, the phone drops it from its queue. */
export const MotivoRechazo = z.enum(['futuro', 'antigua', 'fuera_de_rango', 'salto']);
export type MotivoRechazo = z.infer<typeof MotivoRechazo>;

/** Answer of a batch: every id is accepted, a duplicate (already stored) or refused. */
export const ResultadoPosiciones = z.object({
  aceptadas: z.number().int(),
  duplicadas: z.number().int(),
  rechazadas: z.array(z.object({ id: z.string(), motivo: MotivoRechazo })),
  eta: SeguimientoEta.nullable(),
});
export type ResultadoPosiciones = z.infer<typeof ResultadoPosiciones>;

/** What the driver reports at a stop. */
export const EventoParadaTipo = z.enum(['llegada', 'carga', 'descarga', 'incidencia']);
export type EventoParadaTipo = z.infer<typeof EventoParadaTipo>;

/** Body of `POST /api/conductor/:token/paradas/:paradaId/eventos`. */
export const EventoParadaNuevo = z
  .object({
    /** The phone's id of the event: a resend answers the stored event. */
    id: z.string().min(1).max(64),
    tipo: EventoParadaTipo,
    texto: z.string().trim().max(500).optional(),
    ocurrido_at: Instante,
  })
  .refine((e) => e.tipo !== 'incidencia' || (e.texto ?? '') !== '', {
    message: 'Describa la incidencia.',
    path: ['texto'],
  });
export type EventoParadaNuevo = z.infer<typeof EventoParadaNuevo>;

/** A stop event as stored. */
export const EventoParada = z.object({
  id: z.number().int().positive(),
  parada_id: z.number().int().positive(),
  tipo: EventoParadaTipo,
  texto: z.string().nullable(),
  ocurrido_at: z.string(),
  con_foto: z.boolean(),
});
export type EventoParada = z.infer<typeof EventoParada>;
