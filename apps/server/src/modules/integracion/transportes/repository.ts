import type { TransporteErp } from '@extranet/contracts/integracion/transportes';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/database.js';
import { chunks, isPostgres } from '../../../db/sql.js';
import { idsByKey, upsertByKey } from '../../../db/upsert.js';

type Db = Kysely<Database>;

/** Our ids of the loads with these referencias. */
export function cargaIdsByReferencia(
  db: Db,
  referencias: readonly string[],
): Promise<Map<string, number>> {
  return idsByKey(db, 'cargas', 'referencia', referencias);
}

/** An existing transport of the ERP, with what decides whether it may change carrier. */
export interface TransporteExistente {
  id: number;
  proveedor_id: number;
  /** A carrier invoice covers it. */
  facturado: boolean;
}

/**
 * The existing transports with these ERP ids, locked (PostgreSQL) until the transaction ends:
 * two batches on one transport apply one after the other.
 */
export async function transportesByErp(
  db: Db,
  erpIds: readonly string[],
): Promise<Map<string, TransporteExistente>> {
  const found = new Map<string, TransporteExistente>();
  for (const part of chunks(erpIds, 500)) {
    const rows = await db
      .selectFrom('transportes as t')
      .select(['t.id', 't.erp_id', 't.proveedor_id'])
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('facturas_proveedor_transportes as ft')
              .select('ft.transporte_id')
              .whereRef('ft.transporte_id', '=', 't.id'),
          )
          .as('facturado'),
      )
      .where('t.erp_id', 'in', part)
      .orderBy('t.id')
      .$if(isPostgres(db), (qb) => qb.forUpdate('t'))
      .execute();
    for (const row of rows) {
      if (row.erp_id === null) continue;
      found.set(row.erp_id, {
        id: Number(row.id),
        proveedor_id: Number(row.proveedor_id),
        facturado: row.facturado === true || Number(row.facturado) === 1,
      });
    }
  }
  return found;
}

/** An existing leg: its ERP id (null if not from the ERP) and whether its CMR is uploaded. */
export interface SubpartidaExistente {
  id: number;
  transporte_id: number;
  erp_id: string | null;
  numero: number;
  cmr_archivo_id: number | null;
}

/**
 * The legs of these transports, locked (PostgreSQL): a CMR upload arriving meanwhile waits for
 * this batch, so a leg is never removed from under an upload.
 */
export async function subpartidasDe(
  db: Db,
  transporteIds: readonly number[],
): Promise<SubpartidaExistente[]> {
  const legs: SubpartidaExistente[] = [];
  for (const part of chunks(transporteIds, 500)) {
    const rows = await db
      .selectFrom('subpartidas')
      .select(['id', 'transporte_id', 'erp_id', 'numero', 'cmr_archivo_id'])
      .where('transporte_id', 'in', part)
      .orderBy('id')
      .$if(isPostgres(db), (qb) => qb.forUpdate())
      .execute();
    for (const row of rows) {
      legs.push({
        id: Number(row.id),
        transporte_id: Number(row.transporte_id),
        erp_id: row.erp_id,
        numero: Number(row.numero),
        cmr_archivo_id: row.cmr_archivo_id === null ? null : Number(row.cmr_archivo_id),
      });
    }
  }
  return legs;
}

/** A transport ready to store: the ERP's record with our ids of its carrier and load. */
export type TransporteFila = Omit<TransporteErp, 'subpartidas'> & {
  proveedor_id: number;
  carga_id: number | null;
};

/** Inserts or updates (by `erp_id`) every transport; returns our id of each. */
export function upsertTransportes(
  db: Db,
  items: readonly TransporteFila[],
  now: string,
): Promise<Map<string, number>> {
  const rows = items.map((t) => ({
    erp_id: t.erp_id,
    proveedor_id: t.proveedor_id,
    carga_id: t.carga_id,
    referencia: t.referencia,
    matricula: t.matricula ?? null,
    conductor: t.conductor ?? null,
    origen_poblacion: t.origen_poblacion,
    origen_cp: t.origen_cp,
    origen_pais_iso: t.origen_pais_iso,
    destino_poblacion: t.destino_poblacion,
    destino_cp: t.destino_cp,
    destino_pais_iso: t.destino_pais_iso,
    fecha_carga: t.fecha_carga,
    fecha_descarga: t.fecha_descarga,
    importe_centimos: t.importe_centimos,
    estado: t.estado,
    incidencia: t.incidencia ?? null,
    created_at: now,
    updated_at: now,
  }));
  return upsertByKey(db, 'transportes', rows, {
    key: 'erp_id',
    update: [
      'proveedor_id',
      'carga_id',
      'referencia',
      'matricula',
      'conductor',
      'origen_poblacion',
      'origen_cp',
      'origen_pais_iso',
      'destino_poblacion',
      'destino_cp',
      'destino_pais_iso',
      'fecha_carga',
      'fecha_descarga',
      'importe_centimos',
      'estado',
      'incidencia',
      'updated_at',
    ],
  });
}

/** Removes these legs, only while they still have no CMR. */
export async function deleteSubpartidasSinCmr(db: Db, ids: readonly number[]): Promise<void> {
  for (const part of chunks(ids, 500)) {
    await db
      .deleteFrom('subpartidas')
      .where('id', 'in', part)
      .where('cmr_archivo_id', 'is', null)
      .execute();
  }
}

/**
 * Moves the legs of these transports out of the way of their new numbers: negative numbers
 * never collide with the positive ones the upsert gives, so the (transporte_id, numero) unique
 * constraint holds at every row of a reordering.
 */
export async function apartarNumeros(db: Db, transporteIds: readonly number[]): Promise<void> {
  for (const part of chunks(transporteIds, 500)) {
    await db
      .updateTable('subpartidas')
      .set((eb) => ({ numero: eb.neg(eb.ref('numero')) }))
      .where('transporte_id', 'in', part)
      .where('numero', '>', 0)
      .execute();
  }
}

/** A leg ready to store: its transport, its number (position) and its shipment. */
export interface SubpartidaFila {
  transporte_id: number;
  erp_id: string;
  numero: number;
  origen_poblacion: string;
  destino_poblacion: string;
  bultos: number;
  peso_kg: number;
  porte_id: number | null;
}

/** Inserts or updates (by transport and `erp_id`) the legs; the CMR columns are the portal's. */
export async function upsertSubpartidas(
  db: Db,
  items: readonly SubpartidaFila[],
  now: string,
): Promise<void> {
  await upsertByKey(
    db,
    'subpartidas',
    items.map((s) => ({ ...s, created_at: now })),
    {
      key: 'erp_id',
      conflict: ['transporte_id', 'erp_id'],
      update: ['numero', 'origen_poblacion', 'destino_poblacion', 'bultos', 'peso_kg', 'porte_id'],
    },
  );
}
