import type {
  EnlaceConductor,
  EnlaceConductorCreado,
  EnlacesConductor,
  EventoParada,
  EventoParadaNuevo,
  LotePosiciones,
  ResultadoPosiciones,
  SubpartidaConductor,
  ViajeConductor,
} from '@extranet/contracts/conductor/conductor';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../config.js';
import type { Database } from '../../db/database.js';
import { clock } from '../../lib/clock.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { HttpError } from '../../lib/http-error.js';
import { randomToken, sha256Hex } from '../../lib/tokens.js';
import { recordEvent } from '../../outbox/events.js';
import type { ProveedorActor } from '../../plugins/actor.js';
import type { ReceivedUpload } from '../../storage/receive-upload.js';
import { insertArchivo } from '../archivos/repository.js';
import { archivoValues, recordUpload, type UploadDeps } from '../archivos/service.js';
import { recordAudit } from '../audit/repository.js';
import { assertCmrUploadable, subirCmr } from '../transportes/service.js';
import { avisarParada } from './avisos.js';
import { minutosTarde } from './eta.js';
import { fechaHoraMadrid } from '../../lib/madrid.js';
import { planDeParadas } from './planificacion.js';
import { ANTIGUEDAD_MAXIMA_MS, validarPosiciones } from './posiciones.js';
import {
  deletePingsAntesDe,
  findEnlacePorHash,
  findEta,
  findEvento,
  findEventoPorClienteId,
  findSubpartidaDelTransporte,
  findTransporteDelProveedor,
  insertEnlace,
  insertEvento,
  insertParadas,
  insertSeguimiento,
  listEnlaces,
  listParadas,
  listPortesDelTransporte,
  listTramos,
  marcarEnTransito,
  marcarParada,
  pingsDelLote,
  revokeEnlace,
  revokeEnlacesDelTransporte,
  setFotoEvento,
  touchEnlace,
  ultimoPing,
  type EnlaceVivo,
  type EventoRow,
  type ParadaRow,
} from './repository.js';
import {
  calcularSeguimiento,
  eventoConductor,
  guardarSeguimiento,
  inicioVentanaVelocidad,
  paradaEvento,
  recalcularEta,
  toSeguimientoEta,
} from './seguimiento.js';

type Db = Kysely<Database>;

/** A driver link lasts until this long after the last planned delivery (issue 17). */
export const HORAS_TRAS_ULTIMA_ENTREGA = 48;
/** Pings are personal data of the driver: kept this long, then purged (decision 011). */
export const RETENCION_POSICIONES_DIAS = 30;
/** `last_used_at` of a link is written at most this often (not on every ping batch). */
const USO_ENLACE_MS = 60_000;

/** What `enlaces_conductor.token_hash` holds: a leaked table yields no working link. */
export function driverTokenHash(token: string): string {
  return sha256Hex(`conductor:${token}`);
}

const transporteNoEncontrado = () => new HttpError(404, 'NOT_FOUND', 'Transporte no encontrado.');

function activo(row: { revoked_at: string | null; expires_at: string }, now: Date): boolean {
  return row.revoked_at === null && new Date(row.expires_at) > now;
}

function toEnlace(
  row: {
    id: number;
    transporte_id: number;
    created_at: string;
    expires_at: string;
    revoked_at: string | null;
    last_used_at: string | null;
  },
  now: Date,
): EnlaceConductor {
  return {
    id: row.id,
    transporte_id: row.transporte_id,
    created_at: row.created_at,
    expires_at: row.expires_at,
    revoked_at: row.revoked_at,
    last_used_at: row.last_used_at,
    activo: activo(row, now),
  };
}

/** The stops of a transport, planned from its legs the first time they are needed. */
async function paradasDe(db: Db, proveedorId: number, transporteId: number) {
  const existentes = await listParadas(db, transporteId);
  if (existentes.length > 0) return existentes;
  const t = await findTransporteDelProveedor(db, proveedorId, transporteId);
  if (!t) throw transporteNoEncontrado();
  await insertParadas(db, planDeParadas(t, await listTramos(db, transporteId)));
  return listParadas(db, transporteId);
}

/**
 * Creates the driver link of one of the carrier's transports; it replaces (revokes) the
 * previous one, so one phone link is live per transport. The token is in the URL only.
 */
export async function createEnlaceConductor(
  db: Db,
  config: Pick<AppConfig, 'publicUrl'>,
  actor: ProveedorActor,
  transporteId: number,
): Promise<EnlaceConductorCreado> {
  const t = await findTransporteDelProveedor(db, actor.proveedorId, transporteId);
  if (!t) throw transporteNoEncontrado();
  if (t.estado === 'anulado' || t.estado === 'entregado') {
    throw new HttpError(
      409,
      'TRANSPORT_CLOSED',
      t.estado === 'anulado'
        ? 'El transporte está anulado: no admite enlace del conductor.'
        : 'El transporte ya está entregado: no admite enlace del conductor.',
    );
  }
  const paradas = await paradasDe(db, actor.proveedorId, transporteId);
  const ultimaEntrega = Math.max(...paradas.map((p) => new Date(p.ventana_hasta).getTime()));
  const now = clock.now();
  const expiresAt = new Date(ultimaEntrega + HORAS_TRAS_ULTIMA_ENTREGA * 3_600_000);
  if (expiresAt <= now) {
    throw new HttpError(
      409,
      'TRANSPORT_CLOSED',
      'La última entrega prevista del transporte pasó hace más de 48 horas.',
    );
  }
  const token = randomToken();
  const row = await db.transaction().execute(async (trx) => {
    await revokeEnlacesDelTransporte(trx, transporteId, now.toISOString());
    const created = await insertEnlace(trx, {
      transporteId,
      proveedorId: actor.proveedorId,
      tokenHash: driverTokenHash(token),
      usuarioId: actor.usuarioId,
      createdAt: now.toISOString(),
      expiresAt: expiresAt.toISOString(),
    });
    await recordAudit(trx, {
      accion: 'enlace_conductor.creado',
      usuarioId: actor.usuarioId,
      portal: 'proveedores',
      entidad: 'transporte',
      entidadId: transporteId,
      ip: actor.ip,
      detalles: { enlaceId: created.id, expiresAt: created.expires_at },
    });
    return created;
  });
  return { ...toEnlace(row, now), url: `${config.publicUrl}/conductor/${token}` };
}

export async function listEnlacesConductor(
  db: Db,
  proveedorId: number,
  transporteId: number,
): Promise<EnlacesConductor> {
  if (!(await findTransporteDelProveedor(db, proveedorId, transporteId))) {
    throw transporteNoEncontrado();
  }
  const now = clock.now();
  return { items: (await listEnlaces(db, proveedorId, transporteId)).map((r) => toEnlace(r, now)) };
}

/** Revokes one of the carrier's links (revoking it again changes nothing). */
export async function revokeEnlaceConductor(
  db: Db,
  actor: ProveedorActor,
  id: number,
): Promise<void> {
  const found = await revokeEnlace(db, actor.proveedorId, id, clock.now().toISOString());
  if (!found) throw new HttpError(404, 'NOT_FOUND', 'Enlace no encontrado.');
  await recordAudit(db, {
    accion: 'enlace_conductor.revocado',
    usuarioId: actor.usuarioId,
    portal: 'proveedores',
    entidad: 'transporte',
    entidadId: found.transporte_id,
    ip: actor.ip,
    detalles: { enlaceId: id },
  });
}

/**
 * The live link of a token, or the driver's Spanish reason why not: unknown (404), revoked or
 * expired or its transport cancelled (410).
 */
export async function enlaceDelToken(db: Db, token: string): Promise<EnlaceVivo> {
  const enlace = await findEnlacePorHash(db, driverTokenHash(token));
  if (!enlace) throw new HttpError(404, 'NOT_FOUND', 'Enlace no válido.');
  const now = clock.now();
  if (enlace.revoked_at !== null) {
    throw new HttpError(
      410,
      'LINK_REVOKED',
      'El transportista ha anulado este enlace. Pídale uno nuevo.',
    );
  }
  if (new Date(enlace.expires_at) <= now) {
    throw new HttpError(410, 'LINK_EXPIRED', 'Este enlace ha caducado.');
  }
  if (enlace.estado === 'anulado') {
    throw new HttpError(410, 'TRANSPORT_CANCELLED', 'El transporte de este enlace está anulado.');
  }
  if (
    enlace.last_used_at === null ||
    now.getTime() - new Date(enlace.last_used_at).getTime() > USO_ENLACE_MS
  ) {
    await touchEnlace(db, enlace.id, now.toISOString());
  }
  return enlace;
}

/** `GET /api/conductor/:token`: the stops in order, the legs, the last ETA. */
export async function getViajeConductor(db: Db, token: string): Promise<ViajeConductor> {
  const enlace = await enlaceDelToken(db, token);
  const paradas = await paradasDe(db, enlace.proveedor_id, enlace.transporte_id);
  const tramos = await listTramos(db, enlace.transporte_id);
  return {
    transporte: {
      referencia: enlace.referencia,
      matricula: enlace.matricula,
      estado: enlace.estado,
    },
    expires_at: enlace.expires_at,
    paradas: paradas.map((p) => ({
      id: p.id,
      orden: p.orden,
      tipo: p.tipo,
      poblacion: p.poblacion,
      cp: p.cp,
      pais_iso: p.pais_iso,
      direccion: p.direccion,
      lat: p.lat,
      lng: p.lng,
      ventana_desde: p.ventana_desde,
      ventana_hasta: p.ventana_hasta,
      llegada_at: p.llegada_at,
      completada_at: p.completada_at,
      km_restantes: p.km_restantes,
      eta_at: p.eta_at,
      eta_desde: p.eta_desde,
      eta_hasta: p.eta_hasta,
      subpartida_id: p.subpartida_id,
    })),
    subpartidas: tramos.map((s) => ({
      id: s.id,
      numero: s.numero,
      origen_poblacion: s.origen_poblacion,
      destino_poblacion: s.destino_poblacion,
      bultos: s.bultos,
      cmr_subido: s.cmr_archivo_id !== null,
    })),
    eta: toSeguimientoEta(await findEta(db, enlace.transporte_id)),
  };
}

/** Pings by the instant taken (ISO-8601 UTC text of one format: compared as text). */
function porInstante(a: { tomada_at: string }, b: { tomada_at: string }): number {
  return a.tomada_at < b.tomada_at ? -1 : a.tomada_at > b.tomada_at ? 1 : 0;
}

/**
 * `POST /api/conductor/:token/posiciones`: stores the new valid pings of a batch and the ETA
 * they give. Idempotent by the phone's ping id: a ping already stored is a duplicate, never
 * stored twice (the unique key settles concurrent resends); a refused ping is refused again
 * if resent. Four round trips on PostgreSQL: the link, the stored pings the batch is judged
 * against, the stops, and one statement that writes (docs/decisions/011).
 */
export async function recibirPosiciones(
  db: Db,
  token: string,
  lote: LotePosiciones,
): Promise<ResultadoPosiciones> {
  const enlace = await enlaceDelToken(db, token);
  const transporteId = enlace.transporte_id;
  const now = clock.now();
  const enviadas = lote.posiciones.map((p) => ({ ...p, tomadaAt: new Date(p.tomada_at) }));
  // Every ping it accepts is at least this recent (older ones are refused as too old), so
  // the stored pings from here on, and the latest before, are all the batch is judged against.
  const primera = Math.max(
    Math.min(...enviadas.map((p) => p.tomadaAt.getTime())),
    now.getTime() - ANTIGUEDAD_MAXIMA_MS,
  );
  const guardados = await pingsDelLote(
    db,
    transporteId,
    enviadas.map((p) => p.id),
    inicioVentanaVelocidad(new Date(primera)).toISOString(),
    new Date(primera).toISOString(),
  );
  // Oldest first; at one instant, in the order stored.
  const historia = [...new Map(guardados.map((g) => [g.id, g])).values()].sort(
    (a, b) => porInstante(a, b) || a.id - b.id,
  );
  const ids = new Set(historia.map((g) => g.ping_id));
  const nuevos = enviadas.filter((p) => !ids.has(p.id));
  const primero = Math.min(...nuevos.map((p) => p.tomadaAt.getTime()));
  const referencia = historia.findLast((g) => new Date(g.tomada_at).getTime() <= primero);
  const { aceptadas, rechazadas } = validarPosiciones(
    nuevos,
    referencia
      ? { lat: referencia.lat, lng: referencia.lng, tomadaAt: new Date(referencia.tomada_at) }
      : null,
    now,
  );
  if (aceptadas.length === 0) {
    return {
      aceptadas: 0,
      duplicadas: lote.posiciones.length - rechazadas.length,
      rechazadas,
      eta: toSeguimientoEta(await findEta(db, transporteId)),
    };
  }
  const pings = aceptadas.map((p) => ({
    transporte_id: transporteId,
    ping_id: p.id,
    lat: p.lat,
    lng: p.lng,
    precision_m: p.precision_m === undefined ? null : Math.round(p.precision_m),
    tomada_at: p.tomadaAt.toISOString(),
    recibida_at: now.toISOString(),
  }));
  // The stored and the new pings in time order (the new stored after, at one instant).
  const todos = [...historia, ...pings].sort(porInstante);
  const desde = inicioVentanaVelocidad(new Date(todos.at(-1)!.tomada_at)).toISOString();
  const paradas = await listParadas(db, transporteId);
  const seguimiento = calcularSeguimiento(
    transporteId,
    todos.filter((p) => p.tomada_at >= desde),
    paradas,
    now,
  );
  const insertadas = await guardarSeguimiento(
    db,
    enlace,
    paradas,
    seguimiento,
    pings,
    enlace.eta_estado,
  );
  return {
    aceptadas: insertadas,
    duplicadas: lote.posiciones.length - insertadas - rechazadas.length,
    rechazadas,
    eta: toSeguimientoEta(seguimiento.eta),
  };
}

const TEXTO_EVENTO: Record<EventoParadaNuevo['tipo'], (p: ParadaRow) => string> = {
  llegada: (p) =>
    p.tipo === 'carga' ? 'Llegada al punto de carga' : 'Llegada al punto de descarga',
  carga: () => 'Mercancía cargada',
  descarga: () => 'Mercancía descargada',
  incidencia: () => 'Incidencia',
};

function toEvento(row: EventoRow): EventoParada {
  return {
    id: row.id,
    parada_id: row.parada_id,
    tipo: row.tipo,
    texto: row.texto,
    ocurrido_at: row.ocurrido_at,
    con_foto: row.archivo_id !== null,
  };
}

/**
 * `POST /api/conductor/:token/paradas/:paradaId/eventos`: records what the driver reported at
 * a stop, marks the stop (arrived, done), writes a tracking stop for each shipment concerned
 * (the stop's own, or all the transport's at a shared stop) and an outbox event for the ERP
 * and webhooks, in one transaction. Idempotent by the phone's event id.
 */
export async function registrarEventoParada(
  db: Db,
  token: string,
  paradaId: number,
  body: EventoParadaNuevo,
): Promise<EventoParada> {
  const enlace = await enlaceDelToken(db, token);
  const paradas = await paradasDe(db, enlace.proveedor_id, enlace.transporte_id);
  const parada = paradas.find((p) => p.id === paradaId);
  if (!parada) throw new HttpError(404, 'NOT_FOUND', 'Parada no encontrada.');
  const repetido = await findEventoPorClienteId(db, enlace.transporte_id, body.id);
  if (repetido) {
    if (repetido.parada_id !== paradaId || repetido.tipo !== body.tipo) {
      throw new HttpError(409, 'EVENT_ID_REUSED', 'Ese identificador de evento ya se usó.');
    }
    return toEvento(repetido);
  }
  if ((body.tipo === 'carga' || body.tipo === 'descarga') && body.tipo !== parada.tipo) {
    throw new HttpError(
      409,
      'WRONG_STOP_KIND',
      parada.tipo === 'carga'
        ? 'Esta parada es de carga: márquela como cargada.'
        : 'Esta parada es de descarga: márquela como descargada.',
    );
  }
  const now = clock.now();
  // A phone clock ahead of ours cannot date an event in the future.
  const ocurrido = new Date(Math.min(new Date(body.ocurrido_at).getTime(), now.getTime()));
  const ocurridoAt = ocurrido.toISOString();
  const texto = body.texto && body.texto !== '' ? body.texto : null;
  const ultimo = await ultimoPing(db, enlace.transporte_id);
  const guardarEvento = () =>
    db.transaction().execute(async (trx) => {
      const creado = await insertEvento(trx, {
        transporte_id: enlace.transporte_id,
        parada_id: paradaId,
        evento_cliente_id: body.id,
        tipo: body.tipo,
        texto,
        ocurrido_at: ocurridoAt,
        created_at: now.toISOString(),
      });
      if (body.tipo === 'llegada') await marcarParada(trx, paradaId, 'llegada_at', ocurridoAt);
      if (body.tipo === 'carga' || body.tipo === 'descarga') {
        await marcarParada(trx, paradaId, 'llegada_at', ocurridoAt);
        await marcarParada(trx, paradaId, 'completada_at', ocurridoAt);
      }
      if (body.tipo === 'carga')
        await marcarEnTransito(trx, enlace.transporte_id, now.toISOString());

      const { fecha, hora } = fechaHoraMadrid(ocurrido);
      // The stop's own delay as it was reached (the timeline's "Llegó con N min de retraso"),
      // by the rule of every other delay; loaded or unloaded after an arrival already
      // reported, still the arrival's; an incident reports none.
      const llegada = parada.llegada_at !== null ? new Date(parada.llegada_at) : ocurrido;
      const retraso =
        body.tipo === 'incidencia' ? 0 : minutosTarde(llegada, new Date(parada.ventana_hasta));
      const comentarios =
        body.tipo === 'incidencia' ? `Incidencia: ${texto}` : TEXTO_EVENTO[body.tipo](parada);
      for (const porte of await listPortesDelTransporte(
        trx,
        enlace.transporte_id,
        parada.porte_id,
      )) {
        const destino = paradas.find((p) => p.tipo === 'descarga' && p.porte_id === porte.id);
        await insertSeguimiento(trx, {
          porte_id: porte.id,
          partida: porte.partida,
          fecha,
          hora,
          comentarios,
          cp: parada.cp,
          kilometros_destino: destino?.id === paradaId ? 0 : (destino?.km_restantes ?? null),
          pais_iso: parada.pais_iso,
          poblacion: parada.poblacion,
          retraso,
          lat: parada.lat ?? ultimo?.lat ?? null,
          lng: parada.lng ?? ultimo?.lng ?? null,
          created_at: now.toISOString(),
        });
      }
      await recordEvent(trx, 'transporte.parada', {
        ...(await eventoConductor(trx, enlace)),
        evento_parada_id: creado.id,
        tipo: body.tipo,
        texto,
        ocurrido_at: ocurridoAt,
        parada: paradaEvento(parada),
        retraso_minutos: body.tipo === 'incidencia' ? null : retraso,
      });
      await avisarParada(trx, enlace.transporte_id, parada, {
        tipo: body.tipo,
        texto,
        ocurrido_at: ocurridoAt,
      });
      return creado;
    });
  const evento = await guardarEvento().catch(async (error: unknown) => {
    // The same event resent while the first copy was being recorded: answer the stored one.
    if (!isUniqueViolation(error)) throw error;
    const stored = await findEventoPorClienteId(db, enlace.transporte_id, body.id);
    if (!stored) throw error;
    return stored;
  });
  await recalcularEta(db, enlace);
  return toEvento(evento);
}

/** Before reading an incident photo: the event is this link's, an incident, without a photo. */
export async function assertFotoIncidenciaPosible(
  db: Db,
  token: string,
  eventoId: number,
): Promise<EnlaceVivo> {
  const enlace = await enlaceDelToken(db, token);
  const evento = await findEvento(db, enlace.transporte_id, eventoId);
  if (!evento) throw new HttpError(404, 'NOT_FOUND', 'Evento no encontrado.');
  if (evento.tipo !== 'incidencia') {
    throw new HttpError(409, 'NOT_AN_INCIDENT', 'Solo una incidencia lleva foto.');
  }
  if (evento.archivo_id !== null) {
    throw new HttpError(409, 'PHOTO_EXISTS', 'Esta incidencia ya tiene su foto.');
  }
  return enlace;
}

/** Records the photo of an incident (owned by the transport's carrier). */
export async function guardarFotoIncidencia(
  deps: UploadDeps,
  enlace: EnlaceVivo,
  eventoId: number,
  upload: ReceivedUpload,
): Promise<EventoParada> {
  await recordUpload(deps, async (trx) => {
    const archivo = await insertArchivo(
      trx,
      archivoValues(upload, 'otro', { kind: 'proveedor', id: enlace.proveedor_id }, null),
    );
    if (!(await setFotoEvento(trx, eventoId, archivo.id))) {
      throw new HttpError(409, 'PHOTO_EXISTS', 'Esta incidencia ya tiene su foto.');
    }
  });
  const evento = await findEvento(deps.db, enlace.transporte_id, eventoId);
  if (!evento) throw new HttpError(404, 'NOT_FOUND', 'Evento no encontrado.');
  return toEvento(evento);
}

/** Before reading a CMR photo: the leg is of the link's transport and may take its CMR. */
export async function assertCmrConductorPosible(
  db: Db,
  token: string,
  subpartidaId: number,
): Promise<EnlaceVivo> {
  const enlace = await enlaceDelToken(db, token);
  if (!(await findSubpartidaDelTransporte(db, enlace.transporte_id, subpartidaId))) {
    throw new HttpError(404, 'NOT_FOUND', 'Subpartida no encontrada.');
  }
  await assertCmrUploadable(db, enlace.proveedor_id, subpartidaId);
  return enlace;
}

/**
 * The driver's CMR photo becomes the leg's CMR through the carrier's own upload path
 * (transportes/subirCmr: archivo, leg, audit and `cmr.subido` event in one transaction).
 */
export async function guardarCmrConductor(
  deps: UploadDeps,
  enlace: EnlaceVivo,
  subpartidaId: number,
  upload: ReceivedUpload,
  ip: string,
): Promise<SubpartidaConductor> {
  await subirCmr(
    deps,
    { proveedorId: enlace.proveedor_id, usuarioId: null, ip },
    subpartidaId,
    upload,
  );
  const leg = await findSubpartidaDelTransporte(deps.db, enlace.transporte_id, subpartidaId);
  if (!leg) throw new HttpError(404, 'NOT_FOUND', 'Subpartida no encontrada.');
  return {
    id: leg.id,
    numero: leg.numero,
    origen_poblacion: leg.origen_poblacion,
    destino_poblacion: leg.destino_poblacion,
    bultos: leg.bultos,
    cmr_subido: leg.cmr_archivo_id !== null,
  };
}

/** Retention purge of the driver's pings (see RETENCION_POSICIONES_DIAS). */
export function purgarPosiciones(db: Db, now: Date): Promise<number> {
  return deletePingsAntesDe(
    db,
    new Date(now.getTime() - RETENCION_POSICIONES_DIAS * 86_400_000).toISOString(),
  );
}
