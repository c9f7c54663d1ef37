// Kysely<any>: a migration is frozen in time and must not follow the evolving Database type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { PostgresAdapter, sql } from 'kysely';
import type { ColumnDefinitionBuilder, Kysely, RawBuilder } from 'kysely';

/*
 * Optional TOTP second factor (issue 7, ASVS 5.0 6.3.3):
 * - `usuarios_totp`: one secret per user, AES-256-GCM encrypted with a key derived from the
 *   session secret; `confirmado_at` null while the enrolment awaits its first code;
 *   `ultimo_paso` is the 30-second step of the last accepted code, so it cannot be reused;
 *   `fallos` / `ultimo_fallo_at` count wrong codes across login attempts (throttling).
 * - `totp_pendientes`: a login whose password was right and whose code is still due, keyed by
 *   the SHA-256 of an HttpOnly cookie; it lives 5 minutes and allows a few wrong codes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const id = idRefType(db);
  const instant = instantType(db);

  await db.schema
    .createTable('usuarios_totp')
    .addColumn('usuario_id', id, (col) =>
      col.primaryKey().references('usuarios.id').onDelete('cascade'),
    )
    .addColumn('secreto_cifrado', 'text', (col) => col.notNull())
    .addColumn('confirmado_at', instant)
    .addColumn('ultimo_paso', 'integer')
    .addColumn('fallos', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('ultimo_fallo_at', instant)
    .addColumn('created_at', instant, instantNow(db))
    .execute();

  await db.schema
    .createTable('totp_pendientes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('usuario_id', id, (col) =>
      col.notNull().references('usuarios.id').onDelete('cascade'),
    )
    .addColumn('portal', 'text', (col) =>
      oneOf('portal', ['clientes', 'proveedores'])(col.notNull()),
    )
    .addColumn('remember_token_id', id)
    .addColumn('intentos', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', instant, instantNow(db))
    .addColumn('expires_at', instant, (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('totp_pendientes_expires_idx')
    .on('totp_pendientes')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('totp_pendientes').execute();
  await db.schema.dropTable('usuarios_totp').execute();
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
