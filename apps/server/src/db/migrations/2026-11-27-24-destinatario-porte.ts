// Kysely<any>: a migration is frozen in time and must not follow the evolving Database type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/*
 * The consignee of a shipment as the ERP knows it (issue 18): its name, tax id and address, so
 * that the e-CMR's box 2 starts filled instead of left to the carrier. Optional: an ERP that
 * does not send them leaves them null and the carrier fills the box as before.
 */
const COLUMNS = ['destinatario_nombre', 'destinatario_cif', 'destinatario_direccion'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of COLUMNS) {
    await db.schema.alterTable('portes').addColumn(column, 'text').execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of [...COLUMNS].reverse()) {
    await db.schema.alterTable('portes').dropColumn(column).execute();
  }
}
