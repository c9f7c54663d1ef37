import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
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
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('avisos_certificado as a')
            .select('a.certificado_id')
            .whereRef('a.certificado_id', '=', 'c.id')
            .whereRef('a.fecha_caducidad', '=', 'c.fecha_caducidad'),
        ),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('certificados as n')
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

/**
 * Every column that points at an archivo (all the foreign keys to `archivos.id`, each
 * `on delete set null`). jobs.test.ts checks this list against the migrated schema: a new
 * reference left out would have its file purged under it.
 */
export const REFERENCIAS_ARCHIVO = [
  { tabla: 'portes', columna: 'cmr_archivo_id' },
  { tabla: 'portes', columna: 'pod_archivo_id' },
  { tabla: 'subpartidas', columna: 'cmr_archivo_id' },
  { tabla: 'facturas', columna: 'archivo_id' },
  { tabla: 'facturas_proveedor', columna: 'archivo_id' },
  { tabla: 'certificados', columna: 'archivo_id' },
  { tabla: 'prevencion_documentos', columna: 'archivo_id' },
  { tabla: 'eventos_parada', columna: 'archivo_id' },
  { tabla: 'ecmr', columna: 'archivo_id' },
  { tabla: 'ecmr_fotos', columna: 'archivo_id' },
] as const;

/** True for the archivo `id` (a column reference) no row of REFERENCIAS_ARCHIVO points at. */
function sinReferencias(id: 'a.id' | 'archivos.id'): Expression<SqlBool> {
  const conditions = REFERENCIAS_ARCHIVO.map(
    ({ tabla, columna }) =>
      sql`not exists (select 1 from ${sql.table(tabla)} as r where ${sql.ref(`r.${columna}`)} = ${sql.ref(id)})`,
  );
  return sql<SqlBool>`${sql.join(conditions, sql` and `)}`;
}

/** An archivo row deleted by `deleteArchivosHuerfanos`: where its bytes are. */
export interface ArchivoBorrado {
  id: number;
  storage_key: string;
}

/**
 * Deletes up to `limit` archivos created before `cutoff` (ids above `afterId`, ascending) that
 * nothing points at; returns the rows this call deleted. The condition is part of the DELETE
 * itself, so a row another instance deleted first, or one linked meanwhile, is left alone.
 */
export async function deleteArchivosHuerfanos(
  db: Db,
  cutoff: string,
  afterId: number,
  limit: number,
): Promise<{ candidatos: number[]; borrados: ArchivoBorrado[] }> {
  const candidatos = (
    await db
      .selectFrom('archivos as a')
      .select('a.id')
      .where('a.id', '>', afterId)
      .where('a.created_at', '<', cutoff)
      .where(sinReferencias('a.id'))
      .orderBy('a.id')
      .limit(limit)
      .execute()
  ).map((row) => Number(row.id));
  if (candidatos.length === 0) return { candidatos, borrados: [] };
  // No alias: SQLite's RETURNING does not accept one.
  const borrados = await db
    .deleteFrom('archivos')
    .where('id', 'in', candidatos)
    .where('created_at', '<', cutoff)
    .where(sinReferencias('archivos.id'))
    .returning(['id', 'storage_key'])
    .execute();
  return {
    candidatos,
    borrados: borrados.map((row) => ({ id: Number(row.id), storage_key: row.storage_key })),
  };
}

/** Which of `keys` some archivo still stores its bytes under (files are shared by content). */
export async function storageKeysEnUso(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectFrom('archivos')
    .select('storage_key')
    .distinct()
    .where('storage_key', 'in', keys)
    .execute();
  return new Set(rows.map((row) => row.storage_key));
}

// Older than any reservation: what the purge writes when it locks a key nobody reserved.
const NUNCA = new Date(0).toISOString();

/**
 * Locks the reservation of `storageKey` for the purge (in `trx`), creating it when there is
 * none; false when an upload reserved the key at or after `cutoff` (its bytes stay). While
 * `trx` is open, an upload's `reservarContenido` of the same key waits for it.
 */
export async function bloquearContenidoCaducado(
  trx: Db,
  storageKey: string,
  cutoff: string,
): Promise<boolean> {
  const row = await trx
    .insertInto('reservas_contenido')
    .values({ storage_key: storageKey, reservado_en: NUNCA })
    .onConflict((oc) =>
      oc
        .column('storage_key')
        .doUpdateSet((eb) => ({ reservado_en: eb.ref('reservas_contenido.reservado_en') }))
        .where('reservas_contenido.reservado_en', '<', cutoff),
    )
    .returning('storage_key')
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether any archivo stores its bytes under `storageKey`. */
export async function storageKeyEnUso(db: Db, storageKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('archivos')
    .select('id')
    .where('storage_key', '=', storageKey)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteReservaContenido(db: Db, storageKey: string): Promise<void> {
  await db.deleteFrom('reservas_contenido').where('storage_key', '=', storageKey).execute();
}

/** Up to `limit` keys (after `afterKey`, ascending) last reserved before `cutoff`. */
export async function listReservasCaducadas(
  db: Db,
  cutoff: string,
  afterKey: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('reservas_contenido')
    .select('storage_key')
    .where('reservado_en', '<', cutoff)
    .where('storage_key', '>', afterKey)
    .orderBy('storage_key')
    .limit(limit)
    .execute();
  return rows.map((row) => row.storage_key);
}
