import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

/*
 * Kysely only: a carrier user's saved load searches. Every read and delete takes the
 * session's user and carrier and uses them in SQL.
 */

type Db = Kysely<Database>;

/** Whose searches: the session's user and active carrier. */
export interface DuenoBusquedas {
  usuarioId: number;
  proveedorId: number;
}

export async function listBusquedas(
  db: Db,
  owner: DuenoBusquedas,
  afterId: number | undefined,
  limit: number,
) {
  return db
    .selectFrom('busquedas_cargas')
    .select(['id', 'nombre', 'filtro', 'created_at'])
    .where('usuario_id', '=', owner.usuarioId)
    .where('proveedor_id', '=', owner.proveedorId)
    .$if(afterId !== undefined, (qb) => qb.where('id', '<', afterId as number))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function countBusquedas(db: Db, owner: DuenoBusquedas): Promise<number> {
  const row = await db
    .selectFrom('busquedas_cargas')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('usuario_id', '=', owner.usuarioId)
    .where('proveedor_id', '=', owner.proveedorId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertBusqueda(
  db: Db,
  owner: DuenoBusquedas,
  nombre: string,
  filtro: string,
  now: string,
) {
  return db
    .insertInto('busquedas_cargas')
    .values({
      usuario_id: owner.usuarioId,
      proveedor_id: owner.proveedorId,
      nombre,
      filtro,
      created_at: now,
    })
    .returning(['id', 'nombre', 'filtro', 'created_at'])
    .executeTakeFirstOrThrow();
}

/** Deletes one of the owner's searches; false when it is not the owner's. */
export async function deleteBusqueda(db: Db, owner: DuenoBusquedas, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('busquedas_cargas')
    .where('id', '=', id)
    .where('usuario_id', '=', owner.usuarioId)
    .where('proveedor_id', '=', owner.proveedorId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Every saved search of an active user still linked to its carrier. */
export async function busquedasActivas(db: Db) {
  return db
    .selectFrom('busquedas_cargas as b')
    .innerJoin('usuarios as u', 'u.id', 'b.usuario_id')
    .innerJoin('usuarios_proveedores as up', (join) =>
      join
        .onRef('up.usuario_id', '=', 'b.usuario_id')
        .onRef('up.proveedor_id', '=', 'b.proveedor_id'),
    )
    .select(['b.id', 'b.usuario_id', 'b.proveedor_id', 'b.nombre', 'b.filtro'])
    .where('u.activo', '=', 1)
    .orderBy('b.id')
    .execute();
}

/** The notice keys among these that some user already has. */
export async function clavesExistentes(db: Db, claves: readonly string[]): Promise<Set<string>> {
  if (claves.length === 0) return new Set();
  const rows = await db
    .selectFrom('avisos_usuario')
    .select('clave')
    .where('clave', 'in', [...claves])
    .execute();
  return new Set(rows.map((row) => row.clave).filter((c): c is string => c !== null));
}

/** What a notice of these loads needs, for the open ones. */
export async function cargasAbiertas(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('cargas')
    .select([
      'id',
      'referencia',
      'origen_poblacion',
      'origen_pais_iso',
      'destino_poblacion',
      'destino_pais_iso',
      'fecha_carga',
      'tipo_vehiculo',
    ])
    .where('id', 'in', [...ids])
    .where('estado', '=', 'abierta')
    .orderBy('id')
    .execute();
}
