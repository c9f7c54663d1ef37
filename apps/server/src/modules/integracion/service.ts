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
import { HttpError } from '../../plugins/errors.js';
import {
  empresaIdsByErp,
  findPorteByPartida,
  paradaIdsByErp,
  porteIdsByPartida,
  upsertEmpresas,
  upsertParadas,
  upsertPortes,
  type EmpresaTabla,
} from './repository.js';

type Db = Kysely<Database>;

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

function resultado(
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
  const before = await porteIdsByPartida(db, keys);
  const after = await upsertPortes(db, rows, clock.now().toISOString());
  return resultado(keys, before, after);
}

/** Tracking stops of one shipment by the ERP's stop ids (a repeated stop updates it). */
export async function upsertParadasLote(
  db: Db,
  partida: string,
  lote: LoteParadas,
): Promise<ResultadoLote> {
  const porte = await findPorteByPartida(db, partida);
  if (!porte) throw new HttpError(404, 'NOT_FOUND', 'Porte no encontrado.');
  const keys = lote.items.map((s) => s.erp_id);
  const before = await paradaIdsByErp(db, porte.id, keys);
  const after = await upsertParadas(db, porte, lote.items, clock.now().toISOString());
  return resultado(keys, before, after);
}
