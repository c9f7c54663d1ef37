// Kysely<any>: a migration is frozen in time and must not follow the evolving Database type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/*
 * Issue 19, the consignee's signature through the shipment link
 * (docs/decisions/015-shipment-links.md): `permite_firma` says whether whoever holds the link
 * is taken for the consignee, who may sign the delivery of the leg's e-CMR from the shipment's
 * page when the driver asks for a contactless signature. Off unless the customer (or the ERP)
 * chose it; links made before this migration stay off.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('enlaces_porte')
    .addColumn('permite_firma', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('enlaces_porte').dropColumn('permite_firma').execute();
}
