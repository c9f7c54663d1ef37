import type { Kysely, Updateable } from 'kysely';
import type { Database, Vehiculo, VehiculosTable } from '../../db/database.js';
import { keysetSeek } from '../../db/keyset.js';

/* Kysely only; every query filters by the carrier that owns the vehicles. */

type Db = Kysely<Database>;

export type VehiculoRow = Pick<
  Vehiculo,
  | 'id'
  | 'matricula'
  | 'tipo'
  | 'capacidad_kg'
  | 'palets'
  | 'conductor_nombre'
  | 'conductor_telefono'
  | 'disponible'
  | 'disponible_desde'
  | 'disponible_hasta'
  | 'activo'
  | 'ultima_lat'
  | 'ultima_lng'
  | 'ultima_poblacion'
  | 'ultima_posicion_at'
>;

const columns = [
  'id',
  'matricula',
  'tipo',
  'capacidad_kg',
  'palets',
  'conductor_nombre',
  'conductor_telefono',
  'disponible',
  'disponible_desde',
  'disponible_hasta',
  'activo',
  'ultima_lat',
  'ultima_lng',
  'ultima_poblacion',
  'ultima_posicion_at',
] as const;

/**
 * A page of the carrier's vehicles by plate: the unique (proveedor_id, matricula) index
 * serves both the filter and the keyset order.
 */
export async function listVehiculos(
  db: Db,
  proveedorId: number,
  filtro: { activo: boolean; disponible?: boolean | undefined },
  after: [string, number] | undefined,
  limit: number,
): Promise<VehiculoRow[]> {
  return db
    .selectFrom('vehiculos')
    .select(columns)
    .where('proveedor_id', '=', proveedorId)
    .where('activo', '=', filtro.activo ? 1 : 0)
    .$if(filtro.disponible !== undefined, (qb) =>
      qb.where('disponible', '=', filtro.disponible ? 1 : 0),
    )
    .$if(after !== undefined, (qb) => qb.where(keysetSeek('matricula', 'id', '>', after!)))
    .orderBy('matricula', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
}

/** One vehicle of this carrier (active or not), or undefined. */
export async function findVehiculo(
  db: Db,
  proveedorId: number,
  vehiculoId: number,
): Promise<VehiculoRow | undefined> {
  return db
    .selectFrom('vehiculos')
    .select(columns)
    .where('id', '=', vehiculoId)
    .where('proveedor_id', '=', proveedorId)
    .executeTakeFirst();
}

/** Another vehicle of this carrier with that plate, if any. */
export async function findByMatricula(
  db: Db,
  proveedorId: number,
  matricula: string,
): Promise<{ id: number } | undefined> {
  return db
    .selectFrom('vehiculos')
    .select('id')
    .where('proveedor_id', '=', proveedorId)
    .where('matricula', '=', matricula)
    .executeTakeFirst();
}

export type VehiculoValues = Omit<Updateable<VehiculosTable>, 'id' | 'proveedor_id' | 'created_at'>;

export async function insertVehiculo(
  db: Db,
  proveedorId: number,
  values: VehiculoValues & {
    matricula: string;
    tipo: string;
    capacidad_kg: number;
    palets: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('vehiculos')
    .values({ ...values, proveedor_id: proveedorId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateVehiculo(
  db: Db,
  proveedorId: number,
  vehiculoId: number,
  values: VehiculoValues,
): Promise<void> {
  await db
    .updateTable('vehiculos')
    .set(values)
    .where('id', '=', vehiculoId)
    .where('proveedor_id', '=', proveedorId)
    .execute();
}

/** The carrier's active vehicles with a known position, by plate, at most `limit`. */
export async function listPositions(
  db: Db,
  proveedorId: number,
  limit: number,
): Promise<VehiculoRow[]> {
  return db
    .selectFrom('vehiculos')
    .select(columns)
    .where('proveedor_id', '=', proveedorId)
    .where('activo', '=', 1)
    .where('ultima_lat', 'is not', null)
    .where('ultima_lng', 'is not', null)
    .orderBy('matricula', 'asc')
    .limit(limit)
    .execute();
}
