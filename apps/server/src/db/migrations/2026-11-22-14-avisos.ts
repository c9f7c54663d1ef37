// Kysely<any>: a migration is frozen in time and must not follow the evolving Database type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { PostgresAdapter, sql } from 'kysely';
import type { ColumnDefinitionBuilder, Kysely, RawBuilder } from 'kysely';

/*
 * Notices (issue 6) remembered so each is sent once, written in the transaction of its event:
 * - `avisos_retraso`: per shipment, the delay (minutes) last told to the customer; 0 once the
 *   shipment is back on time, so a new delay is told again.
 * - `avisos_certificado`: one row per certificate and expiry date told to the carrier; the
 *   primary key makes several scheduler instances agree on who tells it.
 * - an index on `idempotency_keys.created_at` for the daily purge of old answers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const id = idRefType(db);
  const instant = instantType(db);

  await db.schema
    .createTable('avisos_retraso')
    .addColumn('porte_id', id, (col) =>
      col.primaryKey().references('portes.id').onDelete('cascade'),
    )
    .addColumn('retraso_minutos', 'integer', (col) => col.notNull())
    .addColumn('updated_at', instant, instantNow(db))
    .execute();

  await db.schema
    .createTable('avisos_certificado')
    .addColumn('certificado_id', id, (col) =>
      col.notNull().references('certificados.id').onDelete('cascade'),
    )
    .addColumn('fecha_caducidad', dateType(db), (col) => col.notNull())
    .addColumn('created_at', instant, instantNow(db))
    .addPrimaryKeyConstraint('avisos_certificado_pk', ['certificado_id', 'fecha_caducidad'])
    .execute();

  await db.schema
    .createIndex('idempotency_keys_created_idx')
    .on('idempotency_keys')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('idempotency_keys_created_idx').execute();
  await db.schema.dropTable('avisos_certificado').execute();
  await db.schema.dropTable('avisos_retraso').execute();
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

/** Column type of calendar dates: date, or 'YYYY-MM-DD' text in SQLite. */
function dateType(db: Kysely<unknown>): 'date' | 'text' {
  return isPostgres(db) ? 'date' : 'text';
}

/** Column type of ids and id references. */
function idRefType(db: Kysely<unknown>): 'bigint' | 'integer' {
  return isPostgres(db) ? 'bigint' : 'integer';
}

/** `created_at`-style column defaulting to now. */
function instantNow(db: Kysely<unknown>) {
  return (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(nowDefault(db));
}
