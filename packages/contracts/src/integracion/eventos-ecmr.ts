import { z } from 'zod';
import { ECMR_CANALES, ECMR_ESTADOS, ECMR_ROLES } from '../ecmr/constants.js';

/*
 * Payload of the outbox event of the e-CMR (issue 18), as webhooks receive it and the change
 * feed lists it (`eventos.ts` registers it with the other events).
 */

/** `ecmr.firmado`: a signature was added to a subpartida's e-CMR. */
export const EventoEcmrFirmado = z.object({
  ecmr_id: z.number().int().positive(),
  subpartida_id: z.number().int().positive(),
  transporte_id: z.number().int().positive(),
  proveedor_id: z.number().int().positive(),
  /** The transport's reference and the leg's customer shipment, if any. */
  referencia: z.string(),
  partida: z.string().nullable(),
  numero: z.string(),
  rol: z.enum(ECMR_ROLES),
  nombre: z.string(),
  canal: z.enum(ECMR_CANALES),
  firmado_at: z.string(),
  version: z.number().int(),
  /** SHA-256 of the canonical note the signature covers. */
  documento_sha256: z.string(),
  /** The note's state after this signature. */
  estado: z.enum(ECMR_ESTADOS),
  reservas: z.string().nullable(),
  /** Integration API paths of the signed note (JSON) and its PDF. */
  json_path: z.string(),
  pdf_path: z.string(),
  verificacion_url: z.string(),
});
export type EventoEcmrFirmado = z.infer<typeof EventoEcmrFirmado>;
