// Kysely<any>: a migration is frozen in time and must not follow the evolving Database type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/*
 * Loads and transports fed by the ERP (issue 6):
 * - Loads need no `erp_id`: `cargas.referencia` is already unique and is the ERP's key.
 * - `transportes.erp_id`: the ERP's id of a transport, the key of its upserts (`referencia` is
 *   only a label and is not unique). Null for transports not from the ERP.
 * - `subpartidas.erp_id`: the ERP's id of a leg, unique within its transport.
 * Unique indexes (SQLite cannot add a unique column constraint with ALTER TABLE); NULLs never
 * collide in either dialect, so legacy rows without an ERP id are unaffected.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('transportes').addColumn('erp_id', 'text').execute();
  await db.schema
    .createIndex('transportes_erp_id_uq')
    .on('transportes')
    .column('erp_id')
    .unique()
    .execute();
  await db.schema.alterTable('subpartidas').addColumn('erp_id', 'text').execute();
  await db.schema
    .createIndex('subpartidas_transporte_erp_id_uq')
    .on('subpartidas')
    .columns(['transporte_id', 'erp_id'])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('subpartidas_transporte_erp_id_uq').execute();
  await db.schema.alterTable('subpartidas').dropColumn('erp_id').execute();
  await db.schema.dropIndex('transportes_erp_id_uq').execute();
  await db.schema.alterTable('transportes').dropColumn('erp_id').execute();
}
