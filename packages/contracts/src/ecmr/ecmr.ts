import { z } from 'zod';
import { multilinea } from '../common/text.js';
import { Partida } from '../portes/porte.js';
import {
  ECMR_CANALES,
  ECMR_ESTADOS,
  ECMR_FIRMA_MAX_BYTES,
  ECMR_MAX_FOTOS,
  ECMR_ROLES,
  ECMR_ROLES_REMOTOS,
} from './constants.js';

/*
 * The electronic consignment note (issue 18, docs/decisions/013-ecmr-signatures.md): its
 * content (the fields of CMR article 6, numbered as the paper boxes), versions, signatures,
 * the hash chain and the public verification.
 */

const Id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const IdOut = z.number().int().positive();
const Sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'Debe ser un SHA-256 en hexadecimal.');

const linea = (max: number) => z.string().trim().max(max);
const parrafo = (max: number) => multilinea(z.string().trim().max(max));
const lineaOpcional = (max: number) => linea(max).nullable();
const parrafoOpcional = (max: number) => multilinea(z.string().trim().max(max).nullable());
const PaisIso = z
  .string()
  .regex(/^[A-Z]{2}$/, 'Debe ser un código de país ISO de dos letras.')
  .nullable();
/** 'YYYY-MM-DD'. */
const Fecha = z.iso.date().nullable();

export const EcmrEstado = z.enum(ECMR_ESTADOS);
export const EcmrRol = z.enum(ECMR_ROLES);
export const EcmrRolRemoto = z.enum(ECMR_ROLES_REMOTOS);
export const EcmrCanal = z.enum(ECMR_CANALES);

/** A party of the note: sender, consignee, carrier, successive carrier. */
export const ParteEcmr = z.object({
  nombre: linea(200),
  cif: lineaOpcional(30),
  direccion: lineaOpcional(200),
  cp: lineaOpcional(20),
  poblacion: lineaOpcional(120),
  pais_iso: PaisIso,
});
export type ParteEcmr = z.infer<typeof ParteEcmr>;

/** A place with its date: taking over (box 4) or delivery (box 3). */
export const LugarEcmr = z.object({
  direccion: lineaOpcional(200),
  cp: lineaOpcional(20),
  poblacion: linea(120),
  pais_iso: PaisIso,
  fecha: Fecha,
});
export type LugarEcmr = z.infer<typeof LugarEcmr>;

/** A line of goods (boxes 6 to 12). */
export const MercanciaEcmr = z.object({
  /** 6: marks and numbers. */
  marcas: lineaOpcional(200),
  /** 7: number of packages. */
  bultos: z.number().int().min(0).max(1_000_000),
  /** 8: method of packing. */
  embalaje: lineaOpcional(120),
  /** 9: nature of the goods. */
  naturaleza: lineaOpcional(200),
  /** 10: statistical number. */
  numero_estadistico: lineaOpcional(30),
  /** 11: gross weight in kg. */
  peso_bruto_kg: z.number().min(0).max(1_000_000),
  /** 12: volume in m³. */
  volumen_m3: z.number().min(0).max(10_000).nullable(),
});
export type MercanciaEcmr = z.infer<typeof MercanciaEcmr>;

/**
 * The note's content: what is hashed (canonical JSON, RFC 8785) and signed. Box numbers of
 * the CMR form in the comments.
 */
export const NotaEcmr = z.object({
  /** The note's number (the subpartida's, in the transport's reference). */
  numero: linea(60),
  /** 1: sender. */
  remitente: ParteEcmr,
  /** 2: consignee. */
  destinatario: ParteEcmr,
  /** 3: place and planned date of delivery. */
  lugar_entrega: LugarEcmr,
  /** 4: place and date of taking over the goods. */
  lugar_carga: LugarEcmr,
  /** 5: documents attached. */
  documentos_anexos: parrafoOpcional(500),
  /** 6–12. */
  mercancias: z.array(MercanciaEcmr).min(1).max(50),
  /** 13: sender's instructions (customs, others). */
  instrucciones_remitente: parrafoOpcional(2000),
  /** 14: payment instructions. */
  forma_pago: z.enum(['porte_pagado', 'porte_debido']).nullable(),
  /** 15: cash on delivery. */
  reembolso: lineaOpcional(120),
  /** 16: carrier, with the vehicle and driver. */
  transportista: ParteEcmr.extend({
    matricula: lineaOpcional(20),
    conductor: lineaOpcional(120),
  }),
  /** 17: successive carriers. */
  porteadores_sucesivos: z.array(ParteEcmr).max(10),
  /** 18: carrier's reservations and observations. */
  reservas_transportista: parrafoOpcional(2000),
  /** 19: special agreements. */
  estipulaciones: parrafoOpcional(2000),
  /** 21: established in (place) on (date). */
  establecido_en: z.object({ lugar: linea(120), fecha: Fecha }),
  /** The portal's references: transport, leg number, customer shipment. */
  referencias: z.object({
    transporte: linea(60),
    subpartida: z.number().int(),
    partida: lineaOpcional(60),
  }),
});
// Named components of the OpenAPI document: the note's eleven uses refer to one definition.
z.globalRegistry.add(NotaEcmr, { id: 'NotaEcmr' });
export type NotaEcmr = z.infer<typeof NotaEcmr>;

/** Path `:id` of a subpartida (the carrier's). */
export const SubpartidaParams = z.object({ id: Id });
export type SubpartidaParams = z.infer<typeof SubpartidaParams>;

/** Body of the carrier's edit: the fields that change (whole top-level fields). */
export const EdicionEcmr = z.object({
  /** The hash of the version being edited, as the carrier saw it: a stale edit is a 409. */
  documento_sha256: Sha256,
  cambios: NotaEcmr.omit({ numero: true, referencias: true })
    .partial()
    .refine((c) => Object.keys(c).length > 0, 'Indique al menos un cambio.'),
});
export type EdicionEcmr = z.infer<typeof EdicionEcmr>;

/** A reservation photo of a signature (stored file). */
export const FotoFirma = z.object({ archivo_id: IdOut, sha256: Sha256 });
export type FotoFirma = z.infer<typeof FotoFirma>;

/** A signature as the carrier and the driver see it. */
export const FirmaEcmr = z.object({
  id: IdOut,
  rol: EcmrRol,
  nombre: z.string(),
  canal: EcmrCanal,
  firmado_at: z.string(),
  /** The version signed and the SHA-256 of its canonical JSON at that moment. */
  version: z.number().int(),
  documento_sha256: Sha256,
  posicion: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  /** The signer's browser (user agent). */
  dispositivo: z.string().nullable(),
  reservas: z.string().nullable(),
  fotos: z.array(FotoFirma),
  /** False once the note has changed after this signature: it no longer covers it. */
  cubre_version_actual: z.boolean(),
});
export type FirmaEcmr = z.infer<typeof FirmaEcmr>;

/** An event of the hash chain. */
export const EventoEcmr = z.object({
  secuencia: z.number().int(),
  tipo: z.string(),
  ocurrido_at: z.string(),
  hash: Sha256,
});
export type EventoEcmr = z.infer<typeof EventoEcmr>;

/** The e-CMR of a subpartida with its current version, signatures and chain. */
export const EcmrDetalle = z.object({
  id: IdOut,
  subpartida_id: IdOut,
  transporte_id: IdOut,
  numero: z.string(),
  estado: EcmrEstado,
  version: z.number().int(),
  documento_sha256: Sha256,
  contenido: NotaEcmr,
  /** The carrier may still change it: nobody has signed at delivery. */
  editable: z.boolean(),
  /** The page the QR code of the PDF opens. */
  verificacion_url: z.string(),
  firmas: z.array(FirmaEcmr),
  eventos: z.array(EventoEcmr),
  created_at: z.string(),
});
z.globalRegistry.add(EcmrDetalle, { id: 'EcmrDetalle' });
export type EcmrDetalle = z.infer<typeof EcmrDetalle>;

/** One version of the note. */
export const VersionEcmr = z.object({
  version: z.number().int(),
  documento_sha256: Sha256,
  created_at: z.string(),
  contenido: NotaEcmr,
});
export type VersionEcmr = z.infer<typeof VersionEcmr>;

export const VersionesEcmr = z.object({ items: z.array(VersionEcmr) });
export type VersionesEcmr = z.infer<typeof VersionesEcmr>;

/** Query of the diff between two versions. */
export const DiferenciasQuery = z.object({
  desde: z.coerce.number().int().positive(),
  hasta: z.coerce.number().int().positive(),
});
export type DiferenciasQuery = z.infer<typeof DiferenciasQuery>;

/** One changed field: its path (`mercancias.0.peso_bruto_kg`), before and after (null: absent). */
export const CambioEcmr = z.object({
  campo: z.string(),
  antes: z.unknown(),
  despues: z.unknown(),
});
export const DiferenciasEcmr = z.object({
  desde: z.number().int(),
  hasta: z.number().int(),
  cambios: z.array(CambioEcmr),
});
export type DiferenciasEcmr = z.infer<typeof DiferenciasEcmr>;

/** A drawn signature: PNG as base64 (a `data:image/png;base64,` prefix is accepted). */
const FirmaPng = z
  .string()
  .max(Math.ceil((ECMR_FIRMA_MAX_BYTES * 4) / 3) + 32, 'La firma dibujada es demasiado grande.')
  .transform((value) => value.replace(/^data:image\/png;base64,/, ''))
  .pipe(z.base64('La firma dibujada no es una imagen válida.'));

/** Body of a signature, on the driver's phone or on the signer's own device. */
export const FirmaNueva = z.object({
  /** Typed name of the signer. */
  nombre: z.string().trim().min(2).max(120),
  firma_png: FirmaPng,
  /** The hash of the note the signer was shown: if the note changed since, a 409. */
  documento_sha256: Sha256,
  posicion: z
    .object({
      lat: z.number().min(-90).max(90),
      lng: z.number().min(-180).max(180),
      precision_m: z.number().min(0).max(100_000).optional(),
    })
    .optional(),
  /** Consignee only: damage, missing packages… */
  reservas: parrafo(2000).optional(),
  /** Consignee only: photos uploaded first (their ids). */
  fotos: z.array(IdOut).max(ECMR_MAX_FOTOS).optional(),
});
export type FirmaNueva = z.infer<typeof FirmaNueva>;

/** Body of a signature on the driver's phone: whose it is. */
export const FirmaConductorNueva = FirmaNueva.extend({ rol: EcmrRol });
export type FirmaConductorNueva = z.infer<typeof FirmaConductorNueva>;

/** Path of the driver's e-CMR endpoints, and of the shipment link's (its token, one leg). */
export const TokenSubpartidaParams = z.object({
  token: z.string().min(1).max(100),
  subpartidaId: Id,
});
export type TokenSubpartidaParams = z.infer<typeof TokenSubpartidaParams>;

/** Body of a contactless invitation from the driver's phone. */
export const InvitacionNueva = z
  .object({
    rol: EcmrRolRemoto,
    canal: z.enum(['email', 'codigo']),
    email: z.email('Debe ser un e-mail válido.').max(200).optional(),
  })
  .refine((i) => i.canal !== 'email' || i.email !== undefined, {
    message: 'Indique el e-mail de quien firma.',
    path: ['email'],
  });
export type InvitacionNueva = z.infer<typeof InvitacionNueva>;

/** The invitation made: the code to show (code channel only) and until when it works. */
export const InvitacionCreada = z.object({
  id: IdOut,
  rol: EcmrRolRemoto,
  canal: z.enum(['email', 'codigo']),
  /** XXXX-XXXX, shown on the driver's screen; null for an e-mailed link. */
  codigo: z.string().nullable(),
  expires_at: z.string(),
});
export type InvitacionCreada = z.infer<typeof InvitacionCreada>;

/** Body of the code exchange on the signer's device. */
export const CanjeCodigo = z.object({
  codigo: z
    .string()
    .trim()
    .max(20)
    .transform((c) => c.toUpperCase().replace(/[\s-]/g, '')),
});
export type CanjeCodigo = z.infer<typeof CanjeCodigo>;

/** Answer of the code exchange: the one-time signing token of the invitation. */
export const CodigoCanjeado = z.object({ token: z.string() });
export type CodigoCanjeado = z.infer<typeof CodigoCanjeado>;

/** Path `:token` of a contactless signing. */
export const FirmaTokenParams = z.object({ token: z.string().min(1).max(100) });
export type FirmaTokenParams = z.infer<typeof FirmaTokenParams>;

/** What a contactless signer is shown: the note to sign and who already signed it. */
export const EcmrParaFirmar = z.object({
  rol: EcmrRolRemoto,
  numero: z.string(),
  version: z.number().int(),
  documento_sha256: Sha256,
  contenido: NotaEcmr,
  firmas: z.array(z.object({ rol: EcmrRol, nombre: z.string(), firmado_at: z.string() })),
  expires_at: z.string(),
});
z.globalRegistry.add(EcmrParaFirmar, { id: 'EcmrParaFirmar' });
export type EcmrParaFirmar = z.infer<typeof EcmrParaFirmar>;

/** A stored reservation photo. */
export const FotoSubida = FotoFirma;
export type FotoSubida = z.infer<typeof FotoSubida>;

/** The server's public key that seals the chain events (offline verification). */
export const ClavePublicaEcmr = z.object({
  algoritmo: z.literal('Ed25519'),
  /** SHA-256 (hex, first 16 characters) of the key's SPKI encoding; events name it. */
  clave_id: z.string(),
  /** SPKI, PEM. */
  pem: z.string(),
  /** The raw 32-byte key, base64url (JWK `x`). */
  x: z.string(),
});
export type ClavePublicaEcmr = z.infer<typeof ClavePublicaEcmr>;

/** Path `:verificacionId` (the QR code's) and the optional hash prefix the QR carries. */
export const VerificacionParams = z.object({
  verificacionId: z.string().min(1).max(64),
});
export const VerificacionQuery = z.object({
  /** The first characters of the last event hash printed on the holder's copy. */
  h: z
    .string()
    .regex(/^[0-9a-f]{8,64}$/)
    .optional(),
});
export type VerificacionQuery = z.infer<typeof VerificacionQuery>;

/** One check of the verification. */
export const Comprobacion = z.object({
  nombre: z.string(),
  correcta: z.boolean(),
  /** Plain Spanish, for the page. */
  detalle: z.string(),
});
export type Comprobacion = z.infer<typeof Comprobacion>;

/** Answer of the verification: whether the stored document is intact and who signed what. */
export const VerificacionEcmr = z.object({
  intacto: z.boolean(),
  /** One sentence in plain Spanish. */
  resumen: z.string(),
  numero: z.string(),
  estado: EcmrEstado,
  version: z.number().int(),
  documento_sha256: z.string(),
  comprobaciones: z.array(Comprobacion),
  firmas: z.array(
    z.object({
      rol: EcmrRol,
      nombre: z.string(),
      firmado_at: z.string(),
      version: z.number().int(),
      documento_sha256: z.string(),
      con_reservas: z.boolean(),
      cubre_version_actual: z.boolean(),
    }),
  ),
  eventos: z.array(
    EventoEcmr.extend({ hash_anterior: z.string(), sello: z.string(), clave_id: z.string() }),
  ),
  /** Whether the QR's hash is a link of the chain (null when the URL had none). */
  copia_en_cadena: z.boolean().nullable(),
  clave_id: z.string(),
});
export type VerificacionEcmr = z.infer<typeof VerificacionEcmr>;

/** Path of the customer's download: the shipment's partida and one of its legs. */
export const EcmrPorteParams = z.object({
  partida: Partida,
  subpartidaId: Id,
});
export type EcmrPorteParams = z.infer<typeof EcmrPorteParams>;

/** Path `:id` of an e-CMR in the integration API. */
export const EcmrIdParams = z.object({ id: Id });

/**
 * The signed note for the ERP: every version, signature (without the drawn image) and sealed
 * event, enough to verify it offline with the public key.
 */
export const EcmrFirmado = z.object({
  id: IdOut,
  subpartida_id: IdOut,
  transporte_id: IdOut,
  numero: z.string(),
  estado: EcmrEstado,
  verificacion_url: z.string(),
  versiones: z.array(VersionEcmr),
  firmas: z.array(FirmaEcmr.extend({ imagen_sha256: Sha256 })),
  eventos: z.array(
    EventoEcmr.extend({
      datos: z.string(),
      hash_anterior: z.string(),
      sello: z.string(),
      clave_id: z.string(),
    }),
  ),
});
export type EcmrFirmado = z.infer<typeof EcmrFirmado>;
