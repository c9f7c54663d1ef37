import type {
  Adjudicacion,
  LoteCargas,
  ResultadoAdjudicacion,
} from '@extranet/contracts/integracion/cargas';
import type { ErrorRegistro, ResultadoLote } from '@extranet/contracts/integracion/integracion';
import type { Kysely } from 'kysely';
import type { CargaEstado, Database } from '../../../db/database.js';
import { clock } from '../../../lib/clock.js';
import { recordEvent } from '../../../outbox/events.js';
import { avisarBusquedas } from '../../cargas/busquedas.js';
import { HttpError } from '../../../lib/http-error.js';
import { batchValidationError } from '../service.js';
import {
  aceptarOferta,
  asignarCarga,
  cargasAviso,
  estadosDeCargas,
  lockCargaByReferencia,
  lockOferta,
  rechazarPendientes,
  upsertCargas,
  type CargaAviso,
  type OfertaDecidida,
} from './repository.js';

type Db = Kysely<Database>;

/**
 * The state a load gets from the ERP's `estado`, or a problem. An awarded load stays awarded
 * when the ERP sends `cerrada` (it is closed to offers either way) and may be cancelled, but
 * re-opening it would put a load with a winner back on the exchange.
 */
export function estadoTrasUpsert(
  actual: CargaEstado | undefined,
  pedido: 'abierta' | 'cerrada' | 'anulada',
): { estado: CargaEstado } | { error: string } {
  if (actual !== 'asignada') return { estado: pedido };
  if (pedido === 'abierta') {
    return { error: 'La carga ya está adjudicada: no se puede volver a abrir.' };
  }
  return { estado: pedido === 'cerrada' ? 'asignada' : 'anulada' };
}

/**
 * Loads of the exchange by their referencia, all or nothing (`db` is the caller's
 * transaction). A cancelled load turns down its pending offers and tells each carrier.
 */
export async function upsertCargasLote(db: Db, lote: LoteCargas): Promise<ResultadoLote> {
  const keys = lote.items.map((c) => c.referencia);
  const antes = await estadosDeCargas(db, keys);
  const problems: ErrorRegistro[] = [];
  const rows = lote.items.map((c, index) => {
    const decision = estadoTrasUpsert(antes.get(c.referencia)?.estado, c.estado);
    if ('error' in decision) {
      problems.push({ index, path: 'estado', message: decision.error });
      return { ...c, estado: 'abierta' as const };
    }
    return { ...c, estado: decision.estado };
  });
  if (problems.length > 0) throw batchValidationError(problems);
  const now = clock.now().toISOString();
  const after = await upsertCargas(db, rows, now);
  const anuladas = rows
    .filter((c) => c.estado === 'anulada')
    .map((c) => after.get(c.referencia))
    .filter((id): id is number => id !== undefined);
  if (anuladas.length > 0) {
    await avisarRechazos(db, await rechazarPendientes(db, anuladas, now));
  }
  // Loads new on the exchange (created open, or re-opened) reach the saved searches they match
  // (issue 20 point 2); a load told once for a search is not told again.
  const abiertas = rows
    .filter((c) => c.estado === 'abierta' && antes.get(c.referencia)?.estado !== 'abierta')
    .map((c) => after.get(c.referencia))
    .filter((id): id is number => id !== undefined);
  await avisarBusquedas(db, abiertas);
  const items = keys.map((referencia) => {
    const id = after.get(referencia);
    if (id === undefined) throw new Error(`upsert sin id para ${referencia}`);
    return { erp_id: referencia, id, creado: !antes.has(referencia) };
  });
  const creados = items.filter((i) => i.creado).length;
  return { creados, actualizados: items.length - creados, items };
}

function ofertaResuelta(oferta: OfertaDecidida, carga: CargaAviso) {
  return {
    oferta_id: oferta.id,
    carga_id: carga.id,
    proveedor_id: oferta.proveedor_id,
    referencia: carga.referencia,
    origen_poblacion: carga.origen_poblacion,
    destino_poblacion: carga.destino_poblacion,
    fecha_carga: carga.fecha_carga,
    precio_centimos: oferta.precio_centimos,
  };
}

/** Records `oferta.rechazada` for each offer turned down (its carrier's users hear of it). */
async function avisarRechazos(db: Db, rechazadas: readonly OfertaDecidida[]): Promise<void> {
  if (rechazadas.length === 0) return;
  const cargas = await cargasAviso(db, [...new Set(rechazadas.map((o) => o.carga_id))]);
  for (const oferta of rechazadas) {
    const carga = cargas.get(oferta.carga_id);
    if (!carga) throw new Error(`carga ${oferta.carga_id} sin datos para el aviso`);
    await recordEvent(db, 'oferta.rechazada', ofertaResuelta(oferta, carga));
  }
}

const cargaNotFound = () => new HttpError(404, 'NOT_FOUND', 'Carga no encontrada.');

/**
 * Awards a load to one of its pending offers (`db` is the caller's transaction): the offer is
 * accepted, every other pending offer of the load rejected, the load assigned to the offer's
 * carrier, and each carrier told through the outbox, all or nothing. Awarding the offer that
 * already won answers the same and tells nobody again.
 */
export async function adjudicarCarga(
  db: Db,
  referencia: string,
  body: Adjudicacion,
): Promise<ResultadoAdjudicacion> {
  // The load first, then the offer: the same order as a carrier's new offer (which locks the
  // load), so an offer sent during the award either is rejected by it or finds the load closed.
  const carga = await lockCargaByReferencia(db, referencia);
  if (!carga) throw cargaNotFound();
  const oferta = await lockOferta(db, body.oferta_id);
  if (!oferta || oferta.carga_id !== carga.id) {
    throw new HttpError(
      422,
      'OFFER_NOT_OF_LOAD',
      `La oferta ${body.oferta_id} no es una oferta de la carga ${referencia}.`,
    );
  }
  const result: ResultadoAdjudicacion = {
    carga_id: carga.id,
    referencia: carga.referencia,
    estado: 'asignada',
    proveedor_asignado_id: oferta.proveedor_id,
    oferta: {
      id: oferta.id,
      proveedor_id: oferta.proveedor_id,
      precio_centimos: oferta.precio_centimos,
      estado: 'aceptada',
    },
  };
  if (oferta.estado === 'aceptada' && carga.estado === 'asignada') return result;
  if (carga.estado === 'asignada') {
    throw new HttpError(
      409,
      'LOAD_ALREADY_AWARDED',
      `La carga ${referencia} ya está adjudicada a otra oferta.`,
    );
  }
  if (carga.estado === 'anulada') {
    throw new HttpError(
      409,
      'LOAD_CANCELLED',
      `La carga ${referencia} está anulada: no se puede adjudicar.`,
    );
  }
  if (oferta.estado !== 'pendiente') {
    throw new HttpError(
      409,
      'OFFER_NOT_PENDING',
      `La oferta ${oferta.id} está ${oferta.estado}: solo se puede adjudicar una oferta pendiente.`,
    );
  }
  const now = clock.now().toISOString();
  await aceptarOferta(db, oferta.id, now);
  const rechazadas = await rechazarPendientes(db, [carga.id], now, oferta.id);
  await asignarCarga(db, carga.id, oferta.proveedor_id, now);
  await recordEvent(db, 'oferta.aceptada', ofertaResuelta(oferta, carga));
  await avisarRechazos(db, rechazadas);
  return result;
}
