import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { newestFirst, type FormulariosKeyset } from '../formularios-cliente/repository.js';

/* Kysely only; every read filters by the session's `clienteId`. */

type Db = Kysely<Database>;

const COLUMNAS = [
  'id',
  'origen_poblacion',
  'origen_direccion',
  'origen_cp',
  'origen_pais_iso',
  'destino_poblacion',
  'destino_direccion',
  'destino_cp',
  'destino_pais_iso',
  'fecha_carga',
  'fecha_entrega',
  'mercancia',
  'bultos',
  'peso_kg',
  'tipo_vehiculo',
  'observaciones',
  'estado',
  'created_at',
] as const;

/** Records a request; returns what the customer sees of it. */
export async function insertSolicitud(db: Db, values: Insertable<Database['solicitudes']>) {
  return db.insertInto('solicitudes').values(values).returning(COLUMNAS).executeTakeFirstOrThrow();
}

/** One page of this client's requests over (cliente_id, created_at desc, id desc). */
export async function listSolicitudes(
  db: Db,
  clienteId: number,
  after: FormulariosKeyset,
  limit: number,
) {
  return newestFirst(
    db.selectFrom('solicitudes').select(COLUMNAS).where('cliente_id', '=', clienteId),
    after,
    limit,
  ).execute();
}

/** Name and e-mail for the operators' message. */
export async function findRemitente(db: Db, clienteId: number, usuarioId: number | null) {
  const cliente = await db
    .selectFrom('clientes')
    .select(['id', 'razon_social'])
    .where('id', '=', clienteId)
    .executeTakeFirstOrThrow();
  const usuario =
    usuarioId === null
      ? undefined
      : await db
          .selectFrom('usuarios')
          .select('email')
          .where('id', '=', usuarioId)
          .executeTakeFirst();
  return { cliente, usuarioEmail: usuario?.email ?? null };
}
