import type { ErrorRegistro, ResultadoLote } from '@extranet/contracts/integracion/integracion';
import type { LoteTransportes } from '@extranet/contracts/integracion/transportes';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/database.js';
import { clock } from '../../../lib/clock.js';
import { empresaIdsByErp, porteIdsByPartida } from '../repository.js';
import { batchValidationError } from '../service.js';
import {
  apartarNumeros,
  cargaIdsByReferencia,
  deleteSubpartidasSinCmr,
  subpartidasDe,
  transportesByErp,
  upsertSubpartidas,
  upsertTransportes,
  type SubpartidaExistente,
  type SubpartidaFila,
  type TransporteFila,
} from './repository.js';

type Db = Kysely<Database>;

const distintos = (values: ReadonlyArray<string | null | undefined>) => [
  ...new Set(values.filter((v): v is string => typeof v === 'string')),
];

/**
 * Transports assigned to carriers by the ERP's ids, with all their legs, all or nothing (`db`
 * is the caller's transaction). Every problem is reported with the transport's index:
 * - the carrier (`proveedor_erp_id`), the load (`carga_referencia`) or a leg's shipment
 *   (`partida`) must exist;
 * - a leg no longer listed is removed, unless its CMR is uploaded: the carrier's document
 *   would go with it, so the batch is refused;
 * - a transport whose carrier has uploaded a CMR or an invoice for it keeps its carrier: those
 *   documents are the first carrier's and would show in another carrier's portal.
 */
export async function upsertTransportesLote(db: Db, lote: LoteTransportes): Promise<ResultadoLote> {
  const proveedores = await empresaIdsByErp(
    db,
    'proveedores',
    distintos(lote.items.map((t) => t.proveedor_erp_id)),
  );
  const cargas = await cargaIdsByReferencia(
    db,
    distintos(lote.items.map((t) => t.carga_referencia)),
  );
  const portes = await porteIdsByPartida(
    db,
    distintos(lote.items.flatMap((t) => t.subpartidas.map((s) => s.partida))),
  );
  const keys = lote.items.map((t) => t.erp_id);
  const antes = await transportesByErp(db, keys);
  const legsByTransporte = new Map<number, SubpartidaExistente[]>();
  for (const leg of await subpartidasDe(
    db,
    [...antes.values()].map((t) => t.id),
  )) {
    legsByTransporte.set(leg.transporte_id, [
      ...(legsByTransporte.get(leg.transporte_id) ?? []),
      leg,
    ]);
  }

  const problems: ErrorRegistro[] = [];
  const quitar: number[] = [];
  const filas: TransporteFila[] = lote.items.map((t, index) => {
    const proveedorId = proveedores.get(t.proveedor_erp_id);
    if (proveedorId === undefined) {
      problems.push({
        index,
        path: 'proveedor_erp_id',
        message: `No hay ningún proveedor con erp_id ${t.proveedor_erp_id}.`,
      });
    }
    const cargaId = t.carga_referencia ? cargas.get(t.carga_referencia) : null;
    if (cargaId === undefined) {
      problems.push({
        index,
        path: 'carga_referencia',
        message: `No hay ninguna carga con referencia ${t.carga_referencia}.`,
      });
    }
    t.subpartidas.forEach((s, j) => {
      if (s.partida && !portes.has(s.partida)) {
        problems.push({
          index,
          path: `subpartidas.${j}.partida`,
          message: `No hay ningún porte con partida ${s.partida}.`,
        });
      }
    });
    const existente = antes.get(t.erp_id);
    const legs = existente ? (legsByTransporte.get(existente.id) ?? []) : [];
    const conCmr = legs.some((l) => l.cmr_archivo_id !== null);
    if (
      existente &&
      proveedorId !== undefined &&
      proveedorId !== existente.proveedor_id &&
      (conCmr || existente.facturado)
    ) {
      problems.push({
        index,
        path: 'proveedor_erp_id',
        message:
          'El transportista ya ha subido el CMR o la factura de este transporte: no se puede ' +
          'pasar a otro proveedor.',
      });
    }
    const enviadas = new Set(t.subpartidas.map((s) => s.erp_id));
    for (const leg of legs) {
      if (leg.erp_id !== null && enviadas.has(leg.erp_id)) continue;
      if (leg.cmr_archivo_id !== null) {
        problems.push({
          index,
          path: 'subpartidas',
          message: `La subpartida ${leg.erp_id ?? `n.º ${leg.numero}`} ya tiene su CMR: no se puede quitar.`,
        });
      } else {
        quitar.push(leg.id);
      }
    }
    const { subpartidas: _legs, ...rest } = t;
    return { ...rest, proveedor_id: proveedorId ?? 0, carga_id: cargaId ?? null };
  });
  if (problems.length > 0) throw batchValidationError(problems);

  const now = clock.now().toISOString();
  const after = await upsertTransportes(db, filas, now);
  await deleteSubpartidasSinCmr(db, quitar);
  await apartarNumeros(
    db,
    [...antes.values()].map((t) => t.id),
  );
  const legs: SubpartidaFila[] = lote.items.flatMap((t) => {
    const transporteId = after.get(t.erp_id);
    if (transporteId === undefined) throw new Error(`upsert sin id para ${t.erp_id}`);
    // The portal numbers the legs in the ERP's order.
    return t.subpartidas.map((s, j) => ({
      transporte_id: transporteId,
      erp_id: s.erp_id,
      numero: j + 1,
      origen_poblacion: s.origen_poblacion,
      destino_poblacion: s.destino_poblacion,
      bultos: s.bultos,
      peso_kg: s.peso_kg,
      porte_id: s.partida ? (portes.get(s.partida) ?? null) : null,
    }));
  });
  await upsertSubpartidas(db, legs, now);

  const items = keys.map((erp_id) => {
    const id = after.get(erp_id);
    if (id === undefined) throw new Error(`upsert sin id para ${erp_id}`);
    return { erp_id, id, creado: !antes.has(erp_id) };
  });
  const creados = items.filter((i) => i.creado).length;
  return { creados, actualizados: items.length - creados, items };
}
