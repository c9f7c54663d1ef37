import type { PorteAviso } from '@extranet/contracts/integracion/eventos';
import type {
  ErrorRegistro,
  LoteEmpresas,
  LoteParadas,
  LotePortes,
  ResultadoLote,
} from '@extranet/contracts/integracion/integracion';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { clock } from '../../lib/clock.js';
import { recordEvent } from '../../outbox/events.js';
import { HttpError } from '../../lib/http-error.js';
import {
  empresaIdsByErp,
  estadosDePortes,
  findRetrasoAvisado,
  findUltimaParada,
  lockPorteByPartida,
  paradaIdsByErp,
  saveRetrasoAvisado,
  upsertEmpresas,
  upsertParadas,
  upsertPortes,
  type EmpresaTabla,
} from './repository.js';

type Db = Kysely<Database>;

/**
 * A delay is told again only when it has grown by this much since the last notice: a customer
 * hears "now 2 h late", not every 5-minute update of the estimate.
 */
export const RETRASO_AVISO_MINUTOS = 60;

/** A shipment counts as delivered by its state or by a delivery instant. */
function entregado(p: { estado: string; entregado_at?: string | null | undefined }): boolean {
  return p.estado === 'entregado' || (p.entregado_at ?? null) !== null;
}

/**
 * What to do with the latest stop's delay given the one last told: tell it (and remember it),
 * only remember it (back on time: a new delay will be told), or nothing. A re-sent identical
 * stop changes neither number, so it never repeats a notice.
 */
export function decidirAvisoRetraso(
  avisado: number,
  actual: number,
): { avisar: boolean; guardar: number | null } {
  if (actual <= 0) return { avisar: false, guardar: avisado > 0 ? 0 : null };
  if (avisado <= 0 || actual >= avisado + RETRASO_AVISO_MINUTOS) {
    return { avisar: true, guardar: actual };
  }
  return { avisar: false, guardar: null };
}

/** The one 400 of the integration API: every problem of the batch, each with its record. */
export function batchValidationError(details: ErrorRegistro[]): HttpError {
  return new HttpError(
    400,
    'VALIDATION_ERROR',
    details.length === 1
      ? 'El lote no es válido: 1 error. No se ha guardado nada.'
      : `El lote no es válido: ${details.length} errores. No se ha guardado nada.`,
    details,
  );
}

/** What a batch upsert answers: each item's id and whether it was created or updated. */
export function resultado(
  keys: readonly string[],
  before: Map<string, number>,
  after: Map<string, number>,
): ResultadoLote {
  const items = keys.map((erp_id) => {
    const id = after.get(erp_id);
    if (id === undefined) throw new Error(`upsert sin id para ${erp_id}`);
    return { erp_id, id, creado: !before.has(erp_id) };
  });
  const creados = items.filter((i) => i.creado).length;
  return { creados, actualizados: items.length - creados, items };
}

/** Clients or suppliers by the ERP's ids, all or nothing (`db` is the caller's transaction). */
export async function upsertEmpresasLote(
  db: Db,
  tabla: EmpresaTabla,
  lote: LoteEmpresas,
): Promise<ResultadoLote> {
  const keys = lote.items.map((e) => e.erp_id);
  const before = await empresaIdsByErp(db, tabla, keys);
  const after = await upsertEmpresas(db, tabla, lote.items);
  return resultado(keys, before, after);
}

/**
 * Shipments by partida, each for the client with that ERP id. An unknown client rejects the
 * whole batch with the index of every such record.
 */
export async function upsertPortesLote(db: Db, lote: LotePortes): Promise<ResultadoLote> {
  const clientes = await empresaIdsByErp(db, 'clientes', [
    ...new Set(lote.items.map((p) => p.cliente_erp_id)),
  ]);
  const problems: ErrorRegistro[] = [];
  const rows = lote.items.map((p, index) => {
    const clienteId = clientes.get(p.cliente_erp_id);
    if (clienteId === undefined) {
      problems.push({
        index,
        path: 'cliente_erp_id',
        message: `No hay ningún cliente con erp_id ${p.cliente_erp_id}.`,
      });
    }
    return { ...p, cliente_id: clienteId ?? 0 };
  });
  if (problems.length > 0) throw batchValidationError(problems);
  const keys = lote.items.map((p) => p.partida);
  const estados = await estadosDePortes(db, keys);
  const before = new Map([...estados].map(([partida, e]) => [partida, e.id]));
  const after = await upsertPortes(db, rows, clock.now().toISOString());
  // Only an existing shipment turning delivered is news: a first sync of old, already
  // delivered shipments must not flood the customers.
  for (const p of rows) {
    const antes = estados.get(p.partida);
    if (!antes || entregado(antes) || !entregado(p)) continue;
    await recordEvent(db, 'porte.entregado', {
      ...porteAviso({ ...p, id: antes.id }),
      entregado_at: p.entregado_at ?? null,
    });
  }
  return resultado(keys, before, after);
}

/** A shipment as the events about it to its customer describe it (`PorteAviso`). */
export function porteAviso(p: {
  id: number;
  partida: string;
  cliente_id: number;
  ref_cliente?: string | null | undefined;
  origen_poblacion: string;
  origen_pais_iso: string;
  destino_poblacion: string;
  destino_pais_iso: string;
  fecha_carga_prevista: string;
  fecha_entrega_prevista?: string | null | undefined;
}): PorteAviso {
  return {
    porte_id: p.id,
    partida: p.partida,
    cliente_id: p.cliente_id,
    ref_cliente: p.ref_cliente ?? null,
    origen_poblacion: p.origen_poblacion,
    origen_pais_iso: p.origen_pais_iso,
    destino_poblacion: p.destino_poblacion,
    destino_pais_iso: p.destino_pais_iso,
    fecha_carga_prevista: p.fecha_carga_prevista,
    fecha_entrega_prevista: p.fecha_entrega_prevista ?? null,
  };
}

/** Tracking stops of one shipment by the ERP's stop ids (a repeated stop updates it). */
export async function upsertParadasLote(
  db: Db,
  partida: string,
  lote: LoteParadas,
): Promise<ResultadoLote> {
  // Locked: two batches of stops of one shipment decide on its delay notice one after the other.
  const porte = await lockPorteByPartida(db, partida);
  if (!porte) throw new HttpError(404, 'NOT_FOUND', 'Porte no encontrado.');
  const keys = lote.items.map((s) => s.erp_id);
  const before = await paradaIdsByErp(db, porte.id, keys);
  const now = clock.now().toISOString();
  const after = await upsertParadas(db, porte, lote.items, now);
  await avisarRetraso(db, porte, now);
  return resultado(keys, before, after);
}

/**
 * Tells the customer of a delay reported by the shipment's latest stop (see
 * `decidirAvisoRetraso`); a delivered or cancelled shipment is past telling.
 */
async function avisarRetraso(
  db: Db,
  porte: NonNullable<Awaited<ReturnType<typeof lockPorteByPartida>>>,
  now: string,
): Promise<void> {
  if (entregado(porte) || porte.estado === 'anulado') return;
  const ultima = await findUltimaParada(db, porte.id);
  if (!ultima) return;
  const decision = decidirAvisoRetraso(
    await findRetrasoAvisado(db, porte.id),
    Number(ultima.retraso),
  );
  if (decision.guardar !== null) await saveRetrasoAvisado(db, porte.id, decision.guardar, now);
  if (!decision.avisar) return;
  await recordEvent(db, 'porte.retrasado', {
    ...porteAviso({ ...porte, id: Number(porte.id), cliente_id: Number(porte.cliente_id) }),
    retraso_minutos: Number(ultima.retraso),
    parada: {
      fecha: ultima.fecha,
      hora: ultima.hora,
      poblacion: ultima.poblacion,
      pais_iso: ultima.pais_iso,
      comentarios: ultima.comentarios,
    },
  });
}
