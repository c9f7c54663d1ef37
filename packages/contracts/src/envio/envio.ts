import { z } from 'zod';
import { IDIOMAS } from '../auth/constants.js';
import { ParadaPrevista } from '../conductor/seguimiento.js';
import { CifrasPorte, Partida, PorteCabecera } from '../portes/porte.js';
import { DocumentoPorte, ParadaSeguimiento, PosicionActual } from '../tracking/tracking.js';
import { ENVIO_DIAS_MAX } from './constants.js';

const Id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Path `:partida` of the customer's links of one shipment. */
export const EnvioPartidaParams = z.object({ partida: Partida });
export type EnvioPartidaParams = z.infer<typeof EnvioPartidaParams>;

/** Path `:id` of one link. */
export const EnlacePorteIdParams = z.object({ id: Id });
export type EnlacePorteIdParams = z.infer<typeof EnlacePorteIdParams>;

/** Path `:token` of the public page's endpoints (any string: an unknown one is a 404). */
export const EnvioTokenParams = z.object({ token: z.string().min(1).max(100) });
export type EnvioTokenParams = z.infer<typeof EnvioTokenParams>;

/** `?apertura=1` on the page's first load: counted as an opening (its refreshes are not). */
export const EnvioQuery = z.object({ apertura: z.enum(['1']).optional() });
export type EnvioQuery = z.infer<typeof EnvioQuery>;

/** Path of a document download through the link. */
export const EnvioDocumentoParams = EnvioTokenParams.extend({ archivoId: Id });
export type EnvioDocumentoParams = z.infer<typeof EnvioDocumentoParams>;

/**
 * A new shipment link. Tracking and ETA are always shown; `entrega` adds the delivery proof
 * (CMR, POD, the delivered e-CMR), `factura` the invoice PDFs (only when asked). Without `dias`
 * it lives until 7 days after delivery; with it, that many days from now.
 */
export const EnlacePorteNuevo = z.object({
  entrega: z.boolean().default(true),
  factura: z.boolean().default(false),
  /**
   * Whoever holds the link is the consignee: when the driver asks for a contactless signature,
   * they may sign the delivery of the leg's e-CMR from the page (off unless chosen).
   */
  firma: z.boolean().default(false),
  dias: z.number().int().min(1).max(ENVIO_DIAS_MAX).nullable().default(null),
  /** Sends the link to this address (the token is made when the mail leaves). */
  email: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.email('Debe ser un e-mail válido.').max(200))
    .nullable()
    .default(null),
});
export type EnlacePorteNuevo = z.infer<typeof EnlacePorteNuevo>;

/** A shipment link as its customer sees it (the token is shown only once, on creation). */
export const EnlacePorte = z.object({
  id: z.number().int().positive(),
  partida: z.string(),
  /** Who made it: the user's name, or the ERP's API key. */
  creado_por: z.string(),
  created_at: z.string(),
  /** When it stops opening (for "until N days after delivery": as of now). */
  expires_at: z.string(),
  /** Null when it lives a fixed time; else the days after delivery it lives. */
  dias_tras_entrega: z.number().int().nullable(),
  revoked_at: z.string().nullable(),
  entrega: z.boolean(),
  factura: z.boolean(),
  /** Its holder may sign the delivery as the consignee when the driver asks. */
  firma: z.boolean(),
  destinatario_email: z.string().nullable(),
  /** How many times the page was opened with it. */
  aperturas: z.number().int(),
  last_opened_at: z.string().nullable(),
  /** Neither revoked nor expired. */
  activo: z.boolean(),
});
export type EnlacePorte = z.infer<typeof EnlacePorte>;

/** Answer of the creation: the link and its URL, to copy (shown once). */
export const EnlacePorteCreado = EnlacePorte.extend({ url: z.string() });
export type EnlacePorteCreado = z.infer<typeof EnlacePorteCreado>;

/** The links of a shipment, newest first. */
export const EnlacesPorte = z.object({ items: z.array(EnlacePorte) });
export type EnlacesPorte = z.infer<typeof EnlacesPorte>;

/**
 * A leg's e-CMR delivery as a link that lets its holder sign sees it: whether the driver asks
 * for the consignee's signature now, or who signed it.
 */
export const EntregaEcmrEnvio = z.object({
  subpartida_id: z.number().int().positive(),
  /** The note's number. */
  numero: z.string(),
  /**
   * The driver asked for the consignee's contactless signature, the sender has signed and the
   * consignee has not: the page offers "Firmar la entrega"
   * (`GET`/`POST /api/envio/:token/ecmr/:subpartidaId`).
   */
  pendiente: z.boolean(),
  /** Until when the driver's request lasts (null when nothing is pending). */
  pendiente_hasta: z.string().nullable(),
  /** The consignee's signature, once made (by any channel). */
  firma: z
    .object({ nombre: z.string(), firmado_at: z.string(), con_reservas: z.boolean() })
    .nullable(),
});
export type EntregaEcmrEnvio = z.infer<typeof EntregaEcmrEnvio>;

/** What the public page shows: one shipment, read-only, with the documents the link allows. */
export const EnvioPublico = z.object({
  /** The customer who shared it: whom the visitor asks about the goods. */
  empresa: z.string(),
  expires_at: z.string(),
  porte: PorteCabecera.omit({ ref_cliente: true, p_facturable_kg: true })
    .extend(CifrasPorte.shape)
    .extend({
      paradas: z.array(ParadaSeguimiento.omit({ partida: true })),
      paradas_previstas: z.array(ParadaPrevista),
      posicion_actual: PosicionActual.nullable(),
    }),
  /** Downloadable with `GET /api/envio/:token/documentos/:archivoId`. */
  documentos: z.array(DocumentoPorte.omit({ factura_id: true })),
  /**
   * The legs whose delivery its holder may sign or has seen signed: empty unless the link lets
   * its holder sign (`firma`); a leg appears once the driver asks or the consignee has signed.
   */
  entregas: z.array(EntregaEcmrEnvio),
});
export type EnvioPublico = z.infer<typeof EnvioPublico>;

/** A visitor's subscription to the shipment's notices by e-mail. */
export const EnvioAvisoNuevo = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Debe ser un e-mail válido.').max(200)),
  /** The page's language: the notices are written in it (Spanish without it). */
  idioma: z.enum(IDIOMAS).optional(),
});
export type EnvioAvisoNuevo = z.infer<typeof EnvioAvisoNuevo>;

/** Answer of a one-click unsubscribe: which address stops hearing of which shipment. */
export const EnvioBaja = z.object({ email: z.string(), partida: z.string() });
export type EnvioBaja = z.infer<typeof EnvioBaja>;
