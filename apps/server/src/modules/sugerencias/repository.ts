import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { keysetSeek } from '../../db/keyset.js';

/* Kysely only; every read filters by the session's `clienteId`. */

type Db = Kysely<Database>;

/** The previous page's last (created_at, id): newest first. */
export type SugerenciasKeyset = readonly [createdAt: string, id: number] | undefined;

const COLUMNAS = ['id', 'asunto', 'texto', 'created_at'] as const;

export async function insertSugerencia(db: Db, values: Insertable<Database['sugerencias']>) {
  return db.insertInto('sugerencias').values(values).returning(COLUMNAS).executeTakeFirstOrThrow();
}

/** One page of this client's suggestions over (cliente_id, created_at desc, id desc). */
export async function listSugerencias(
  db: Db,
  clienteId: number,
  after: SugerenciasKeyset,
  limit: number,
) {
  return db
    .selectFrom('sugerencias')
    .select(COLUMNAS)
    .where('cliente_id', '=', clienteId)
    .$if(after !== undefined, (qb) => qb.where(keysetSeek('created_at', 'id', '<', after!)))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
