// Kysely<any>: a migration is frozen in time and must not follow the evolving Database type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { PostgresAdapter, sql } from 'kysely';
import type { ColumnDefinitionBuilder, Kysely, RawBuilder } from 'kysely';

/*
 * Sessions opened from an id+token access link have no user: `usuario_id` becomes nullable
 * and `access_token_id` names the link (its revocation or expiry ends the session).
 * SQLite cannot relax NOT NULL in place, so the table is rebuilt in both dialects alike;
 * sessions are disposable, so everyone simply signs in again after this migration.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sesiones').execute();
  await createSesiones(db, { withAccessLinks: true });
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sesiones').execute();
  await createSesiones(db, { withAccessLinks: false });
}

async function createSesiones(db: Kysely<any>, { withAccessLinks }: { withAccessLinks: boolean }) {
  const id = idRefType(db);
  const instant = instantType(db);
  let table = db.schema
    .createTable('sesiones')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('usuario_id', id, (col) => {
      const ref = col.references('usuarios.id').onDelete('cascade');
      return withAccessLinks ? ref : ref.notNull();
    })
    .addColumn('portal', 'text', (col) =>
      oneOf('portal', ['clientes', 'proveedores'])(col.notNull()),
    )
    .addColumn('region', 'text', (col) => col.notNull().references('regiones.codigo'))
    .addColumn('cliente_id', id, (col) => col.references('clientes.id').onDelete('set null'))
    .addColumn('proveedor_id', id, (col) => col.references('proveedores.id').onDelete('set null'))
    .addColumn('datos', 'text')
    .addColumn('created_at', instant, instantNow(db))
    .addColumn('last_seen_at', instant, instantNow(db))
    .addColumn('expires_at', instant, (col) => col.notNull());
  if (withAccessLinks) {
    table = table.addColumn('access_token_id', id, (col) =>
      col.references('access_tokens.id').onDelete('cascade'),
    );
  }
  await table.execute();
  await db.schema.createIndex('sesiones_usuario_idx').on('sesiones').column('usuario_id').execute();
  await db.schema.createIndex('sesiones_expires_idx').on('sesiones').column('expires_at').execute();
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

/** Check constraint listing the allowed values of a text column. */
function oneOf(name: string, values: readonly string[]) {
  return (col: ColumnDefinitionBuilder) =>
    col.check(sql`${sql.ref(name)} in (${sql.join(values.map((value) => sql.lit(value)))})`);
}
