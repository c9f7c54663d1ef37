import type { Kysely } from 'kysely';
import type { Database } from '../db/database.js';

/* Kysely only: the scheduled jobs' queries, on both dialects. */

type Db = Kysely<Database>;

/**
 * Certificates of active carriers expiring between `desde` and `hasta` (inclusive) not yet
 * told, each the latest of its type for its carrier: a renewed one makes the old expiry moot.
 */
export function listCertificadosPorCaducar(db: Db, desde: string, hasta: string) {
  return db
    .selectFrom('certificados as c')
    .innerJoin('certificado_tipos as t', 't.codigo', 'c.tipo')
    .innerJoin('proveedores as p', 'p.id', 'c.proveedor_id')
    .select([
      'c.id',
      'c.proveedor_id',
      'c.tipo',
      't.nombre as tipo_nombre',
      'c.descripcion',
      'c.fecha_caducidad',
    ])
    .where('p.activo', '=', 1)
    .where('c.fecha_caducidad', '>=', desde)
    .where('c.fecha_caducidad', '<=', hasta)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('avisos_certificado as a')
            .select('a.certificado_id')
            .whereRef('a.certificado_id', '=', 'c.id')
            .whereRef('a.fecha_caducidad', '=', 'c.fecha_caducidad'),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('certificados as n')
            .select('n.id')
            .whereRef('n.proveedor_id', '=', 'c.proveedor_id')
            .whereRef('n.tipo', '=', 'c.tipo')
            .whereRef('n.fecha_caducidad', '>', 'c.fecha_caducidad'),
        ),
      ),
    )
    .orderBy('c.fecha_caducidad')
    .orderBy('c.id')
    .execute();
}

/**
 * Marks a certificate's expiry as told; false when it already was (by this or another
 * instance: on PostgreSQL a concurrent insert waits for the other's commit, then does nothing).
 */
export async function insertAvisoCertificado(
  db: Db,
  certificadoId: number,
  fechaCaducidad: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .insertInto('avisos_certificado')
    .values({ certificado_id: certificadoId, fecha_caducidad: fechaCaducidad, created_at: now })
    .onConflict((oc) => oc.columns(['certificado_id', 'fecha_caducidad']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Stored answers of idempotent writes older than `cutoff`. */
export async function deleteIdempotencyKeysBefore(db: Db, cutoff: string): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** "Remember me" tokens past their expiry or revoked: neither can sign anyone in again. */
export async function deleteDeadRememberTokens(db: Db, now: string): Promise<number> {
  const result = await db
    .deleteFrom('remember_tokens')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('revoked_at', 'is not', null)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Password-reset tokens already used or past their expiry. */
export async function deleteDeadPasswordResets(db: Db, now: string): Promise<number> {
  const result = await db
    .deleteFrom('password_resets')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('used_at', 'is not', null)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
