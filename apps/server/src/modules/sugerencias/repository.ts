import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { newestFirst, type FormulariosKeyset } from '../formularios-cliente/repository.js';

/* Kysely only; every read filters by the session's `clienteId`. */

type Db = Kysely<Database>;

const COLUMNAS = ['id', 'asunto', 'texto', 'created_at'] as const;

export async function insertSugerencia(db: Db, values: Insertable<Database['sugerencias']>) {
  return db.insertInto('sugerencias').values(values).returning(COLUMNAS).executeTakeFirstOrThrow();
}

/** One page of this client's suggestions over (cliente_id, created_at desc, id desc). */
export async function listSugerencias(
  db: Db,
  clienteId: number,
  after: FormulariosKeyset,
  limit: number,
) {
  return newestFirst(
    db.selectFrom('sugerencias').select(COLUMNAS).where('cliente_id', '=', clienteId),
    after,
    limit,
  ).execute();
}
