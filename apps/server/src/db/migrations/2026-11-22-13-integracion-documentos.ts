// Kysely<any>: a migration is frozen in time and must not follow the evolving Database type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { PostgresAdapter, sql } from 'kysely';
import type { ColumnDefinitionBuilder, Kysely, RawBuilder } from 'kysely';

/*
 * Documents fed by the ERP (issue 6):
 * - `facturas.contenido_sha256`: hash of what the ERP sent of an invoice (header and lines,
 *   not the paid state); when it changes, a stored PDF is stale and is unlinked.
 *   `facturas.pdf_erp`: the linked PDF is the ERP's own (1) or the portal's rendering (0).
 *   Invoices need no `erp_id`: (serie, numero) already is the ERP's key and unique.
 * - `prevencion_documentos.erp_id` (unique index, NULLs never collide) and `activo`: an
 *   inactive document is no longer shown to carriers, its acknowledgements are kept.
 * - `proveedor_certificados`: the certificates the ERP requires of one carrier. Its
 *   `obligatorio` overrides the catalogue's for that carrier; `certificado_id` is the version
 *   the ERP validated itself (a `certificados` row without a file), when it sent an expiry.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const id = idRefType(db);
  const instant = instantType(db);

  await db.schema.alterTable('facturas').addColumn('contenido_sha256', 'text').execute();
  await db.schema
    .alterTable('facturas')
    .addColumn('pdf_erp', 'integer', flag('pdf_erp', 0))
    .execute();

  await db.schema.alterTable('prevencion_documentos').addColumn('erp_id', 'text').execute();
  await db.schema
    .alterTable('prevencion_documentos')
    .addColumn('activo', 'integer', flag('activo', 1))
    .execute();
  await db.schema
    .createIndex('prevencion_documentos_erp_id_uq')
    .on('prevencion_documentos')
    .column('erp_id')
    .unique()
    .execute();

  await db.schema
    .createTable('proveedor_certificados')
    .addColumn('proveedor_id', id, (col) =>
      col.notNull().references('proveedores.id').onDelete('cascade'),
    )
    .addColumn('tipo', 'text', (col) =>
      col.notNull().references('certificado_tipos.codigo').onDelete('cascade'),
    )
    .addColumn('obligatorio', 'integer', flag('obligatorio', 0))
    .addColumn('certificado_id', id, (col) =>
      col.references('certificados.id').onDelete('set null'),
    )
    .addColumn('updated_at', instant, instantNow(db))
    .addPrimaryKeyConstraint('proveedor_certificados_pk', ['proveedor_id', 'tipo'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('proveedor_certificados').execute();
  await db.schema.dropIndex('prevencion_documentos_erp_id_uq').execute();
  await db.schema.alterTable('prevencion_documentos').dropColumn('activo').execute();
  await db.schema.alterTable('prevencion_documentos').dropColumn('erp_id').execute();
  await db.schema.alterTable('facturas').dropColumn('pdf_erp').execute();
  await db.schema.alterTable('facturas').dropColumn('contenido_sha256').execute();
}

/*
 * Dialect helpers copied in, not imported: a frozen migration must not change when shared
 * code does. Portable types: docs/decisions/002-portable-sql-types.md
 */

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Database-side "now" in the app's timestamp format for each dialect. */
function nowDefault(db: Kysely<unknown>): RawBuilder<unknown> {
  return isPostgres(db) ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
}

/** Column type of instants: timestamptz, or ISO-8601 UTC text in SQLite. */
function instantType(db: Kysely<unknown>): 'timestamptz' | 'text' {
  return isPostgres(db) ? 'timestamptz' : 'text';
}

/** Column type of ids and id references. */
function idRefType(db: Kysely<unknown>): 'bigint' | 'integer' {
  return isPostgres(db) ? 'bigint' : 'integer';
}

/** `created_at`-style column defaulting to now. */
function instantNow(db: Kysely<unknown>) {
  return (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(nowDefault(db));
}

/** 0/1 flag column with a default and a check constraint. */
function flag(name: string, defaultValue: 0 | 1) {
  return (col: ColumnDefinitionBuilder) =>
    col
      .notNull()
      .defaultTo(defaultValue)
      .check(sql`${sql.ref(name)} in (0, 1)`);
}
