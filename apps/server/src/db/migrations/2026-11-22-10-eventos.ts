// Kysely<any>: a migration is frozen in time and must not follow the evolving Database type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { PostgresAdapter, sql } from 'kysely';
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely, RawBuilder } from 'kysely';

/*
 * Notifications (issue 6), a transactional outbox:
 * - `eventos`: what happened (an offer, a CMR, a carrier invoice, a request, a suggestion),
 *   written in the same transaction as the change; payload is JSON text.
 * - `entregas`: one row per event and channel/target, the delivery log. A worker claims due
 *   rows by pushing `proximo_intento_at` forward (a lease): a worker that dies mid-delivery
 *   leaves the row due again once the lease runs out, so nothing is lost.
 * - `webhooks`: URLs configured with the CLI, the event types they want and their secret
 *   (kept in clear: it signs every delivery).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const id = idRefType(db);
  const instant = instantType(db);

  await withId(db, db.schema.createTable('eventos'))
    .addColumn('tipo', 'text', (col) => col.notNull())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('created_at', instant, instantNow(db))
    .execute();
  await db.schema.createIndex('eventos_tipo_idx').on('eventos').columns(['tipo', 'id']).execute();

  await withId(db, db.schema.createTable('entregas'))
    .addColumn('evento_id', id, (col) => col.notNull().references('eventos.id').onDelete('cascade'))
    .addColumn('canal', 'text', (col) =>
      oneOf('canal', ['email', 'push', 'webhook'])(col.notNull()),
    )
    .addColumn('destino', 'text', (col) => col.notNull())
    .addColumn('estado', 'text', (col) =>
      oneOf('estado', ['pendiente', 'entregada', 'fallida'])(col.notNull().defaultTo('pendiente')),
    )
    .addColumn('intentos', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('proximo_intento_at', instant, (col) => col.notNull())
    .addColumn('ultimo_error', 'text')
    .addColumn('entregada_at', instant)
    .addColumn('created_at', instant, instantNow(db))
    .execute();
  // The worker's claim: pending rows by due time.
  await db.schema
    .createIndex('entregas_pendientes_idx')
    .on('entregas')
    .columns(['estado', 'proximo_intento_at'])
    .execute();
  await db.schema.createIndex('entregas_evento_idx').on('entregas').column('evento_id').execute();

  await withId(db, db.schema.createTable('webhooks'))
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('tipos', 'text', (col) => col.notNull())
    .addColumn('activo', 'integer', flag('activo', 1))
    .addColumn('created_at', instant, instantNow(db))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('webhooks').execute();
  await db.schema.dropTable('entregas').execute();
  await db.schema.dropTable('eventos').execute();
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

/** 0/1 flag column with a default and a check constraint. */
function flag(name: string, defaultValue: 0 | 1) {
  return (col: ColumnDefinitionBuilder) =>
    col
      .notNull()
      .defaultTo(defaultValue)
      .check(sql`${sql.ref(name)} in (0, 1)`);
}

/** Check constraint listing the allowed values of a text column. */
function oneOf(name: string, values: readonly string[]) {
  return (col: ColumnDefinitionBuilder) =>
    col.check(sql`${sql.ref(name)} in (${sql.join(values.map((value) => sql.lit(value)))})`);
}
