import type { Kysely } from 'kysely';
import type { Database, Portal } from '../../db/database.js';

/* Kysely only: the TOTP secrets of users, their recovery codes and the logins waiting for a code. */

type Db = Kysely<Database>;

export function findTotp(db: Db, usuarioId: number) {
  return db
    .selectFrom('usuarios_totp')
    .select([
      'usuario_id',
      'secreto_cifrado',
      'confirmado_at',
      'ultimo_paso',
      'fallos',
      'ultimo_fallo_at',
    ])
    .where('usuario_id', '=', usuarioId)
    .executeTakeFirst();
}

/** A new, unconfirmed secret (replacing an unfinished enrolment). */
export async function upsertPendingTotp(
  db: Db,
  usuarioId: number,
  secretoCifrado: string,
  now: string,
) {
  await deleteRecoveryCodes(db, usuarioId);
  await db.deleteFrom('usuarios_totp').where('usuario_id', '=', usuarioId).execute();
  await db
    .insertInto('usuarios_totp')
    .values({ usuario_id: usuarioId, secreto_cifrado: secretoCifrado, created_at: now })
    .execute();
}

/**
 * Spends the 30-second step of an accepted code: false when that step (or a later one) was
 * already used, so of two requests with one code only one wins. Confirms a pending enrolment.
 */
export async function spendStep(
  db: Db,
  usuarioId: number,
  paso: number,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('usuarios_totp')
    .set((eb) => ({
      ultimo_paso: paso,
      fallos: 0,
      ultimo_fallo_at: null,
      confirmado_at: eb.fn.coalesce('confirmado_at', eb.val(now)),
    }))
    .where('usuario_id', '=', usuarioId)
    .where((eb) => eb.or([eb('ultimo_paso', 'is', null), eb('ultimo_paso', '<', paso)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recordWrongCode(db: Db, usuarioId: number, now: string) {
  await db
    .updateTable('usuarios_totp')
    .set((eb) => ({ fallos: eb('fallos', '+', 1), ultimo_fallo_at: now }))
    .where('usuario_id', '=', usuarioId)
    .execute();
}

/** A right recovery code clears the wrong-code count, as a right authenticator code does. */
export async function clearWrongCodes(db: Db, usuarioId: number) {
  await db
    .updateTable('usuarios_totp')
    .set({ fallos: 0, ultimo_fallo_at: null })
    .where('usuario_id', '=', usuarioId)
    .execute();
}

/** The secret and its recovery codes; call it in a transaction. */
export async function deleteTotp(db: Db, usuarioId: number) {
  await deleteRecoveryCodes(db, usuarioId);
  await db.deleteFrom('usuarios_totp').where('usuario_id', '=', usuarioId).execute();
}

export async function deleteRecoveryCodes(db: Db, usuarioId: number) {
  await db.deleteFrom('totp_codigos_recuperacion').where('usuario_id', '=', usuarioId).execute();
}

export async function insertRecoveryCodes(
  db: Db,
  usuarioId: number,
  hashes: string[],
  now: string,
) {
  await db
    .insertInto('totp_codigos_recuperacion')
    .values(hashes.map((hash) => ({ usuario_id: usuarioId, codigo_hash: hash, created_at: now })))
    .execute();
}

export function listUnusedRecoveryCodes(db: Db, usuarioId: number) {
  return db
    .selectFrom('totp_codigos_recuperacion')
    .select(['id', 'codigo_hash'])
    .where('usuario_id', '=', usuarioId)
    .where('usado_at', 'is', null)
    .orderBy('id')
    .execute();
}

export async function countUnusedRecoveryCodes(db: Db, usuarioId: number): Promise<number> {
  const row = await db
    .selectFrom('totp_codigos_recuperacion')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('usuario_id', '=', usuarioId)
    .where('usado_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Spends a recovery code: false when it was already used, so of two requests with one code
 * only one wins (the update is conditional on `usado_at` still being null).
 */
export async function spendRecoveryCode(db: Db, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('totp_codigos_recuperacion')
    .set({ usado_at: now })
    .where('id', '=', id)
    .where('usado_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertPendingLogin(
  db: Db,
  values: {
    id: string;
    usuarioId: number;
    portal: Portal;
    rememberTokenId: number | null;
    createdAt: string;
    expiresAt: string;
  },
) {
  await db
    .insertInto('totp_pendientes')
    .values({
      id: values.id,
      usuario_id: values.usuarioId,
      portal: values.portal,
      remember_token_id: values.rememberTokenId,
      created_at: values.createdAt,
      expires_at: values.expiresAt,
    })
    .execute();
}

/** The pending login behind a cookie, if not expired; expired ones are deleted on the way. */
export async function findPendingLogin(db: Db, id: string, now: string) {
  await db.deleteFrom('totp_pendientes').where('expires_at', '<=', now).execute();
  return db
    .selectFrom('totp_pendientes')
    .select(['id', 'usuario_id', 'portal', 'remember_token_id', 'intentos'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function countPendingAttempt(db: Db, id: string) {
  await db
    .updateTable('totp_pendientes')
    .set((eb) => ({ intentos: eb('intentos', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function deletePendingLogin(db: Db, id: string) {
  await db.deleteFrom('totp_pendientes').where('id', '=', id).execute();
}

/** Whether the user may still sign in (an operator may deactivate them mid-login). */
export async function isActiveUser(db: Db, usuarioId: number): Promise<boolean> {
  const row = await db
    .selectFrom('usuarios')
    .select('activo')
    .where('id', '=', usuarioId)
    .executeTakeFirst();
  return row?.activo === 1;
}
