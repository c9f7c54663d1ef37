/*
 * e-CMR constants the web needs without zod (issue 18, docs/decisions/013-ecmr-signatures.md).
 */

/** State of a subpartida's e-CMR, from its signatures. */
export const ECMR_ESTADOS = [
  'sin_firmar',
  'recogida_firmada',
  'entregada',
  'con_reservas',
] as const;
export type EcmrEstado = (typeof ECMR_ESTADOS)[number];

/** The state as the portals show it. */
export const ECMR_ESTADO_TEXTO: Record<EcmrEstado, string> = {
  sin_firmar: 'Sin firmar',
  recogida_firmada: 'Recogida firmada',
  entregada: 'Entregada',
  con_reservas: 'Con reservas',
};

/**
 * Who signs (CMR boxes 22, 23 and 24): the sender at pick-up, the carrier (its driver), the
 * consignee at delivery.
 */
export const ECMR_ROLES = ['remitente', 'transportista', 'destinatario'] as const;
export type EcmrRol = (typeof ECMR_ROLES)[number];

/** Roles that may sign on their own device, with a link or a code. */
export const ECMR_ROLES_REMOTOS = ['remitente', 'destinatario'] as const;

/**
 * How a signature was made: on the driver's phone, through an e-mailed link, a code, or (the
 * consignee only) from the page of a shipment link whose customer let its holder sign (issue 19).
 */
export const ECMR_CANALES = ['movil_conductor', 'enlace_email', 'codigo', 'enlace_envio'] as const;
export type EcmrCanal = (typeof ECMR_CANALES)[number];

/** Largest drawn signature accepted: PNG bytes (a signature pad's PNG is a few KB). */
export const ECMR_FIRMA_MAX_BYTES = 100 * 1024;
/** Most reservation photos on the consignee's signature. */
export const ECMR_MAX_FOTOS = 6;
/** An e-mailed signing link lasts this long. */
export const ECMR_ENLACE_HORAS = 24;
/** A code shown on the driver's screen lasts this long (the signer is standing there). */
export const ECMR_CODIGO_MINUTOS = 15;
/** Characters of a code: no 0/O, 1/I/L, so it can be read aloud and typed. */
export const ECMR_CODIGO_ALFABETO = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** A code is 8 characters, shown as XXXX-XXXX. */
export const ECMR_CODIGO_LONGITUD = 8;
