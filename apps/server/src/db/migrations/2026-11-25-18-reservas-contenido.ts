// Kysely<any>: a migration is frozen in time and must not follow the evolving Database type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { PostgresAdapter } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * Issue 15, point 1: stored bytes are shared by content address, so a refused upload must
 * not delete them (another request may be about to record the same bytes). Each upload
 * reserves its content key here before it looks at or writes storage; the orphan purge
 * deletes bytes only when no archivo uses them and no reservation is younger than its grace
 * period, holding the reservation row locked meanwhile. docs/decisions/009-stored-bytes-deleted-only-by-the-purge.md
 */

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reservas_contenido')
    .addColumn('storage_key', 'text', (col) => col.primaryKey())
    .addColumn('reservado_en', instantType(db), (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('reservas_contenido_reservado_en')
    .on('reservas_contenido')
    .column('reservado_en')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reservas_contenido').execute();
}

/*
 * Dialect helpers copied in, not imported: a frozen migration must not change when shared
 * code does. Portable types: docs/decisions/002-portable-sql-types.md
 */

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Column type of instants: timestamptz, or ISO-8601 UTC text in SQLite. */
function instantType(db: Kysely<unknown>): 'timestamptz' | 'text' {
  return isPostgres(db) ? 'timestamptz' : 'text';
}
