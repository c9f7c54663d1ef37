import type { Insertable, Kysely } from 'kysely';
import type { Database, SesionesTable } from '../../db/database.js';
import { preparedQuery } from '../../db/prepared.js';

export async function insertSesion(db: Kysely<Database>, row: Insertable<SesionesTable>) {
  await db.insertInto('sesiones').values(row).execute();
}

/**
 * A session with the state of the access link that opened it, if any. Read on every request
 * with a cookie: compiled once (db/prepared.ts).
 */
const sesionPorId = preparedQuery(1, (db, id: string) =>
  db
    .selectFrom('sesiones')
    .leftJoin('access_tokens', 'access_tokens.id', 'sesiones.access_token_id')
    .select([
      'sesiones.id',
      'sesiones.usuario_id',
      'sesiones.portal',
      'sesiones.region',
      'sesiones.cliente_id',
      'sesiones.proveedor_id',
      'sesiones.access_token_id',
      'sesiones.last_seen_at',
      'sesiones.expires_at',
      'access_tokens.expires_at as link_expires_at',
      'access_tokens.revoked_at as link_revoked_at',
    ])
    .where('sesiones.id', '=', id),
);

export async function findSesion(db: Kysely<Database>, id: string) {
  const [row] = await sesionPorId(db, id);
  return row;
}

export async function touchSesion(db: Kysely<Database>, id: string, lastSeenAt: string) {
  await db.updateTable('sesiones').set({ last_seen_at: lastSeenAt }).where('id', '=', id).execute();
}

/**
 * Moves a session to a new id (its key) and applies `changes` in the same statement: the old
 * key stops working at once. False when the old session is gone.
 */
export async function rekeySesion(
  db: Kysely<Database>,
  id: string,
  newId: string,
  changes: { cliente_id?: number; proveedor_id?: number } = {},
): Promise<boolean> {
  const result = await db
    .updateTable('sesiones')
    .set({ ...changes, id: newId })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteSesion(db: Kysely<Database>, id: string) {
  await db.deleteFrom('sesiones').where('id', '=', id).execute();
}

/** Removes sessions past their absolute expiry or idle for longer than allowed. */
export async function deleteExpiredSesiones(
  db: Kysely<Database>,
  now: string,
  idleCutoff: string,
): Promise<number> {
  const result = await db
    .deleteFrom('sesiones')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<', idleCutoff)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
