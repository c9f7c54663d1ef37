// Kysely<any>: a migration is frozen in time and must not follow the evolving Database type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/*
 * Notices in the user's language and their retention (issue 20 point 2, decision 021):
 * - `avisos_usuario.datos`: the notice's message and parameters (JSON: partida, reference,
 *   towns, certificate, date...), which the web words in the user's language. Null in the
 *   notices written before: those keep showing their Spanish `titulo` and `texto`.
 * - an index on `created_at` for the purge of old notices (`jobs/limpieza.ts`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('avisos_usuario').addColumn('datos', 'text').execute();
  await db.schema
    .createIndex('avisos_usuario_created_idx')
    .on('avisos_usuario')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('avisos_usuario_created_idx').execute();
  await db.schema.alterTable('avisos_usuario').dropColumn('datos').execute();
}
