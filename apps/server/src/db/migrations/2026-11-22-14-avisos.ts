// Kysely<any>: a migration is frozen in time and must not follow the evolving Database type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';
import { dateType, idRefType, instantNow, instantType } from './dialect.js';

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
