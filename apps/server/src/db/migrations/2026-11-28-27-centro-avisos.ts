// Kysely<any>: a migration is frozen in time and must not follow the evolving Database type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { PostgresAdapter, sql } from 'kysely';
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely, RawBuilder } from 'kysely';

/*
 * Issue 20 point 2, the notice centre (docs/decisions/021-notice-centre.md):
 * - `avisos_usuario`: one notice per user, written in the transaction of its event: the portal
 *   and company it belongs to (the session's), its kind, text and page, when it was read, and
 *   `clave` (unique per user) so an event told twice (a load the ERP sends again) is one notice.
 * - `avisos_preferencias`: per user and kind, whether it also goes by push and by e-mail; no
 *   row means the kind's default (what the portal did before).
 * - `busquedas_cargas`: a carrier user's saved load searches (the load list's filters, JSON).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const id = idRefType(db);
  const instant = instantType(db);

  await withId(db, db.schema.createTable('avisos_usuario'))
    .addColumn('usuario_id', id, (col) =>
      col.notNull().references('usuarios.id').onDelete('cascade'),
    )
    .addColumn('portal', 'text', (col) =>
      col.notNull().check(sql`portal in ('clientes', 'proveedores')`),
    )
    .addColumn('empresa_id', id, (col) => col.notNull())
    .addColumn('tipo', 'text', (col) => col.notNull())
    .addColumn('evento_id', id)
    .addColumn('titulo', 'text', (col) => col.notNull())
    .addColumn('texto', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('clave', 'text')
    .addColumn('leido_at', instant)
    .addColumn('created_at', instant, instantNow(db))
    .addUniqueConstraint('avisos_usuario_clave_uq', ['usuario_id', 'clave'])
    .execute();
  await db.schema
    .createIndex('avisos_usuario_lista_idx')
    .on('avisos_usuario')
    .columns(['usuario_id', 'portal', 'empresa_id', 'id'])
    .execute();

  await db.schema
    .createTable('avisos_preferencias')
    .addColumn('usuario_id', id, (col) =>
      col.notNull().references('usuarios.id').onDelete('cascade'),
    )
    .addColumn('tipo', 'text', (col) => col.notNull())
    .addColumn('push', 'integer', (col) => col.notNull().check(sql`push in (0, 1)`))
    .addColumn('email', 'integer', (col) => col.notNull().check(sql`email in (0, 1)`))
    .addColumn('updated_at', instant, instantNow(db))
    .addPrimaryKeyConstraint('avisos_preferencias_pk', ['usuario_id', 'tipo'])
    .execute();

  await withId(db, db.schema.createTable('busquedas_cargas'))
    .addColumn('usuario_id', id, (col) =>
      col.notNull().references('usuarios.id').onDelete('cascade'),
    )
    .addColumn('proveedor_id', id, (col) =>
      col.notNull().references('proveedores.id').onDelete('cascade'),
    )
    .addColumn('nombre', 'text', (col) => col.notNull())
    .addColumn('filtro', 'text', (col) => col.notNull())
    .addColumn('created_at', instant, instantNow(db))
    .execute();
  await db.schema
    .createIndex('busquedas_cargas_usuario_idx')
    .on('busquedas_cargas')
    .columns(['usuario_id', 'proveedor_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('busquedas_cargas_usuario_idx').execute();
  await db.schema.dropTable('busquedas_cargas').execute();
  await db.schema.dropTable('avisos_preferencias').execute();
  await db.schema.dropIndex('avisos_usuario_lista_idx').execute();
  await db.schema.dropTable('avisos_usuario').execute();
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

/** Adds the auto-increment integer primary key `id`. */
function withId<T extends string, C extends string>(
  db: Kysely<unknown>,
  table: CreateTableBuilder<T, C>,
): CreateTableBuilder<T, C | 'id'> {
  return isPostgres(db)
    ? table.addColumn('id', 'bigint', (col) => col.generatedByDefaultAsIdentity().primaryKey())
    : // `integer primary key` is SQLite's rowid; autoincrement never reuses deleted ids.
      table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}

/** `created_at`-style column defaulting to now. */
function instantNow(db: Kysely<unknown>) {
  return (col: ColumnDefinitionBuilder) => col.notNull().defaultTo(nowDefault(db));
}
