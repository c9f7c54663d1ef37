// Kysely<any>: a migration is frozen in time and must not follow the evolving Database type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { PostgresAdapter, sql } from 'kysely';
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely, RawBuilder } from 'kysely';

/*
 * ERP integration API (issue 6):
 * - `api_keys`: keys `ext_<prefix>_<secret>`; only the SHA-256 of the whole key is kept, the
 *   prefix finds the row. `scopes` is a JSON text array (e.g. ["portes:write"]).
 * - `api_key_usos`: one row per authenticated call (who, what, answer).
 * - `idempotency_keys`: the stored answer of a write sent with `Idempotency-Key`, unique per key.
 * - `erp_id` on clientes, proveedores and seguimiento: the ERP's own ids, the upsert keys.
 *   Portes need none: `partida` already is the ERP's shipment id. Unique indexes (not column
 *   constraints: SQLite cannot add those with ALTER TABLE); NULLs never collide in either dialect.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const id = idRefType(db);
  const instant = instantType(db);

  await withId(db, db.schema.createTable('api_keys'))
    .addColumn('nombre', 'text', (col) => col.notNull())
    .addColumn('prefix', 'text', (col) => col.notNull().unique())
    .addColumn('key_hash', 'text', (col) => col.notNull())
    .addColumn('scopes', 'text', (col) => col.notNull())
    .addColumn('created_at', instant, instantNow(db))
    .addColumn('last_used_at', instant)
    .addColumn('revoked_at', instant)
    .execute();

  await withId(db, db.schema.createTable('api_key_usos'))
    .addColumn('api_key_id', id, (col) =>
      col.notNull().references('api_keys.id').onDelete('cascade'),
    )
    .addColumn('metodo', 'text', (col) => col.notNull())
    .addColumn('ruta', 'text', (col) => col.notNull())
    .addColumn('status', 'integer', (col) => col.notNull())
    .addColumn('at', instant, instantNow(db))
    .execute();
  await db.schema
    .createIndex('api_key_usos_key_at_idx')
    .on('api_key_usos')
    .columns(['api_key_id', 'at desc', 'id desc'])
    .execute();

  await withId(db, db.schema.createTable('idempotency_keys'))
    .addColumn('api_key_id', id, (col) =>
      col.notNull().references('api_keys.id').onDelete('cascade'),
    )
    .addColumn('clave', 'text', (col) => col.notNull())
    .addColumn('request_hash', 'text', (col) => col.notNull())
    .addColumn('status_code', 'integer', (col) => col.notNull())
    .addColumn('response_body', 'text', (col) => col.notNull())
    .addColumn('created_at', instant, instantNow(db))
    .addUniqueConstraint('idempotency_keys_key_clave_uq', ['api_key_id', 'clave'])
    .execute();

  for (const table of ['clientes', 'proveedores', 'seguimiento'] as const) {
    await db.schema.alterTable(table).addColumn('erp_id', 'text').execute();
  }
  await db.schema
    .createIndex('clientes_erp_id_uq')
    .on('clientes')
    .column('erp_id')
    .unique()
    .execute();
  await db.schema
    .createIndex('proveedores_erp_id_uq')
    .on('proveedores')
    .column('erp_id')
    .unique()
    .execute();
  // A stop's ERP id is unique within its shipment.
  await db.schema
    .createIndex('seguimiento_porte_erp_id_uq')
    .on('seguimiento')
    .columns(['porte_id', 'erp_id'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    'seguimiento_porte_erp_id_uq',
    'proveedores_erp_id_uq',
    'clientes_erp_id_uq',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
  for (const table of ['seguimiento', 'proveedores', 'clientes'] as const) {
    await db.schema.alterTable(table).dropColumn('erp_id').execute();
  }
  for (const table of ['idempotency_keys', 'api_key_usos', 'api_keys']) {
    await db.schema.dropTable(table).execute();
  }
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
