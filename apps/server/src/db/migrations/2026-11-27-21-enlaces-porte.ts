// Kysely<any>: a migration is frozen in time and must not follow the evolving Database type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { PostgresAdapter, sql } from 'kysely';
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely, RawBuilder } from 'kysely';

/*
 * Issue 19: the shipment link (docs/decisions/015-shipment-links.md).
 * - `enlaces_porte`: capability links of one shipment made by the customer or the ERP; only the
 *   SHA-256 of the token (`token_hash`) and of the e-mailed copy (`token_hash_correo`, made by
 *   the outbox worker when it sends the mail) are kept. What it shows, how long it lives (a fixed
 *   instant, or a number of days after delivery under a cap), revocation and the open count.
 * - `enlaces_porte_avisos`: e-mail addresses a visitor subscribed to that shipment's notices.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const id = idRefType(db);
  const instant = instantType(db);

  await withId(db, db.schema.createTable('enlaces_porte'))
    .addColumn('porte_id', id, (col) => col.notNull().references('portes.id').onDelete('cascade'))
    .addColumn('cliente_id', id, (col) =>
      col.notNull().references('clientes.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('token_hash_correo', 'text', (col) => col.unique())
    .addColumn('usuario_id', id, (col) => col.references('usuarios.id').onDelete('set null'))
    .addColumn('api_key_id', id, (col) => col.references('api_keys.id').onDelete('set null'))
    .addColumn('creado_por', 'text', (col) => col.notNull())
    .addColumn('muestra_entrega', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('muestra_factura', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('destinatario_email', 'text')
    .addColumn('dias_tras_entrega', 'integer')
    .addColumn('created_at', instant, instantNow(db))
    .addColumn('expires_at', instant, (col) => col.notNull())
    .addColumn('revoked_at', instant)
    .addColumn('aperturas', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_opened_at', instant)
    .execute();
  await db.schema
    .createIndex('enlaces_porte_porte_idx')
    .on('enlaces_porte')
    .columns(['porte_id', 'id'])
    .execute();

  await withId(db, db.schema.createTable('enlaces_porte_avisos'))
    .addColumn('enlace_id', id, (col) =>
      col.notNull().references('enlaces_porte.id').onDelete('cascade'),
    )
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('created_at', instant, instantNow(db))
    .addUniqueConstraint('enlaces_porte_avisos_uq', ['enlace_id', 'email'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('enlaces_porte_avisos').execute();
  await db.schema.dropIndex('enlaces_porte_porte_idx').execute();
  await db.schema.dropTable('enlaces_porte').execute();
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
