// Kysely<any>: a migration is frozen in time and must not follow the evolving Database type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';
import { instantType } from './dialect.js';

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
