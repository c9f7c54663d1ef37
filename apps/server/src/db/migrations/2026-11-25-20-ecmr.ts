// Kysely<any>: a migration is frozen in time and must not follow the evolving Database type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { PostgresAdapter, sql } from 'kysely';
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely, RawBuilder } from 'kysely';

/*
 * Issue 18: the electronic consignment note (docs/decisions/013-ecmr-signatures.md).
 * - `ecmr`: one note per subpartida; `verificacion_id` is the random id of the QR; the number
 *   of events and the last event hash are kept to append to the chain.
 * - `ecmr_versiones`: the note's content as canonical JSON and its SHA-256, one row per
 *   version; a version is edited in place only while nobody has signed the note.
 * - `ecmr_firmas`: each signature, with the hash of the version it signed and the drawn image.
 * - `ecmr_fotos`: the reservation photos of a signature (their hash is in `ecmr_firmas.fotos`);
 *   a foreign key per photo, so the purge of unreferenced archivos never takes one.
 * - `ecmr_eventos`: the hash chain (created, edited, new version, signed), each event sealed
 *   with the server's Ed25519 key.
 * - `ecmr_invitaciones`: contactless signing: a one-time link (e-mailed) or a short code, only
 *   their SHA-256, single use, expiring.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const id = idRefType(db);
  const instant = instantType(db);
  const real = realType(db);

  await withId(db, db.schema.createTable('ecmr'))
    .addColumn('subpartida_id', id, (col) =>
      col.notNull().unique().references('subpartidas.id').onDelete('cascade'),
    )
    .addColumn('transporte_id', id, (col) =>
      col.notNull().references('transportes.id').onDelete('cascade'),
    )
    .addColumn('numero', 'text', (col) => col.notNull())
    .addColumn('verificacion_id', 'text', (col) => col.notNull().unique())
    .addColumn('version_actual', 'integer', (col) => col.notNull())
    .addColumn('estado', 'text', (col) => col.notNull())
    .addColumn('eventos_n', 'integer', (col) => col.notNull())
    .addColumn('ultimo_hash', 'text', (col) => col.notNull())
    .addColumn('archivo_id', id, (col) => col.references('archivos.id').onDelete('set null'))
    .addColumn('created_at', instant, instantNow(db))
    .addColumn('updated_at', instant, instantNow(db))
    .execute();
  await db.schema.createIndex('ecmr_transporte_idx').on('ecmr').column('transporte_id').execute();

  await withId(db, db.schema.createTable('ecmr_versiones'))
    .addColumn('ecmr_id', id, (col) => col.notNull().references('ecmr.id').onDelete('cascade'))
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('contenido', 'text', (col) => col.notNull())
    .addColumn('documento_sha256', 'text', (col) => col.notNull())
    .addColumn('usuario_id', id, (col) => col.references('usuarios.id').onDelete('set null'))
    .addColumn('created_at', instant, instantNow(db))
    .addUniqueConstraint('ecmr_versiones_uq', ['ecmr_id', 'version'])
    .execute();

  await withId(db, db.schema.createTable('ecmr_firmas'))
    .addColumn('ecmr_id', id, (col) => col.notNull().references('ecmr.id').onDelete('cascade'))
    .addColumn('version', 'integer', (col) => col.notNull())
    .addColumn('rol', 'text', (col) => col.notNull())
    .addColumn('nombre', 'text', (col) => col.notNull())
    .addColumn('canal', 'text', (col) => col.notNull())
    .addColumn('firmado_at', instant, (col) => col.notNull())
    .addColumn('documento_sha256', 'text', (col) => col.notNull())
    .addColumn('imagen_png', 'text', (col) => col.notNull())
    .addColumn('imagen_sha256', 'text', (col) => col.notNull())
    .addColumn('lat', real)
    .addColumn('lng', real)
    .addColumn('precision_m', 'integer')
    .addColumn('dispositivo', 'text')
    .addColumn('reservas', 'text')
    // JSON text: [{ archivo_id, sha256 }] of the reservation photos.
    .addColumn('fotos', 'text', (col) => col.notNull())
    .addUniqueConstraint('ecmr_firmas_rol_uq', ['ecmr_id', 'version', 'rol'])
    .execute();

  await withId(db, db.schema.createTable('ecmr_fotos'))
    .addColumn('firma_id', id, (col) =>
      col.notNull().references('ecmr_firmas.id').onDelete('cascade'),
    )
    .addColumn('archivo_id', id, (col) => col.references('archivos.id').onDelete('set null'))
    .execute();

  await withId(db, db.schema.createTable('ecmr_eventos'))
    .addColumn('ecmr_id', id, (col) => col.notNull().references('ecmr.id').onDelete('cascade'))
    .addColumn('secuencia', 'integer', (col) => col.notNull())
    .addColumn('tipo', 'text', (col) => col.notNull())
    .addColumn('ocurrido_at', instant, (col) => col.notNull())
    // Canonical JSON (RFC 8785) of the event's data.
    .addColumn('datos', 'text', (col) => col.notNull())
    .addColumn('hash_anterior', 'text', (col) => col.notNull())
    .addColumn('hash', 'text', (col) => col.notNull())
    .addColumn('sello', 'text', (col) => col.notNull())
    .addColumn('clave_id', 'text', (col) => col.notNull())
    .addUniqueConstraint('ecmr_eventos_secuencia_uq', ['ecmr_id', 'secuencia'])
    .execute();

  await withId(db, db.schema.createTable('ecmr_invitaciones'))
    .addColumn('ecmr_id', id, (col) => col.notNull().references('ecmr.id').onDelete('cascade'))
    .addColumn('rol', 'text', (col) => col.notNull())
    .addColumn('canal', 'text', (col) => col.notNull())
    .addColumn('email', 'text')
    .addColumn('codigo_hash', 'text', (col) => col.unique())
    .addColumn('token_hash', 'text', (col) => col.unique())
    .addColumn('created_at', instant, instantNow(db))
    .addColumn('expires_at', instant, (col) => col.notNull())
    .addColumn('canjeada_at', instant)
    .addColumn('usada_at', instant)
    .addColumn('firma_id', id, (col) => col.references('ecmr_firmas.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('ecmr_invitaciones_ecmr_idx')
    .on('ecmr_invitaciones')
    .column('ecmr_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ecmr_invitaciones_ecmr_idx').execute();
  await db.schema.dropTable('ecmr_invitaciones').execute();
  await db.schema.dropTable('ecmr_eventos').execute();
  await db.schema.dropTable('ecmr_fotos').execute();
  await db.schema.dropTable('ecmr_firmas').execute();
  await db.schema.dropTable('ecmr_versiones').execute();
  await db.schema.dropIndex('ecmr_transporte_idx').execute();
  await db.schema.dropTable('ecmr').execute();
}

/*
 * Dialect helpers copied in, not imported: a frozen migration must not change when shared
 * code does. Portable types: docs/decisions/002-portable-sql-types.md
 */

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Database-side "now" in the app's timestamp format for each dialect. */
function nowDefault(db: Kysely<unknown>): RawBuilder<unknown> {
  return isPostgres(db) ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
}

/** Column type of instants: timestamptz, or ISO-8601 UTC text in SQLite. */
function instantType(db: Kysely<unknown>): 'timestamptz' | 'text' {
  return isPostgres(db) ? 'timestamptz' : 'text';
}

/** Column type of coordinates. */
function realType(db: Kysely<unknown>): 'double precision' | 'real' {
  return isPostgres(db) ? 'double precision' : 'real';
}

/** Column type of ids and id references. */
function idRefType(db: Kysely<unknown>): 'bigint' | 'integer' {
  return isPostgres(db) ? 'bigint' : 'integer';
}

/** Adds the auto-increment integer primary key `id`. */
function withId<T extends string, C extends string>(
  db: Kysely<unknown>,
  table: CreateTableBuilder<T, C>,
): CreateTableBuilder<T, C | 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'bigint', (col) => col.generatedByDefaultAsIdentity().primaryKey())
    : // `integer primary key` is SQLite's rowid; autoincrement never reuses deleted ids.
      table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

/** `created_at`-style column defaulting to now. */
function instantNow(db: Kysely<unknown>) {
  return (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(nowDefault(db));
}
