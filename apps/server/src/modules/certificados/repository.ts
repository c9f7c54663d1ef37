import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

/* Kysely only; every carrier query filters by its `proveedorId` in SQL. */

type Db = Kysely<Database>;

/** The catalogue of certificate types, in display order. */
export async function listTipos(db: Db) {
  return db
    .selectFrom('certificado_tipos')
    .select(['codigo', 'nombre', 'obligatorio'])
    .orderBy('orden')
    .orderBy('codigo')
    .execute();
}

/**
 * The catalogue as it applies to this carrier: a certificate the ERP requires of it
 * (`proveedor_certificados`) overrides the type's `obligatorio`.
 */
export async function listTiposProveedor(db: Db, proveedorId: number) {
  return db
    .selectFrom('certificado_tipos as t')
    .leftJoin('proveedor_certificados as pc', (join) =>
      join.onRef('pc.tipo', '=', 't.codigo').on('pc.proveedor_id', '=', proveedorId),
    )
    .select(['t.codigo', 't.nombre'])
    .select((eb) =>
      eb.fn.coalesce('pc.obligatorio', 't.obligatorio').$castTo<0 | 1>().as('obligatorio'),
    )
    .orderBy('t.orden')
    .orderBy('t.codigo')
    .execute();
}

export async function findTipo(db: Db, codigo: string) {
  return db
    .selectFrom('certificado_tipos')
    .select(['codigo', 'nombre', 'obligatorio'])
    .where('codigo', '=', codigo)
    .executeTakeFirst();
}

/** Every certificate version of this carrier, latest expiry (then newest) first. */
export async function listCertificados(db: Db, proveedorId: number) {
  return db
    .selectFrom('certificados')
    .select([
      'id',
      'tipo',
      'descripcion',
      'fecha_emision',
      'fecha_caducidad',
      'archivo_id',
      'created_at',
    ])
    .where('proveedor_id', '=', proveedorId)
    .orderBy('fecha_caducidad', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function insertCertificado(
  db: Db,
  values: {
    proveedor_id: number;
    tipo: string;
    descripcion: string | null;
    archivo_id: number;
    fecha_emision: string | null;
    fecha_caducidad: string;
    created_at: string;
  },
): Promise<number> {
  const row = await db
    .insertInto('certificados')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
