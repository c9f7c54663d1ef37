import type { CargaErp } from '@extranet/contracts/integracion/cargas';
import type { Kysely } from 'kysely';
import type { CargaEstado, Database } from '../../../db/database.js';
import { chunks, isPostgres } from '../../../db/sql.js';
import { upsertByKey } from '../../../db/upsert.js';
import { COLUMNAS_LUGARES, columnasLugares } from '../repository.js';

type Db = Kysely<Database>;

/** What a notice about an offer tells its carrier of the load (`OfertaResuelta`). */
export interface CargaAviso {
  id: number;
  referencia: string;
  origen_poblacion: string;
  destino_poblacion: string;
  fecha_carga: string;
}

/**
 * State of the existing loads with these referencias, locked (PostgreSQL) until the
 * transaction ends: an award running at the same time waits, so "already awarded" is exact.
 */
export async function estadosDeCargas(
  db: Db,
  referencias: readonly string[],
): Promise<Map<string, { id: number; estado: CargaEstado }>> {
  const found = new Map<string, { id: number; estado: CargaEstado }>();
  for (const part of chunks(referencias, 500)) {
    const rows = await db
      .selectFrom('cargas')
      .select(['id', 'referencia', 'estado'])
      .where('referencia', 'in', part)
      .orderBy('id')
      .$if(isPostgres(db), (qb) => qb.forUpdate())
      .execute();
    for (const row of rows) found.set(row.referencia, { id: Number(row.id), estado: row.estado });
  }
  return found;
}

/** Inserts or updates (by `referencia`) every load with the state decided by the service. */
export function upsertCargas(
  db: Db,
  items: ReadonlyArray<Omit<CargaErp, 'estado'> & { estado: CargaEstado }>,
  now: string,
): Promise<Map<string, number>> {
  const rows = items.map((c) => ({
    referencia: c.referencia,
    region: c.region,
    ...columnasLugares(c),
    fecha_carga: c.fecha_carga,
    fecha_descarga: c.fecha_descarga,
    tipo_vehiculo: c.tipo_vehiculo,
    peso_kg: c.peso_kg,
    palets: c.palets,
    precio_guia_centimos: c.precio_guia_centimos ?? null,
    observaciones: c.observaciones ?? null,
    estado: c.estado,
    created_at: now,
    updated_at: now,
  }));
  // `proveedor_asignado_id` is the award's: an upsert never touches it.
  return upsertByKey(db, 'cargas', rows, {
    key: 'referencia',
    update: [
      'region',
      ...COLUMNAS_LUGARES,
      'fecha_carga',
      'fecha_descarga',
      'tipo_vehiculo',
      'peso_kg',
      'palets',
      'precio_guia_centimos',
      'observaciones',
      'estado',
      'updated_at',
    ],
  });
}

/** A decided offer, with what its notice needs. */
export interface OfertaDecidida {
  id: number;
  carga_id: number;
  proveedor_id: number;
  precio_centimos: number;
}

/**
 * Turns down every pending offer of these loads (but `exceptOfertaId`); returns them. The
 * `estado = 'pendiente'` condition is re-checked on each row, so an offer withdrawn meanwhile
 * stays withdrawn and is not told about.
 */
export async function rechazarPendientes(
  db: Db,
  cargaIds: readonly number[],
  now: string,
  exceptOfertaId?: number,
): Promise<OfertaDecidida[]> {
  const rejected: OfertaDecidida[] = [];
  for (const part of chunks(cargaIds, 500)) {
    const rows = await db
      .updateTable('ofertas')
      .set({ estado: 'rechazada', updated_at: now })
      .where('carga_id', 'in', part)
      .where('estado', '=', 'pendiente')
      .$if(exceptOfertaId !== undefined, (qb) => qb.where('id', '!=', exceptOfertaId as number))
      .returning(['id', 'carga_id', 'proveedor_id', 'precio_centimos'])
      .execute();
    for (const row of rows) {
      rejected.push({
        id: Number(row.id),
        carga_id: Number(row.carga_id),
        proveedor_id: Number(row.proveedor_id),
        precio_centimos: Number(row.precio_centimos),
      });
    }
  }
  return rejected.sort((a, b) => a.id - b.id);
}

/** What the notices of these loads need, by id. */
export async function cargasAviso(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, CargaAviso>> {
  const found = new Map<number, CargaAviso>();
  for (const part of chunks(ids, 500)) {
    const rows = await db
      .selectFrom('cargas')
      .select(['id', 'referencia', 'origen_poblacion', 'destino_poblacion', 'fecha_carga'])
      .where('id', 'in', part)
      .execute();
    for (const row of rows) found.set(Number(row.id), { ...row, id: Number(row.id) });
  }
  return found;
}

/** A load by its referencia, locked (PostgreSQL) for the award until the transaction ends. */
export async function lockCargaByReferencia(db: Db, referencia: string) {
  const row = await db
    .selectFrom('cargas')
    .select([
      'id',
      'referencia',
      'estado',
      'proveedor_asignado_id',
      'origen_poblacion',
      'destino_poblacion',
      'fecha_carga',
    ])
    .where('referencia', '=', referencia)
    .$if(isPostgres(db), (qb) => qb.forUpdate())
    .executeTakeFirst();
  return row && { ...row, id: Number(row.id) };
}

/** An offer, locked (PostgreSQL): a carrier's concurrent edit or withdrawal waits. */
export async function lockOferta(db: Db, ofertaId: number) {
  const row = await db
    .selectFrom('ofertas')
    .select(['id', 'carga_id', 'proveedor_id', 'precio_centimos', 'estado'])
    .where('id', '=', ofertaId)
    .$if(isPostgres(db), (qb) => qb.forUpdate())
    .executeTakeFirst();
  return (
    row && {
      ...row,
      id: Number(row.id),
      carga_id: Number(row.carga_id),
      proveedor_id: Number(row.proveedor_id),
      precio_centimos: Number(row.precio_centimos),
    }
  );
}

export async function aceptarOferta(db: Db, ofertaId: number, now: string): Promise<void> {
  await db
    .updateTable('ofertas')
    .set({ estado: 'aceptada', updated_at: now })
    .where('id', '=', ofertaId)
    .execute();
}

export async function asignarCarga(
  db: Db,
  cargaId: number,
  proveedorId: number,
  now: string,
): Promise<void> {
  await db
    .updateTable('cargas')
    .set({ estado: 'asignada', proveedor_asignado_id: proveedorId, updated_at: now })
    .where('id', '=', cargaId)
    .execute();
}
