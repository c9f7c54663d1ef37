import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

/** The active regions, as the login forms offer them. */
export async function listActiveRegiones(db: Kysely<Database>) {
  return db
    .selectFrom('regiones')
    .select(['codigo', 'nombre'])
    .where('activa', '=', 1)
    .orderBy('nombre')
    .execute();
}
