import { randomInt } from 'node:crypto';
import {
  ECMR_CODIGO_ALFABETO,
  ECMR_CODIGO_LONGITUD,
  ECMR_CODIGO_MINUTOS,
  ECMR_ENLACE_HORAS,
  ECMR_FIRMA_MAX_BYTES,
  type EcmrCanal,
  type EcmrEstado,
  type EcmrRol,
} from '@extranet/contracts/ecmr/constants';
import type {
  ClavePublicaEcmr,
  DiferenciasEcmr,
  EcmrDetalle,
  EcmrFirmado,
  EcmrParaFirmar,
  EdicionEcmr,
  FirmaEcmr,
  FirmaNueva,
  InvitacionCreada,
  InvitacionNueva,
  NotaEcmr,
  VerificacionEcmr,
  VersionesEcmr,
} from '@extranet/contracts/ecmr/ecmr';
import type { EntregaEcmrEnvio } from '@extranet/contracts/envio/envio';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { HttpError } from '../../lib/http-error.js';
import { randomToken, sha256Hex } from '../../lib/tokens.js';
import { recordEvent } from '../../outbox/events.js';
import { recordAudit } from '../audit/repository.js';
import { canonico, huella } from './canonico.js';
import {
  HASH_INICIAL,
  datosDeFirma,
  hashDeEvento,
  hashDeImagen,
  verificarDocumento,
  type DatosVersion,
  type TipoEventoEcmr,
} from './cadena.js';
import { aplicarCambios, diferencias, notaInicial } from './nota.js';
import {
  bloquearEcmr,
  findContextoEcmr,
  findEcmr,
  findEcmrDeTramoDelPorte,
  findEcmrDelProveedor,
  findEcmrPorVerificacion,
  findFotosDeReserva,
  findFuenteSubpartida,
  findInvitacion,
  findInvitacionAbierta,
  findInvitacionPorCodigo,
  findInvitacionPorToken,
  hashesDeArchivos,
  insertEcmr,
  insertEvento,
  insertFirma,
  insertInvitacion,
  insertVersion,
  listEcmrDelPorte,
  listEventos,
  listFirmas,
  listParadasDeSubpartida,
  listVersiones,
  replaceVersion,
  setTokenInvitacion,
  updateEcmr,
  usarInvitacion,
  type EcmrRow,
  type FirmaRow,
  type InvitacionRow,
} from './repository.js';
import type { SelloEcmr } from './sello.js';

/*
 * The e-CMR's rules (issue 18, docs/decisions/013-ecmr-signatures.md): one note per leg, made
 * from the transport data; edited in place only while unsigned, a new version afterwards;
 * every change and signature an event of a sealed hash chain; contactless signing with
 * single-use, expiring, hashed links and codes; a verification anyone with the QR can run.
 */

type Db = Kysely<Database>;

/** What the services need besides the database. */
export interface EcmrDeps {
  db: Db;
  sello: SelloEcmr;
  publicUrl: string;
}

/** Who signs, how, and from which device. */
export interface Firmante {
  rol: EcmrRol;
  canal: EcmrCanal;
  dispositivo: string | null;
  /** The contactless invitation spent by this signature. */
  invitacionId?: number;
  /** The shipment link it came through (audited with the signature): its id and the caller's IP. */
  enlacePorte?: { id: number; ip: string };
}

const noEncontrado = () => new HttpError(404, 'NOT_FOUND', 'e-CMR no encontrado.');
const subpartidaNoEncontrada = () => new HttpError(404, 'NOT_FOUND', 'Subpartida no encontrada.');
const entregado = () =>
  new HttpError(
    409,
    'ECMR_DELIVERED',
    'El e-CMR ya está firmado en la entrega: no admite cambios.',
  );
const pickupSinFirmar = () =>
  new HttpError(
    409,
    'PICKUP_NOT_SIGNED',
    'Falta la firma del remitente en la recogida: el destinatario firma después.',
  );

/** The page the QR code opens: the web's verification route. */
export function verificacionUrl(publicUrl: string, verificacionId: string): string {
  return `${publicUrl}/ecmr/verificar/${verificacionId}`;
}

/** The QR's URL: the verification page with the start of the last event hash of the copy. */
export function verificacionQrUrl(
  publicUrl: string,
  e: Pick<EcmrRow, 'verificacion_id' | 'ultimo_hash'>,
) {
  return `${verificacionUrl(publicUrl, e.verificacion_id)}?h=${e.ultimo_hash.slice(0, 16)}`;
}

/** The state of a note from its signatures (whatever version they signed). */
export function estadoDe(firmas: readonly Pick<FirmaRow, 'rol' | 'reservas'>[]): EcmrEstado {
  const destinatario = firmas.find((f) => f.rol === 'destinatario');
  if (destinatario) return destinatario.reservas ? 'con_reservas' : 'entregada';
  if (firmas.some((f) => f.rol === 'remitente')) return 'recogida_firmada';
  return 'sin_firmar';
}

function parseNota(contenido: string): NotaEcmr {
  return JSON.parse(contenido) as NotaEcmr;
}

/**
 * Appends a sealed event to the note's chain. Call it in the transaction of the change, after
 * `bloquearEcmr`: the row passed in is the locked, current one.
 */
async function agregarEvento(
  trx: Db,
  sello: SelloEcmr,
  ecmr: Pick<EcmrRow, 'id' | 'verificacion_id' | 'eventos_n' | 'ultimo_hash'>,
  tipo: TipoEventoEcmr,
  datos: unknown,
  ocurridoAt: string,
): Promise<{ eventos_n: number; ultimo_hash: string }> {
  const secuencia = ecmr.eventos_n + 1;
  // Stored as its canonical text, so the hash can be recomputed from what is kept.
  const datosCanonicos = JSON.parse(canonico(datos)) as unknown;
  const hash = hashDeEvento({
    documento: ecmr.verificacion_id,
    secuencia,
    tipo,
    ocurrido_at: ocurridoAt,
    datos: datosCanonicos,
    hash_anterior: ecmr.ultimo_hash,
  });
  await insertEvento(trx, {
    ecmr_id: ecmr.id,
    secuencia,
    tipo,
    ocurrido_at: ocurridoAt,
    datos: canonico(datos),
    hash_anterior: ecmr.ultimo_hash,
    hash,
    sello: sello.sellar(hash),
    clave_id: sello.claveId,
  });
  return { eventos_n: secuencia, ultimo_hash: hash };
}

/** A stored signature as the portals show it. */
export function toFirma(f: FirmaRow, versionActual: number): FirmaEcmr {
  return {
    id: f.id,
    rol: f.rol,
    nombre: f.nombre,
    canal: f.canal,
    firmado_at: f.firmado_at,
    version: f.version,
    documento_sha256: f.documento_sha256,
    posicion: f.lat === null || f.lng === null ? null : { lat: f.lat, lng: f.lng },
    dispositivo: f.dispositivo,
    reservas: f.reservas,
    fotos: JSON.parse(f.fotos) as FirmaEcmr['fotos'],
    cubre_version_actual: f.version === versionActual,
  };
}

/** The note as the carrier and the driver see it. */
export async function detalleDe(deps: EcmrDeps, ecmr: EcmrRow): Promise<EcmrDetalle> {
  const { versiones, firmas, eventos } = await documentoGuardado(deps.db, ecmr);
  const actual = versiones.find((v) => v.version === ecmr.version_actual);
  if (!actual) throw noEncontrado();
  return {
    id: ecmr.id,
    subpartida_id: ecmr.subpartida_id,
    transporte_id: ecmr.transporte_id,
    numero: ecmr.numero,
    estado: ecmr.estado,
    version: ecmr.version_actual,
    documento_sha256: actual.documento_sha256,
    contenido: parseNota(actual.contenido),
    editable: !firmas.some((f) => f.rol === 'destinatario'),
    verificacion_url: verificacionUrl(deps.publicUrl, ecmr.verificacion_id),
    firmas: firmas.map((f) => toFirma(f, ecmr.version_actual)),
    eventos: eventos.map((e) => ({
      secuencia: e.secuencia,
      tipo: e.tipo,
      ocurrido_at: e.ocurrido_at,
      hash: e.hash,
    })),
    created_at: ecmr.created_at,
  };
}

// ---------------------------------------------------------------------------------------
// The carrier: create, read, edit, versions

async function ecmrDelProveedor(db: Db, proveedorId: number, subpartidaId: number) {
  const ecmr = await findEcmrDelProveedor(db, proveedorId, subpartidaId);
  if (!ecmr) throw noEncontrado();
  return ecmr;
}

/**
 * Creates the note of one of the carrier's legs from the transport data: version 1 and its
 * `creado` event. A second creation is a 409 (`existente` returns the first instead).
 */
export async function crearEcmr(
  deps: EcmrDeps,
  proveedorId: number,
  subpartidaId: number,
  usuarioId: number | null,
  opciones: { existente?: boolean } = {},
): Promise<EcmrRow> {
  const fuente = await findFuenteSubpartida(deps.db, proveedorId, subpartidaId);
  if (!fuente) throw subpartidaNoEncontrada();
  const previo = await findEcmrDelProveedor(deps.db, proveedorId, subpartidaId);
  if (previo) {
    if (opciones.existente) return previo;
    throw new HttpError(409, 'ECMR_EXISTS', 'Esta subpartida ya tiene su e-CMR.');
  }
  if (fuente.transporte_estado === 'anulado') {
    throw new HttpError(409, 'TRANSPORT_CLOSED', 'El transporte está anulado: no admite e-CMR.');
  }
  const paradas = await listParadasDeSubpartida(
    deps.db,
    fuente.transporte_id,
    fuente.id,
    fuente.porte_id,
  );
  const now = clock.now().toISOString();
  const nota = notaInicial(fuente, paradas, now.slice(0, 10));
  const documentoSha256 = huella(nota);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const ecmr = await insertEcmr(trx, {
        subpartida_id: fuente.id,
        transporte_id: fuente.transporte_id,
        numero: nota.numero,
        verificacion_id: randomToken(16),
        version_actual: 1,
        estado: 'sin_firmar',
        eventos_n: 0,
        ultimo_hash: HASH_INICIAL,
        created_at: now,
        updated_at: now,
      });
      await insertVersion(trx, {
        ecmr_id: ecmr.id,
        version: 1,
        contenido: canonico(nota),
        documento_sha256: documentoSha256,
        usuario_id: usuarioId,
        created_at: now,
      });
      const datos: DatosVersion = { version: 1, documento_sha256: documentoSha256 };
      const cadena = await agregarEvento(trx, deps.sello, ecmr, 'creado', datos, now);
      await updateEcmr(trx, ecmr.id, cadena);
      return { ...ecmr, ...cadena };
    });
  } catch (error) {
    // Two first requests at once (the carrier and the driver): the loser reads the winner's.
    if (!isUniqueViolation(error)) throw error;
    const ganador = await findEcmrDelProveedor(deps.db, proveedorId, subpartidaId);
    if (!ganador) throw error;
    if (opciones.existente) return ganador;
    throw new HttpError(409, 'ECMR_EXISTS', 'Esta subpartida ya tiene su e-CMR.');
  }
}

export async function getEcmr(
  deps: EcmrDeps,
  proveedorId: number,
  subpartidaId: number,
): Promise<EcmrDetalle> {
  return detalleDe(deps, await ecmrDelProveedor(deps.db, proveedorId, subpartidaId));
}

/**
 * The carrier's change: in place while nobody has signed the note; once someone has, a new
 * version (the old one and the signatures on it stay as they were). Refused after delivery,
 * and when the note changed since the carrier read it (`documento_sha256`).
 */
export async function editarEcmr(
  deps: EcmrDeps,
  proveedorId: number,
  usuarioId: number | null,
  ip: string,
  subpartidaId: number,
  edicion: EdicionEcmr,
): Promise<EcmrDetalle> {
  const { id } = await ecmrDelProveedor(deps.db, proveedorId, subpartidaId);
  const now = clock.now().toISOString();
  const ecmr = await deps.db.transaction().execute(async (trx) => {
    const actual = await bloquearEcmr(trx, id, now);
    const firmas = await listFirmas(trx, id);
    if (firmas.some((f) => f.rol === 'destinatario')) throw entregado();
    const version = (await listVersiones(trx, id)).find((v) => v.version === actual.version_actual);
    if (!version) throw noEncontrado();
    if (version.documento_sha256 !== edicion.documento_sha256) {
      throw new HttpError(
        409,
        'ECMR_CHANGED',
        'El e-CMR ha cambiado desde que lo abrió: vuelva a cargarlo antes de modificarlo.',
      );
    }
    const nota = aplicarCambios(parseNota(version.contenido), edicion.cambios);
    const documentoSha256 = huella(nota);
    if (documentoSha256 === version.documento_sha256) return actual;
    let versionNueva = actual.version_actual;
    let tipo: TipoEventoEcmr = 'editado';
    if (firmas.length === 0) {
      await replaceVersion(trx, id, versionNueva, canonico(nota), documentoSha256);
    } else {
      versionNueva += 1;
      tipo = 'nueva_version';
      await insertVersion(trx, {
        ecmr_id: id,
        version: versionNueva,
        contenido: canonico(nota),
        documento_sha256: documentoSha256,
        usuario_id: usuarioId,
        created_at: now,
      });
    }
    const datos: DatosVersion = {
      version: versionNueva,
      documento_sha256: documentoSha256,
      anterior_sha256: version.documento_sha256,
    };
    const cadena = await agregarEvento(trx, deps.sello, actual, tipo, datos, now);
    await updateEcmr(trx, id, { ...cadena, version_actual: versionNueva });
    await recordAudit(trx, {
      accion: tipo === 'editado' ? 'ecmr.editado' : 'ecmr.nueva_version',
      usuarioId,
      portal: 'proveedores',
      entidad: 'subpartida',
      entidadId: subpartidaId,
      ip,
      detalles: { ecmrId: id, version: versionNueva, sha256: documentoSha256 },
    });
    return { ...actual, ...cadena, version_actual: versionNueva };
  });
  return detalleDe(deps, ecmr);
}

export async function listVersionesEcmr(
  deps: EcmrDeps,
  proveedorId: number,
  subpartidaId: number,
): Promise<VersionesEcmr> {
  const ecmr = await ecmrDelProveedor(deps.db, proveedorId, subpartidaId);
  const versiones = await listVersiones(deps.db, ecmr.id);
  return {
    items: versiones.map((v) => ({
      version: v.version,
      documento_sha256: v.documento_sha256,
      created_at: v.created_at,
      contenido: parseNota(v.contenido),
    })),
  };
}

export async function diferenciasEcmr(
  deps: EcmrDeps,
  proveedorId: number,
  subpartidaId: number,
  desde: number,
  hasta: number,
): Promise<DiferenciasEcmr> {
  const ecmr = await ecmrDelProveedor(deps.db, proveedorId, subpartidaId);
  const versiones = await listVersiones(deps.db, ecmr.id);
  const a = versiones.find((v) => v.version === desde);
  const b = versiones.find((v) => v.version === hasta);
  if (!a || !b) throw new HttpError(404, 'NOT_FOUND', 'Versión no encontrada.');
  return {
    desde,
    hasta,
    cambios: diferencias(parseNota(a.contenido), parseNota(b.contenido)),
  };
}

// ---------------------------------------------------------------------------------------
// Signatures

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The drawn signature's bytes: a PNG within the size limit, or a 400. */
function imagenDeFirma(base64: string): Buffer {
  const bytes = Buffer.from(base64, 'base64');
  const problema =
    bytes.length > ECMR_FIRMA_MAX_BYTES
      ? 'La firma dibujada es demasiado grande.'
      : bytes.length < PNG_MAGIC.length || !bytes.subarray(0, 8).equals(PNG_MAGIC)
        ? 'La firma dibujada no es una imagen PNG.'
        : null;
  if (problema) {
    throw new HttpError(400, 'VALIDATION_ERROR', problema, [
      { path: '/firma_png', message: problema },
    ]);
  }
  return bytes;
}

/** The prefix of the stored name of a note's reservation photos (how a signature finds them). */
export function nombreFotoReserva(ecmrId: number): string {
  return `Reserva e-CMR ${ecmrId} `;
}

/**
 * Adds a signature to the current version: one per role and version, the consignee's only
 * after the sender's and then last of all, reservations and photos only the consignee's. The
 * row, its sealed `firmado` event, the note's state and the `ecmr.firmado` outbox event are
 * written in one transaction.
 */
export async function firmarEcmr(
  deps: EcmrDeps,
  ecmrId: number,
  firmante: Firmante,
  body: FirmaNueva,
): Promise<EcmrRow> {
  const imagen = imagenDeFirma(body.firma_png);
  const reservas = body.reservas && body.reservas !== '' ? body.reservas : null;
  const fotosIds = [...new Set(body.fotos ?? [])];
  if (firmante.rol !== 'destinatario' && (reservas !== null || fotosIds.length > 0)) {
    const message = 'Solo el destinatario firma con reservas.';
    throw new HttpError(400, 'VALIDATION_ERROR', message, [{ path: '/reservas', message }]);
  }
  const contexto = await findContextoEcmr(deps.db, ecmrId);
  const fotos = await findFotosDeReserva(
    deps.db,
    contexto.proveedor_id,
    nombreFotoReserva(ecmrId),
    fotosIds,
  );
  if (fotos.length !== fotosIds.length) {
    const message = 'Alguna foto no es de las reservas de este e-CMR.';
    throw new HttpError(400, 'VALIDATION_ERROR', message, [{ path: '/fotos', message }]);
  }
  const now = clock.now().toISOString();
  return deps.db.transaction().execute(async (trx) => {
    const actual = await bloquearEcmr(trx, ecmrId, now);
    const firmas = await listFirmas(trx, ecmrId);
    if (firmas.some((f) => f.rol === 'destinatario')) throw entregado();
    if (firmas.some((f) => f.rol === firmante.rol && f.version === actual.version_actual)) {
      throw new HttpError(
        409,
        'ALREADY_SIGNED',
        'Esta firma ya está hecha en esta versión del e-CMR.',
      );
    }
    if (firmante.rol === 'destinatario' && !firmas.some((f) => f.rol === 'remitente')) {
      throw pickupSinFirmar();
    }
    const version = (await listVersiones(trx, ecmrId)).find(
      (v) => v.version === actual.version_actual,
    );
    if (!version) throw noEncontrado();
    if (version.documento_sha256 !== body.documento_sha256) {
      throw new HttpError(
        409,
        'ECMR_CHANGED',
        'El e-CMR ha cambiado desde que se mostró: revíselo de nuevo antes de firmar.',
      );
    }
    const imagenPng = imagen.toString('base64');
    const firma = await insertFirma(
      trx,
      {
        ecmr_id: ecmrId,
        version: actual.version_actual,
        rol: firmante.rol,
        nombre: body.nombre,
        canal: firmante.canal,
        firmado_at: now,
        documento_sha256: version.documento_sha256,
        imagen_png: imagenPng,
        imagen_sha256: hashDeImagen(imagenPng),
        lat: body.posicion?.lat ?? null,
        lng: body.posicion?.lng ?? null,
        precision_m:
          body.posicion?.precision_m === undefined ? null : Math.round(body.posicion.precision_m),
        dispositivo: firmante.dispositivo?.slice(0, 300) ?? null,
        reservas: firmante.rol === 'destinatario' ? reservas : null,
        fotos: JSON.stringify(
          fotosIds.map((id) => ({
            archivo_id: id,
            sha256: fotos.find((f) => Number(f.id) === id)!.sha256,
          })),
        ),
      },
      fotosIds,
    );
    if (
      firmante.invitacionId !== undefined &&
      !(await usarInvitacion(trx, firmante.invitacionId, firma.id, now))
    ) {
      throw enlaceUsado();
    }
    if (firmante.enlacePorte) {
      await recordAudit(trx, {
        accion: 'ecmr.firmado_enlace_envio',
        entidad: 'enlace_porte',
        entidadId: firmante.enlacePorte.id,
        ip: firmante.enlacePorte.ip,
        detalles: {
          ecmrId,
          subpartidaId: actual.subpartida_id,
          firmaId: firma.id,
          rol: firma.rol,
          invitacionId: firmante.invitacionId ?? null,
        },
      });
    }
    const cadena = await agregarEvento(
      trx,
      deps.sello,
      actual,
      'firmado',
      datosDeFirma(firma),
      now,
    );
    const estado = estadoDe([...firmas, firma]);
    await updateEcmr(trx, ecmrId, { ...cadena, estado });
    const ecmr = { ...actual, ...cadena, estado };
    await recordEvent(trx, 'ecmr.firmado', {
      ecmr_id: ecmrId,
      subpartida_id: ecmr.subpartida_id,
      transporte_id: ecmr.transporte_id,
      proveedor_id: contexto.proveedor_id,
      referencia: contexto.referencia,
      partida: contexto.partida,
      numero: ecmr.numero,
      rol: firma.rol,
      nombre: firma.nombre,
      canal: firma.canal,
      firmado_at: firma.firmado_at,
      version: firma.version,
      documento_sha256: firma.documento_sha256,
      estado,
      reservas: firma.reservas,
      json_path: `/api/integration/v1/ecmr/${ecmrId}`,
      pdf_path: `/api/integration/v1/ecmr/${ecmrId}/pdf`,
      verificacion_url: verificacionUrl(deps.publicUrl, ecmr.verificacion_id),
    });
    return ecmr;
  });
}

// ---------------------------------------------------------------------------------------
// Contactless signing: invitations, codes, links

/** What `ecmr_invitaciones.token_hash` holds: a leaked table yields no working link. */
export function tokenFirmaHash(token: string): string {
  return sha256Hex(`ecmr-firma:${token}`);
}

/** What `ecmr_invitaciones.codigo_hash` holds (the code without its dash, upper case). */
export function codigoHash(codigo: string): string {
  return sha256Hex(`ecmr-codigo:${codigo}`);
}

/** A fresh code: 8 characters of an alphabet without look-alikes (~40 bits). */
export function nuevoCodigo(): string {
  let codigo = '';
  for (let i = 0; i < ECMR_CODIGO_LONGITUD; i++) {
    codigo += ECMR_CODIGO_ALFABETO[randomInt(ECMR_CODIGO_ALFABETO.length)];
  }
  return codigo;
}

const enlaceUsado = () =>
  new HttpError(410, 'LINK_USED', 'Este enlace ya se ha usado para firmar. Pida uno nuevo.');

/**
 * A contactless invitation for the sender or the consignee: a code to show on the driver's
 * screen, or a one-time link e-mailed through the outbox (the link's token is made when the
 * e-mail is sent, so no readable token is ever stored).
 */
export async function crearInvitacion(
  deps: EcmrDeps,
  ecmr: EcmrRow,
  body: InvitacionNueva,
): Promise<InvitacionCreada> {
  const firmas = await listFirmas(deps.db, ecmr.id);
  if (firmas.some((f) => f.rol === 'destinatario')) throw entregado();
  const now = clock.now();
  const expires = new Date(
    now.getTime() +
      (body.canal === 'codigo' ? ECMR_CODIGO_MINUTOS * 60_000 : ECMR_ENLACE_HORAS * 3_600_000),
  );
  const codigo = body.canal === 'codigo' ? nuevoCodigo() : null;
  const invitacion = await deps.db.transaction().execute(async (trx) => {
    const creada = await insertInvitacion(trx, {
      ecmr_id: ecmr.id,
      rol: body.rol,
      canal: body.canal,
      email: body.canal === 'email' ? (body.email ?? null) : null,
      codigo_hash: codigo === null ? null : codigoHash(codigo),
      created_at: now.toISOString(),
      expires_at: expires.toISOString(),
    });
    if (body.canal === 'email') {
      await recordEvent(trx, 'ecmr.invitacion', { invitacion_id: creada.id });
    }
    return creada;
  });
  return {
    id: invitacion.id,
    rol: body.rol,
    canal: body.canal,
    codigo: codigo === null ? null : `${codigo.slice(0, 4)}-${codigo.slice(4)}`,
    expires_at: invitacion.expires_at,
  };
}

/** An invitation still usable, or the signer's Spanish reason why not. */
function invitacionViva(invitacion: InvitacionRow | undefined, now: Date): InvitacionRow {
  if (!invitacion) throw new HttpError(404, 'NOT_FOUND', 'Enlace de firma no válido.');
  if (invitacion.usada_at !== null) throw enlaceUsado();
  if (new Date(invitacion.expires_at) <= now) {
    throw new HttpError(410, 'LINK_EXPIRED', 'Este enlace de firma ha caducado. Pida uno nuevo.');
  }
  return invitacion;
}

/** The code typed on the signer's device becomes its one-time signing token (once). */
export async function canjearCodigo(deps: EcmrDeps, codigo: string): Promise<{ token: string }> {
  const invitacion = await findInvitacionPorCodigo(deps.db, codigoHash(codigo));
  const now = clock.now();
  if (!invitacion) throw new HttpError(404, 'NOT_FOUND', 'Código no válido.');
  if (invitacion.canjeada_at !== null) {
    throw new HttpError(
      410,
      'CODE_USED',
      'Este código ya se ha usado. Pida uno nuevo al conductor.',
    );
  }
  invitacionViva(invitacion, now);
  const token = randomToken();
  if (
    !(await setTokenInvitacion(
      deps.db,
      invitacion.id,
      tokenFirmaHash(token),
      now.toISOString(),
      true,
    ))
  ) {
    throw new HttpError(
      410,
      'CODE_USED',
      'Este código ya se ha usado. Pida uno nuevo al conductor.',
    );
  }
  return { token };
}

/** The live invitation of a signing token and its note. */
export async function invitacionDelToken(deps: EcmrDeps, token: string) {
  const invitacion = invitacionViva(
    await findInvitacionPorToken(deps.db, tokenFirmaHash(token)),
    clock.now(),
  );
  const ecmr = await findEcmr(deps.db, invitacion.ecmr_id);
  if (!ecmr) throw noEncontrado();
  // Signed meanwhile another way (on the driver's phone, by a code): the link has nothing to do.
  if ((await listFirmas(deps.db, ecmr.id)).some((f) => f.rol === invitacion.rol)) {
    throw new HttpError(
      410,
      'ALREADY_SIGNED',
      `La carta de porte ya la ha firmado ${ROL_TEXTO[invitacion.rol]}: este enlace ya no hace falta.`,
    );
  }
  return { invitacion, ecmr };
}

/** What the contactless signer reads before signing: the note and who signed it already. */
export async function paraFirmar(
  deps: EcmrDeps,
  invitacion: InvitacionRow,
  ecmr: EcmrRow,
): Promise<EcmrParaFirmar> {
  const detalle = await detalleDe(deps, ecmr);
  return {
    rol: invitacion.rol as EcmrParaFirmar['rol'],
    numero: detalle.numero,
    version: detalle.version,
    documento_sha256: detalle.documento_sha256,
    contenido: detalle.contenido,
    firmas: detalle.firmas.map((f) => ({ rol: f.rol, nombre: f.nombre, firmado_at: f.firmado_at })),
    expires_at: invitacion.expires_at,
  };
}

/** The signature on the signer's own device: spends the invitation in the same transaction. */
export async function firmarRemoto(
  deps: EcmrDeps,
  token: string,
  body: FirmaNueva,
  dispositivo: string | null,
): Promise<{ ecmr: EcmrRow; respuesta: EcmrParaFirmar }> {
  const { invitacion, ecmr } = await invitacionDelToken(deps, token);
  const firmado = await firmarEcmr(
    deps,
    ecmr.id,
    {
      rol: invitacion.rol,
      canal: invitacion.canal === 'email' ? 'enlace_email' : 'codigo',
      dispositivo,
      invitacionId: invitacion.id,
    },
    body,
  );
  const usada = await findInvitacion(deps.db, invitacion.id);
  return { ecmr: firmado, respuesta: await paraFirmar(deps, usada ?? invitacion, firmado) };
}

// ---------------------------------------------------------------------------------------
// The shipment link's consignee (issue 19, docs/decisions/015-shipment-links.md)

/** A live shipment link that lets its holder sign (modules/envio checks both). */
export interface EnlaceDeFirma {
  id: number;
  porteId: number;
}

/**
 * What a shipment link lets its holder sign: the consignee's signature of a leg of that very
 * shipment, once the driver has asked for it (an open contactless invitation for the consignee,
 * which the signature spends) and the sender has signed. Otherwise the visitor's reason: another
 * shipment's leg 404, nothing asked or already signed 409.
 */
export async function entregaPendiente(
  deps: EcmrDeps,
  enlace: EnlaceDeFirma,
  subpartidaId: number,
): Promise<{ ecmr: EcmrRow; invitacion: InvitacionRow }> {
  const ecmr = await findEcmrDeTramoDelPorte(deps.db, enlace.porteId, subpartidaId);
  if (!ecmr) throw subpartidaNoEncontrada();
  const firmas = await listFirmas(deps.db, ecmr.id);
  if (firmas.some((f) => f.rol === 'destinatario')) {
    throw new HttpError(409, 'ALREADY_SIGNED', 'La entrega de este e-CMR ya está firmada.');
  }
  const invitacion = await findInvitacionAbierta(
    deps.db,
    ecmr.id,
    'destinatario',
    clock.now().toISOString(),
  );
  if (!invitacion) {
    throw new HttpError(
      409,
      'SIGNATURE_NOT_REQUESTED',
      'El conductor no ha pedido la firma de la entrega de este e-CMR, o su petición ha caducado. Pídasela al conductor.',
    );
  }
  if (!firmas.some((f) => f.rol === 'remitente')) throw pickupSinFirmar();
  return { ecmr, invitacion };
}

/**
 * The consignee's signature from the shipment link's page: the channel `enlace_envio` in the
 * signature and its sealed event, the link in the audit log, the driver's request spent.
 */
export async function firmarPorEnlaceEnvio(
  deps: EcmrDeps,
  enlace: EnlaceDeFirma & { ip: string },
  subpartidaId: number,
  body: FirmaNueva,
  dispositivo: string | null,
): Promise<{ ecmr: EcmrRow; respuesta: EcmrParaFirmar }> {
  const { ecmr, invitacion } = await entregaPendiente(deps, enlace, subpartidaId);
  const firmado = await firmarEcmr(
    deps,
    ecmr.id,
    {
      rol: 'destinatario',
      canal: 'enlace_envio',
      dispositivo,
      invitacionId: invitacion.id,
      enlacePorte: { id: enlace.id, ip: enlace.ip },
    },
    body,
  );
  const usada = await findInvitacion(deps.db, invitacion.id);
  return { ecmr: firmado, respuesta: await paraFirmar(deps, usada ?? invitacion, firmado) };
}

/**
 * The deliveries a signing shipment link shows: each leg whose consignee signature the driver
 * asks for now, or which the consignee has signed (by any channel).
 */
export async function entregasDelPorte(db: Db, porteId: number): Promise<EntregaEcmrEnvio[]> {
  const now = clock.now().toISOString();
  const entregas: EntregaEcmrEnvio[] = [];
  for (const ecmr of await listEcmrDelPorte(db, porteId)) {
    const firmas = await listFirmas(db, ecmr.id);
    const destinatario = firmas.find((f) => f.rol === 'destinatario');
    const invitacion = destinatario
      ? undefined
      : await findInvitacionAbierta(db, ecmr.id, 'destinatario', now);
    const pendiente = invitacion !== undefined && firmas.some((f) => f.rol === 'remitente');
    if (!destinatario && !pendiente) continue;
    entregas.push({
      subpartida_id: Number(ecmr.subpartida_id),
      numero: ecmr.numero,
      pendiente,
      pendiente_hasta: pendiente ? invitacion.expires_at : null,
      firma: destinatario
        ? {
            nombre: destinatario.nombre,
            firmado_at: destinatario.firmado_at,
            con_reservas: destinatario.reservas !== null,
          }
        : null,
    });
  }
  return entregas;
}

/**
 * At delivery of the invitation e-mail: a fresh token for the link (the previous one, if a
 * failed attempt made one, stops working). Null when the invitation can no longer be used.
 */
export async function tokenParaEnviar(
  db: Db,
  invitacionId: number,
): Promise<{ token: string; invitacion: InvitacionRow; numero: string } | null> {
  const invitacion = await findInvitacion(db, invitacionId);
  if (!invitacion?.email) return null;
  const token = randomToken();
  if (
    !(await setTokenInvitacion(
      db,
      invitacionId,
      tokenFirmaHash(token),
      clock.now().toISOString(),
      false,
    ))
  ) {
    return null;
  }
  const ecmr = await findEcmr(db, invitacion.ecmr_id);
  if (!ecmr) return null;
  return { token, invitacion, numero: ecmr.numero };
}

// ---------------------------------------------------------------------------------------
// Verification and the ERP's copy

/** The published public key. */
export function clavePublica(sello: SelloEcmr): ClavePublicaEcmr {
  const jwk = sello.publicKey.export({ format: 'jwk' });
  return {
    algoritmo: 'Ed25519',
    clave_id: sello.claveId,
    pem: sello.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    x: jwk.x ?? '',
  };
}

/** Everything stored about a note, as the verification reads it. */
async function documentoGuardado(db: Db, ecmr: EcmrRow) {
  const [versiones, firmas, eventos] = await Promise.all([
    listVersiones(db, ecmr.id),
    listFirmas(db, ecmr.id),
    listEventos(db, ecmr.id),
  ]);
  const fotoIds = firmas.flatMap((f) =>
    (JSON.parse(f.fotos) as { archivo_id: number }[]).map((p) => p.archivo_id),
  );
  return {
    verificacion_id: ecmr.verificacion_id,
    version_actual: ecmr.version_actual,
    eventos_n: ecmr.eventos_n,
    ultimo_hash: ecmr.ultimo_hash,
    versiones,
    firmas,
    eventos,
    fotos: await hashesDeArchivos(db, fotoIds),
  };
}

const ROL_TEXTO: Record<EcmrRol, string> = {
  remitente: 'el remitente',
  transportista: 'el transportista',
  destinatario: 'el destinatario',
};

/**
 * The public verification of the QR's id: recomputes the hashes, the chain and the seals.
 * It shows what the holder of the PDF already has (who signed which version when, the
 * hashes), never e-mails, positions or devices.
 */
export async function verificarEcmr(
  deps: EcmrDeps,
  verificacionId: string,
  hashCopia: string | undefined,
): Promise<VerificacionEcmr> {
  const ecmr = await findEcmrPorVerificacion(deps.db, verificacionId);
  if (!ecmr) throw new HttpError(404, 'NOT_FOUND', 'No hay ningún e-CMR con ese código.');
  const doc = await documentoGuardado(deps.db, ecmr);
  const resultado = verificarDocumento(doc, new Map([[deps.sello.claveId, deps.sello.publicKey]]));
  const copiaEnCadena =
    hashCopia === undefined ? null : doc.eventos.some((e) => e.hash.startsWith(hashCopia));
  const comprobaciones = [...resultado.comprobaciones];
  if (copiaEnCadena !== null) {
    comprobaciones.push({
      nombre: 'copia',
      correcta: copiaEnCadena,
      detalle: copiaEnCadena
        ? 'El código QR de su copia corresponde a un evento de esta cadena.'
        : 'El código QR de su copia no corresponde a ningún evento de esta cadena.',
    });
  }
  const intacto = comprobaciones.every((c) => c.correcta);
  const actual = doc.versiones.find((v) => v.version === ecmr.version_actual);
  return {
    intacto,
    resumen: intacto
      ? 'El documento está intacto: nadie lo ha cambiado desde que se firmó.'
      : 'El documento no está intacto: algo ha cambiado después de registrarse.',
    numero: ecmr.numero,
    estado: ecmr.estado,
    version: ecmr.version_actual,
    documento_sha256: actual?.documento_sha256 ?? '',
    comprobaciones,
    firmas: doc.firmas.map((f) => ({
      rol: f.rol,
      nombre: f.nombre,
      firmado_at: f.firmado_at,
      version: f.version,
      documento_sha256: f.documento_sha256,
      con_reservas: f.reservas !== null,
      cubre_version_actual: f.version === ecmr.version_actual,
    })),
    eventos: doc.eventos.map((e) => ({
      secuencia: e.secuencia,
      tipo: e.tipo,
      ocurrido_at: e.ocurrido_at,
      hash: e.hash,
      hash_anterior: e.hash_anterior,
      sello: e.sello,
      clave_id: e.clave_id,
    })),
    copia_en_cadena: copiaEnCadena,
    clave_id: deps.sello.claveId,
  };
}

/** Who signed, in one sentence per signature (the PDF and the mail). */
export function firmaEnTexto(f: Pick<FirmaRow, 'rol' | 'nombre' | 'firmado_at'>): string {
  return `${f.nombre}, por ${ROL_TEXTO[f.rol]}, el ${f.firmado_at.slice(0, 16).replace('T', ' ')} UTC`;
}

/** The signed note for the ERP (integration API). */
export async function ecmrFirmado(deps: EcmrDeps, id: number): Promise<EcmrFirmado> {
  const ecmr = await findEcmr(deps.db, id);
  if (!ecmr) throw noEncontrado();
  const doc = await documentoGuardado(deps.db, ecmr);
  return {
    id: ecmr.id,
    subpartida_id: ecmr.subpartida_id,
    transporte_id: ecmr.transporte_id,
    numero: ecmr.numero,
    estado: ecmr.estado,
    verificacion_url: verificacionUrl(deps.publicUrl, ecmr.verificacion_id),
    versiones: doc.versiones.map((v) => ({
      version: v.version,
      documento_sha256: v.documento_sha256,
      created_at: v.created_at,
      contenido: parseNota(v.contenido),
    })),
    firmas: doc.firmas.map((f) => ({
      ...toFirma(f, ecmr.version_actual),
      imagen_sha256: f.imagen_sha256,
    })),
    eventos: doc.eventos,
  };
}

/** The note's rows for the PDF. */
export async function datosParaPdf(db: Db, ecmr: EcmrRow) {
  const doc = await documentoGuardado(db, ecmr);
  const actual = doc.versiones.find((v) => v.version === ecmr.version_actual);
  if (!actual) throw noEncontrado();
  return { ecmr, nota: parseNota(actual.contenido), version: actual, doc };
}

export { ecmrDelProveedor };
