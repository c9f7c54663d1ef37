// Kysely<any>: a migration is frozen in time and must not follow the evolving Database type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { PostgresAdapter } from 'kysely';
import type { Kysely } from 'kysely';

/*
 * Transport history, carrier invoices and document uploads (issue 4):
 * - `transportes.incidencia`: the "Incidencia" column of the history (free text, null = none).
 * - `facturas_proveedor.serie` and `vto`: "Serie" and "Vto" of the invoice history; both
 *   optional (a carrier's number may already carry its series; not every invoice has a due date).
 * - `transportes_proveedor_estado_fecha_idx`: the history filtered by status keeps walking an
 *   index in (fecha_carga desc, id desc) order instead of skipping rows of other statuses.
 * Bultos and peso are not denormalised: a page sums the legs of its own 50 rows only
 * (correlated subqueries over `subpartidas_transporte_numero_uq`), measured with EXPLAIN.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('transportes').addColumn('incidencia', 'text').execute();
  await db.schema.alterTable('facturas_proveedor').addColumn('serie', 'text').execute();
  await db.schema.alterTable('facturas_proveedor').addColumn('vto', dateType(db)).execute();
  await db.schema
    .createIndex('transportes_proveedor_estado_fecha_idx')
    .on('transportes')
    .columns(['proveedor_id', 'estado', 'fecha_carga desc', 'id desc'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('transportes_proveedor_estado_fecha_idx').execute();
  await db.schema.alterTable('facturas_proveedor').dropColumn('vto').execute();
  await db.schema.alterTable('facturas_proveedor').dropColumn('serie').execute();
  await db.schema.alterTable('transportes').dropColumn('incidencia').execute();
}

/*
 * Dialect helpers copied in, not imported: a frozen migration must not change when shared
 * code does. Portable types: docs/decisions/002-portable-sql-types.md
 */

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Column type of calendar dates: date, or 'YYYY-MM-DD' text in SQLite. */
function dateType(db: Kysely<unknown>): 'date' | 'text' {
  return isPostgres(db) ? 'date' : 'text';
}
