import type { KeyObject } from 'node:crypto';
import { createHash } from 'node:crypto';
import type { Comprobacion } from '@extranet/contracts/ecmr/ecmr';
import type { Selectable } from 'kysely';
import type { EcmrEventosTable, EcmrFirmasTable, EcmrVersionesTable } from '../../db/database.js';
import { canonico, huella } from './canonico.js';
import { selloValido } from './sello.js';

/*
 * The hash chain of a note's events and its verification (decision 013): pure functions over
 * stored rows, so the verification page, the ERP's copy and the tests recompute the same way.
 */

/** `hash_anterior` of the first event. */
export const HASH_INICIAL = '0'.repeat(64);

export type TipoEventoEcmr = 'creado' | 'editado' | 'nueva_version' | 'firmado';

/** What an event's hash covers: the document, its place in the chain, what happened. */
export interface EventoACalcular {
  /** The note's public verification id. */
  documento: string;
  secuencia: number;
  tipo: TipoEventoEcmr;
  ocurrido_at: string;
  datos: unknown;
  hash_anterior: string;
}

/** SHA-256 of the canonical form of the event (its data included). */
export function hashDeEvento(e: EventoACalcular): string {
  return huella({
    documento: e.documento,
    secuencia: e.secuencia,
    tipo: e.tipo,
    ocurrido_at: e.ocurrido_at,
    datos: e.datos,
    hash_anterior: e.hash_anterior,
  });
}

/** Data of a version event (`creado`, `editado`, `nueva_version`). */
export interface DatosVersion {
  version: number;
  documento_sha256: string;
  anterior_sha256?: string;
}

/** Data of a `firmado` event: everything a signature row holds, the image by its hash. */
export interface DatosFirma {
  firma_id: number;
  rol: string;
  nombre: string;
  canal: string;
  firmado_at: string;
  version: number;
  documento_sha256: string;
  imagen_sha256: string;
  posicion: { lat: number; lng: number; precision_m: number | null } | null;
  dispositivo: string | null;
  reservas: string | null;
  fotos: string[];
}

/** An event row as stored. */
export type EventoGuardado = Omit<Selectable<EcmrEventosTable>, 'id' | 'ecmr_id'>;

export type VersionGuardada = Pick<
  Selectable<EcmrVersionesTable>,
  'version' | 'contenido' | 'documento_sha256'
>;

/** A signature row as stored. */
export type FirmaGuardada = Omit<Selectable<EcmrFirmasTable>, 'ecmr_id'>;

/** What is verified: the note's rows as stored, and the hashes of its stored photos. */
export interface DocumentoGuardado {
  verificacion_id: string;
  version_actual: number;
  eventos_n: number;
  ultimo_hash: string;
  versiones: readonly VersionGuardada[];
  firmas: readonly FirmaGuardada[];
  eventos: readonly EventoGuardado[];
  /** SHA-256 of each stored photo file by archivo id (missing: the file row is gone). */
  fotos: ReadonlyMap<number, string>;
}

export interface ResultadoVerificacion {
  intacto: boolean;
  comprobaciones: Comprobacion[];
  /** The hash of each version as the chain last recorded it. */
  hashPorVersion: Map<number, string>;
}

/** SHA-256 (hex) of the PNG bytes of a drawn signature stored as base64. */
export function hashDeImagen(base64: string): string {
  return createHash('sha256').update(Buffer.from(base64, 'base64')).digest('hex');
}

/** The data a `firmado` event records for a signature row. */
export function datosDeFirma(f: FirmaGuardada): DatosFirma {
  return {
    firma_id: f.id,
    rol: f.rol,
    nombre: f.nombre,
    canal: f.canal,
    firmado_at: f.firmado_at,
    version: f.version,
    documento_sha256: f.documento_sha256,
    imagen_sha256: f.imagen_sha256,
    posicion:
      f.lat === null || f.lng === null
        ? null
        : { lat: f.lat, lng: f.lng, precision_m: f.precision_m },
    dispositivo: f.dispositivo,
    reservas: f.reservas,
    fotos: (JSON.parse(f.fotos) as { sha256: string }[]).map((p) => p.sha256),
  };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const ROL_TEXTO: Record<string, string> = {
  remitente: 'del remitente',
  transportista: 'del transportista',
  destinatario: 'del destinatario',
};

/**
 * Recomputes everything that can be recomputed: each event's hash and its link to the
 * previous one, each seal with the published key, each version's hash against its content and
 * the chain, each signature (and its image and photos) against the event that recorded it.
 */
export function verificarDocumento(
  doc: DocumentoGuardado,
  claves: ReadonlyMap<string, KeyObject>,
): ResultadoVerificacion {
  const comprobaciones: Comprobacion[] = [];
  const fallo = (nombre: string, detalle: string) =>
    comprobaciones.push({ nombre, correcta: false, detalle });
  const eventos = [...doc.eventos].sort((a, b) => a.secuencia - b.secuencia);

  // 1. The chain: complete, in order, each hash recomputed and linked to the previous one.
  let anterior = HASH_INICIAL;
  let cadenaBien = true;
  eventos.forEach((e, i) => {
    const datos = parse(e.datos);
    const recalculado =
      datos === undefined
        ? ''
        : hashDeEvento({
            documento: doc.verificacion_id,
            secuencia: e.secuencia,
            tipo: e.tipo as TipoEventoEcmr,
            ocurrido_at: e.ocurrido_at,
            datos,
            hash_anterior: e.hash_anterior,
          });
    if (e.secuencia !== i + 1) {
      cadenaBien = false;
      fallo('cadena', `Falta el evento ${i + 1} de la cadena.`);
    } else if (e.hash_anterior !== anterior) {
      cadenaBien = false;
      fallo('cadena', `El evento ${e.secuencia} no enlaza con el anterior.`);
    } else if (recalculado !== e.hash) {
      cadenaBien = false;
      fallo('cadena', `El evento ${e.secuencia} ha cambiado después de registrarse.`);
    }
    anterior = e.hash;
  });
  if (eventos.length !== doc.eventos_n || anterior !== doc.ultimo_hash) {
    cadenaBien = false;
    fallo('cadena', 'Faltan eventos al final de la cadena.');
  }
  if (cadenaBien) {
    comprobaciones.push({
      nombre: 'cadena',
      correcta: true,
      detalle: `Los ${eventos.length} eventos están completos y cada uno enlaza con el anterior.`,
    });
  }

  // 2. The seals.
  const selloMal = eventos.find((e) => {
    const clave = claves.get(e.clave_id);
    return !clave || !selloValido(clave, e.hash, e.sello);
  });
  if (selloMal) {
    fallo('sellos', `El sello del evento ${selloMal.secuencia} no es válido.`);
  } else {
    comprobaciones.push({
      nombre: 'sellos',
      correcta: true,
      detalle: 'Cada evento lleva el sello electrónico del servidor.',
    });
  }

  // 3. The versions: content ↔ stored hash ↔ the hash the chain last recorded.
  const hashPorVersion = new Map<number, string>();
  const firmadas = new Map<number, DatosFirma>();
  for (const e of eventos) {
    const datos = parse(e.datos) as (DatosVersion & DatosFirma) | undefined;
    if (!datos) continue;
    if (e.tipo === 'firmado') firmadas.set(datos.firma_id, datos);
    else hashPorVersion.set(datos.version, datos.documento_sha256);
  }
  let versionesBien = true;
  for (const v of doc.versiones) {
    const contenido = parse(v.contenido);
    const recalculado = contenido === undefined ? '' : huella(contenido);
    if (recalculado !== v.documento_sha256 || hashPorVersion.get(v.version) !== recalculado) {
      versionesBien = false;
      fallo('versiones', `La versión ${v.version} ha cambiado después de registrarse.`);
    }
  }
  const versiones = new Set(doc.versiones.map((v) => v.version));
  const maxVersion = Math.max(0, ...hashPorVersion.keys());
  if (
    [...hashPorVersion.keys()].some((v) => !versiones.has(v)) ||
    doc.version_actual !== maxVersion
  ) {
    versionesBien = false;
    fallo('versiones', 'Falta una versión registrada en la cadena.');
  }
  if (versionesBien) {
    comprobaciones.push({
      nombre: 'versiones',
      correcta: true,
      detalle: `El contenido de ${versiones.size === 1 ? 'la versión' : `las ${versiones.size} versiones`} coincide con su huella SHA-256.`,
    });
  }

  // 4. The signatures: each row equals what its event recorded, image and photos included.
  let firmasBien = true;
  for (const f of doc.firmas) {
    const registrada = firmadas.get(f.id);
    const fotos = (parse(f.fotos) ?? []) as { archivo_id: number; sha256: string }[];
    const datos = (() => {
      try {
        return datosDeFirma(f);
      } catch {
        return undefined;
      }
    })();
    const igual =
      registrada !== undefined &&
      datos !== undefined &&
      canonico(registrada) === canonico(datos) &&
      hashDeImagen(f.imagen_png) === f.imagen_sha256 &&
      fotos.every((p) => doc.fotos.get(p.archivo_id) === p.sha256) &&
      hashPorVersion.get(f.version) === f.documento_sha256;
    if (!igual) {
      firmasBien = false;
      fallo(
        'firmas',
        `La firma ${ROL_TEXTO[f.rol] ?? ''} no coincide con la registrada.`.replace('  ', ' '),
      );
    }
    firmadas.delete(f.id);
  }
  if (firmadas.size > 0) {
    firmasBien = false;
    fallo('firmas', 'Falta una firma registrada en la cadena.');
  }
  if (firmasBien) {
    comprobaciones.push({
      nombre: 'firmas',
      correcta: true,
      detalle:
        doc.firmas.length === 0
          ? 'Aún no hay firmas.'
          : 'Cada firma coincide con la registrada en la cadena, con su imagen y sus fotos.',
    });
  }

  return {
    intacto: comprobaciones.every((c) => c.correcta),
    comprobaciones,
    hashPorVersion,
  };
}
