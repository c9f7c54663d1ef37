import type { Kysely } from 'kysely';
import type { Database, Portal } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared.js';

/** A user's menu entries in one portal, by menu number. */
export async function listRecursos(db: Kysely<Database>, usuarioId: number, portal: Portal) {
  return db
    .selectFrom('recursos')
    .select(['recurso', 'api', 'menu'])
    .where('usuario_id', '=', usuarioId)
    .where('portal', '=', portal)
    .orderBy('menu')
    .orderBy('id')
    .execute();
}

/** Read by every section's guard: compiled once (db/prepared.ts). */
const recursoDe = preparedQuery(3, (db, usuarioId: number, portal: Portal, recurso: string) =>
  db
    .selectFrom('recursos')
    .select('id')
    .where('usuario_id', '=', usuarioId)
    .where('portal', '=', portal)
    .where('recurso', '=', recurso)
    .limit(1),
);

export async function hasRecurso(
  db: Kysely<Database>,
  usuarioId: number,
  portal: Portal,
  recurso: string,
): Promise<boolean> {
  return (await recursoDe(db, usuarioId, portal, recurso)).length > 0;
}
