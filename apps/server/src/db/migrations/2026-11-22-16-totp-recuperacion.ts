// Kysely<any>: a migration is frozen in time and must not follow the evolving Database type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { PostgresAdapter, sql } from 'kysely';
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely, RawBuilder } from 'kysely';

/*
 * TOTP recovery codes (issue 7, ASVS 5.0 6.5): ten single-use codes per confirmed factor.
 * `codigo_hash` is an argon2id hash with its own salt (a code has only 50 bits of entropy);
 * `usado_at` is set once, by the one request that spends the code. The rows go with the
 * user's TOTP row (disabling the factor deletes them).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('totp_codigos_recuperacion'))
    .addColumn('usuario_id', idRefType(db), (col) =>
      col.notNull().references('usuarios_totp.usuario_id').onDelete('cascade'),
    )
    .addColumn('codigo_hash', 'text', (col) => col.notNull())
    .addColumn('usado_at', instantType(db))
    .addColumn('created_at', instantType(db), instantNow(db))
    .execute();
  await db.schema
    .createIndex('totp_codigos_recuperacion_usuario_idx')
    .on('totp_codigos_recuperacion')
    .column('usuario_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('totp_codigos_recuperacion').execute();
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
