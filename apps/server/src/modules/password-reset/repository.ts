import type { Kysely } from 'kysely';
import type { Database, RegionCodigo } from '../../db/database.js';

/** An active user by e-mail (stored lower-case) in one region. */
export function findActiveUserByEmail(db: Kysely<Database>, email: string, region: RegionCodigo) {
  return db
    .selectFrom('usuarios')
    .select(['id', 'email', 'nombre'])
    .where('email', '=', email.toLowerCase())
    .where('region', '=', region)
    .where('activo', '=', 1)
    .executeTakeFirst();
}

/** Recovery links requested by a user since an instant (to cap e-mails per user). */
export async function countResetsSince(
  db: Kysely<Database>,
  usuarioId: number,
  since: string,
): Promise<number> {
  const row = await db
    .selectFrom('password_resets')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('usuario_id', '=', usuarioId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Ends every still-usable link of a user: only the newest link works. */
export async function expireOpenResets(db: Kysely<Database>, usuarioId: number, now: string) {
  await db
    .updateTable('password_resets')
    .set({ expires_at: now })
    .where('usuario_id', '=', usuarioId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
}

export async function insertReset(
  db: Kysely<Database>,
  values: { usuarioId: number; tokenHash: string; createdAt: string; expiresAt: string },
) {
  await db
    .insertInto('password_resets')
    .values({
      usuario_id: values.usuarioId,
      token_hash: values.tokenHash,
      created_at: values.createdAt,
      expires_at: values.expiresAt,
    })
    .execute();
}

/** The unused, unexpired link with this token hash, with its (active) user. */
export function findUsableReset(db: Kysely<Database>, tokenHash: string, now: string) {
  return db
    .selectFrom('password_resets as r')
    .innerJoin('usuarios as u', 'u.id', 'r.usuario_id')
    .select(['r.id', 'r.usuario_id', 'u.email'])
    .where('r.token_hash', '=', tokenHash)
    .where('r.used_at', 'is', null)
    .where('r.expires_at', '>', now)
    .where('u.activo', '=', 1)
    .executeTakeFirst();
}

/** Spends a link; false when another request spent it (or it expired) meanwhile. */
export async function markResetUsed(
  db: Kysely<Database>,
  id: number,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function updatePasswordHash(
  db: Kysely<Database>,
  usuarioId: number,
  claveHash: string,
  now: string,
) {
  await db
    .updateTable('usuarios')
    .set({ clave_hash: claveHash, updated_at: now })
    .where('id', '=', usuarioId)
    .execute();
}

/** Signs the user out everywhere: server-side sessions go, remember tokens are revoked. */
export async function endSessionsOfUser(db: Kysely<Database>, usuarioId: number, now: string) {
  await db.deleteFrom('sesiones').where('usuario_id', '=', usuarioId).execute();
  await db
    .updateTable('remember_tokens')
    .set({ revoked_at: now })
    .where('usuario_id', '=', usuarioId)
    .where('revoked_at', 'is', null)
    .execute();
}
