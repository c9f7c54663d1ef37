import type { Kysely } from 'kysely';
import type { Database, Portal } from '../../db/database.js';

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

export async function hasRecurso(
  db: Kysely<Database>,
  usuarioId: number,
  portal: Portal,
  recurso: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('recursos')
    .select('id')
    .where('usuario_id', '=', usuarioId)
    .where('portal', '=', portal)
    .where('recurso', '=', recurso)
    .executeTakeFirst();
  return row !== undefined;
}
