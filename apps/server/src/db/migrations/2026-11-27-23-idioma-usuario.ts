// Kysely<any>: a migration is frozen in time and must not follow the evolving Database type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/*
 * The portal language each user chose (issue 20 point 7): one of the six languages of the
 * portals and the driver page, or null while the user has not chosen (the browser decides).
 * The codes are checked by the API (`PATCH /api/usuario/preferencias`), not by a constraint,
 * so that a language added later needs no migration.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('usuarios').addColumn('idioma', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('usuarios').dropColumn('idioma').execute();
}
