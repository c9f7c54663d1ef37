import { ENVIO_DIAS_TRAS_ENTREGA, ENVIO_DIAS_MAX } from '@extranet/contracts/envio/constants';
import type {
  EnlacePorte,
  EnlacePorteCreado,
  EnlacePorteNuevo,
  EnlacesPorte,
  EnvioAvisoNuevo,
  EnvioPublico,
} from '@extranet/contracts/envio/envio';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config.js';
import type { Archivo, Database } from '../../db/database.js';
import { clock } from '../../lib/clock.js';
import { HttpError } from '../../lib/http-error.js';
import { randomToken, sha256Hex } from '../../lib/tokens.js';
import { recordEvent } from '../../outbox/events.js';
import { findArchivoForCliente } from '../archivos/repository.js';
import { recordAudit } from '../audit/repository.js';
import { entregasDelPorte } from '../ecmr/service.js';
import { getTracking } from '../tracking/service.js';
import { avisoIdDelToken, nuevaClaveAviso, tokenAvisoValido } from './avisos.js';
import { caducaEl, envioUrl } from './enlace.js';
import {
  contarApertura,
  findEnlaceDelCliente,
  findEnlacePorAviso,
  findEnlacePorHash,
  findPorteDelCliente,
  findPorteParaErp,
  insertAviso,
  insertEnlace,
  listEnlaces,
  nombreCreador,
  revokeEnlace,
  setTokenCorreo,
  findEnlaceParaCorreo,
} from './repository.js';

type Db = Kysely<Database>;

const DIA_MS = 86_400_000;

/** What `enlaces_porte.token_hash` holds: a leaked table yields no working link. */
export function envioTokenHash(token: string): string {
  return sha256Hex(`envio:${token}`);
}

type EnlaceRow = NonNullable<Awaited<ReturnType<typeof findEnlaceDelCliente>>>;

function toEnlace(row: EnlaceRow, now: Date): EnlacePorte {
  const caduca = caducaEl(row);
  return {
    id: Number(row.id),
    partida: row.partida,
    creado_por: row.creado_por,
    created_at: row.created_at,
    expires_at: caduca.toISOString(),
    dias_tras_entrega: row.dias_tras_entrega,
    revoked_at: row.revoked_at,
    entrega: row.muestra_entrega === 1,
    factura: row.muestra_factura === 1,
    firma: row.permite_firma === 1,
    destinatario_email: row.destinatario_email,
    aperturas: row.aperturas,
    last_opened_at: row.last_opened_at,
    activo: row.revoked_at === null && caduca > now,
  };
}

const porteNoEncontrado = () => new HttpError(404, 'NOT_FOUND', 'Porte no encontrado.');

/** Who makes a link: a user of the customer's portal, or the ERP with its API key. */
export interface CreadorEnlace {
  clienteId: number;
  usuarioId: number | null;
  apiKeyId: number | null;
  ip: string;
  /** The invoice may be shared only by whom the Facturas section is open (the ERP may). */
  puedeFacturas: boolean;
}

async function crearEnlace(
  db: Db,
  config: Pick<AppConfig, 'publicUrl'>,
  creador: CreadorEnlace,
  porte: { id: number; partida: string; estado: string; entregado_at: string | null },
  nuevo: EnlacePorteNuevo,
): Promise<EnlacePorteCreado> {
  if (nuevo.factura && !creador.puedeFacturas) {
    throw new HttpError(403, 'FORBIDDEN', 'No tiene acceso a las facturas: no puede compartirlas.');
  }
  if (porte.estado === 'anulado') {
    throw new HttpError(409, 'SHIPMENT_CANCELLED', 'El porte está anulado: no se puede compartir.');
  }
  const now = clock.now();
  const diasTrasEntrega = nuevo.dias === null ? ENVIO_DIAS_TRAS_ENTREGA : null;
  // "Until 7 days after delivery" is capped, so a shipment never delivered does not leave a
  // link open for ever; a chosen number of days counts from now.
  const expiresAt = new Date(now.getTime() + (nuevo.dias ?? ENVIO_DIAS_MAX) * DIA_MS);
  const caduca = caducaEl({
    expires_at: expiresAt.toISOString(),
    dias_tras_entrega: diasTrasEntrega,
    entregado_at: porte.entregado_at,
  });
  if (caduca <= now) {
    throw new HttpError(
      409,
      'SHIPMENT_DELIVERED',
      `El porte se entregó hace más de ${ENVIO_DIAS_TRAS_ENTREGA} días: elija cuántos días dura el enlace.`,
    );
  }
  const creadoPor =
    (await nombreCreador(db, creador)) ?? (creador.apiKeyId ? 'ERP' : 'Enlace de acceso');
  const token = randomToken();
  const id = await db.transaction().execute(async (trx) => {
    const enlaceId = await insertEnlace(trx, {
      porteId: porte.id,
      clienteId: creador.clienteId,
      tokenHash: envioTokenHash(token),
      usuarioId: creador.usuarioId,
      apiKeyId: creador.apiKeyId,
      creadoPor,
      entrega: nuevo.entrega,
      factura: nuevo.factura,
      firma: nuevo.firma,
      email: nuevo.email,
      diasTrasEntrega,
      createdAt: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
    });
    // The mail's own token is made by the outbox worker when it sends it: nothing readable
    // is stored, neither in this row nor in the outbox.
    if (nuevo.email !== null) {
      await recordEvent(trx, 'enlace_porte.correo', { enlace_id: enlaceId });
    }
    await recordAudit(trx, {
      accion: 'enlace_porte.creado',
      usuarioId: creador.usuarioId,
      portal: creador.apiKeyId === null ? 'clientes' : null,
      entidad: 'porte',
      entidadId: porte.id,
      ip: creador.ip,
      detalles: {
        enlaceId,
        apiKeyId: creador.apiKeyId,
        entrega: nuevo.entrega,
        factura: nuevo.factura,
        firma: nuevo.firma,
        expiresAt: caduca.toISOString(),
      },
    });
    return enlaceId;
  });
  const row = await findEnlaceDelCliente(db, creador.clienteId, id);
  if (!row) throw porteNoEncontrado();
  return { ...toEnlace(row, now), url: envioUrl(config.publicUrl, token) };
}

/** A link of one of the customer's shipments (the session's client, in the query). */
export async function crearEnlacePorte(
  db: Db,
  config: Pick<AppConfig, 'publicUrl'>,
  creador: CreadorEnlace,
  partida: string,
  nuevo: EnlacePorteNuevo,
): Promise<EnlacePorteCreado> {
  const porte = await findPorteDelCliente(db, creador.clienteId, partida);
  if (!porte) throw porteNoEncontrado();
  return crearEnlace(db, config, creador, { ...porte, id: Number(porte.id) }, nuevo);
}

/** The ERP's link of any shipment, on behalf of its customer. */
export async function crearEnlacePorteErp(
  db: Db,
  config: Pick<AppConfig, 'publicUrl'>,
  apiKey: { id: number; ip: string },
  partida: string,
  nuevo: EnlacePorteNuevo,
): Promise<EnlacePorteCreado> {
  const porte = await findPorteParaErp(db, partida);
  if (!porte) throw porteNoEncontrado();
  return crearEnlace(
    db,
    config,
    {
      clienteId: porte.cliente_id,
      usuarioId: null,
      apiKeyId: apiKey.id,
      ip: apiKey.ip,
      puedeFacturas: true,
    },
    { ...porte, id: Number(porte.id) },
    nuevo,
  );
}

export async function listEnlacesPorte(
  db: Db,
  clienteId: number,
  partida: string,
): Promise<EnlacesPorte> {
  const porte = await findPorteDelCliente(db, clienteId, partida);
  if (!porte) throw porteNoEncontrado();
  const now = clock.now();
  return {
    items: (await listEnlaces(db, clienteId, Number(porte.id))).map((r) => toEnlace(r, now)),
  };
}

/** Revokes one of the customer's links at once (revoking it again changes nothing). */
export async function revocarEnlacePorte(
  db: Db,
  actor: { clienteId: number; usuarioId: number | null; ip: string },
  id: number,
): Promise<void> {
  const found = await revokeEnlace(db, actor.clienteId, id, clock.now().toISOString());
  if (!found) throw new HttpError(404, 'NOT_FOUND', 'Enlace no encontrado.');
  await recordAudit(db, {
    accion: 'enlace_porte.revocado',
    usuarioId: actor.usuarioId,
    portal: 'clientes',
    entidad: 'enlace_porte',
    entidadId: id,
    ip: actor.ip,
  });
}

const fechaMadrid = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'Europe/Madrid',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** What the public page's reads need: the origin of the URLs, the secret of the tokens. */
type ConfigPublica = Pick<AppConfig, 'publicUrl' | 'sessionSecret'>;

type EnlaceVivo = NonNullable<Awaited<ReturnType<typeof findEnlacePorHash>>>;

/**
 * The link a token opens: the copied or e-mailed token by its hash, or the page token of a
 * visitor's subscription (the link in its notices) by its HMAC.
 */
async function enlaceDe(
  db: Db,
  config: Pick<AppConfig, 'sessionSecret'>,
  token: string,
): Promise<EnlaceVivo | undefined> {
  const avisoId = avisoIdDelToken(token);
  if (avisoId === null) return findEnlacePorHash(db, envioTokenHash(token));
  const found = await findEnlacePorAviso(db, avisoId);
  if (!found || !tokenAvisoValido(config, { id: avisoId, clave: found.clave }, 'pagina', token)) {
    return undefined;
  }
  const { clave: _clave, ...enlace } = found;
  return enlace;
}

/**
 * The live link of a token, or the visitor's Spanish reason why not, naming whom to ask:
 * unknown (404), revoked, expired or its shipment cancelled (410).
 */
async function enlaceDelToken(
  db: Db,
  config: Pick<AppConfig, 'sessionSecret'>,
  token: string,
): Promise<EnlaceVivo> {
  const enlace = await enlaceDe(db, config, token);
  if (!enlace) throw new HttpError(404, 'NOT_FOUND', 'Enlace no válido.');
  const contacto = enlace.cliente_email ?? enlace.telefono;
  const quien = `${enlace.razon_social}${contacto ? ` (${contacto})` : ''}`;
  if (enlace.revoked_at !== null) {
    throw new HttpError(
      410,
      'LINK_REVOKED',
      `${quien} ha anulado este enlace. Si necesita seguir el envío, pídale uno nuevo.`,
    );
  }
  const caduca = caducaEl(enlace);
  if (caduca <= clock.now()) {
    throw new HttpError(
      410,
      'LINK_EXPIRED',
      `Este enlace caducó el ${fechaMadrid.format(caduca)}. Si necesita seguir el envío, pida uno nuevo a ${quien}.`,
    );
  }
  if (enlace.estado === 'anulado') {
    throw new HttpError(
      410,
      'SHIPMENT_CANCELLED',
      `El envío de este enlace está anulado. Para más información, contacte con ${quien}.`,
    );
  }
  return enlace;
}

/**
 * The live link of a token whose holder the customer took for the consignee: it may sign the
 * delivery of a leg's e-CMR when the driver asks (modules/ecmr checks the rest). A link without
 * that choice is a 403; a dead one says why (404, 410).
 */
export async function enlaceParaFirmar(
  db: Db,
  config: Pick<AppConfig, 'sessionSecret'>,
  token: string,
): Promise<{ id: number; porteId: number }> {
  const enlace = await enlaceDelToken(db, config, token);
  if (enlace.permite_firma !== 1) {
    throw new HttpError(
      403,
      'SIGNATURE_NOT_ALLOWED',
      'Este enlace no permite firmar la entrega. Para firmarla, pida al conductor un enlace o un código de firma.',
    );
  }
  return { id: Number(enlace.id), porteId: Number(enlace.porte_id) };
}

/** The documents a link shows: delivery proof when chosen, invoices only when chosen. */
async function documentosDe(db: Db, config: ConfigPublica, enlace: EnlaceVivo) {
  const tracking = await getTracking(db, enlace.cliente_id, enlace.partida, {
    facturas: enlace.muestra_factura === 1,
    publicUrl: config.publicUrl,
  });
  const documentos = tracking.documentos.filter((d) =>
    d.tipo === 'factura' ? enlace.muestra_factura === 1 : enlace.muestra_entrega === 1,
  );
  return { tracking, documentos };
}

/**
 * `GET /api/envio/:token`: the shipment of the link, read-only, with only what the link shows;
 * the page's first load counts as an opening (its refreshes do not).
 */
export async function abrirEnvio(
  db: Db,
  config: ConfigPublica,
  token: string,
  options: { contar: boolean },
): Promise<EnvioPublico> {
  const enlace = await enlaceDelToken(db, config, token);
  const { tracking: t, documentos } = await documentosDe(db, config, enlace);
  if (options.contar) await contarApertura(db, Number(enlace.id), clock.now().toISOString());
  return {
    empresa: enlace.razon_social,
    expires_at: caducaEl(enlace).toISOString(),
    porte: {
      partida: t.partida,
      estado: t.estado,
      incidencia: t.incidencia,
      origen_poblacion: t.origen_poblacion,
      origen_pais_iso: t.origen_pais_iso,
      destino_poblacion: t.destino_poblacion,
      destino_pais_iso: t.destino_pais_iso,
      fecha_carga_prevista: t.fecha_carga_prevista,
      fecha_entrega_prevista: t.fecha_entrega_prevista,
      entregado_at: t.entregado_at,
      bultos: t.bultos,
      peso_kg: t.peso_kg,
      retraso: t.retraso,
      kilometros_destino: t.kilometros_destino,
      seguimiento: t.seguimiento,
      paradas: t.paradas.map(({ partida: _p, ...s }) => s),
      paradas_previstas: t.paradas_previstas,
      posicion_actual: t.posicion_actual,
    },
    documentos: documentos.map((d) => ({ id: d.id, tipo: d.tipo, nombre: d.nombre })),
    entregas: enlace.permite_firma === 1 ? await entregasDelPorte(db, Number(enlace.porte_id)) : [],
  };
}

/** A file the link shows, or 404 for any other (the customer's other files included). */
export async function documentoDelEnvio(
  db: Db,
  config: ConfigPublica,
  token: string,
  archivoId: number,
): Promise<Archivo> {
  const enlace = await enlaceDelToken(db, config, token);
  const { documentos } = await documentosDe(db, config, enlace);
  const archivo = documentos.some((d) => d.id === archivoId)
    ? await findArchivoForCliente(db, archivoId, enlace.cliente_id)
    : undefined;
  if (!archivo) throw new HttpError(404, 'FILE_NOT_FOUND', 'Documento no encontrado.');
  return archivo;
}

/**
 * Subscribes an address to the notices of the link's shipment (outbox/events.ts says which),
 * to be written in the page's language.
 */
export async function suscribirAvisos(
  db: Db,
  config: Pick<AppConfig, 'sessionSecret'>,
  token: string,
  nuevo: EnvioAvisoNuevo,
): Promise<void> {
  const enlace = await enlaceDelToken(db, config, token);
  await insertAviso(db, {
    enlaceId: Number(enlace.id),
    email: nuevo.email,
    idioma: nuevo.idioma ?? null,
    clave: nuevaClaveAviso(),
    at: clock.now().toISOString(),
  });
}

/**
 * Run by the outbox worker: the link's e-mailed copy, its token made now (only the hash kept,
 * replacing a previous copy's); null when the link was revoked or has expired meanwhile.
 */
export async function tokenCorreoParaEnviar(db: Db, enlaceId: number) {
  const enlace = await findEnlaceParaCorreo(db, enlaceId);
  if (!enlace?.destinatario_email || enlace.revoked_at !== null) return null;
  if (caducaEl(enlace) <= clock.now()) return null;
  const token = randomToken();
  if (!(await setTokenCorreo(db, enlaceId, envioTokenHash(token)))) return null;
  return { token, enlace: { ...enlace, destinatario_email: enlace.destinatario_email } };
}
