// Kysely<any>: a migration is frozen in time and must not follow the evolving Database type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/*
 * Users fed by the ERP (issue 6): `usuarios.erp_id` is the ERP's id of the user, the key of the
 * integration API's upserts; null for users created by an operator. A unique index (SQLite
 * cannot add a unique column constraint with ALTER TABLE); NULLs never collide in either dialect.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('usuarios').addColumn('erp_id', 'text').execute();
  await db.schema
    .createIndex('usuarios_erp_id_uq')
    .on('usuarios')
    .column('erp_id')
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('usuarios_erp_id_uq').execute();
  await db.schema.alterTable('usuarios').dropColumn('erp_id').execute();
}
