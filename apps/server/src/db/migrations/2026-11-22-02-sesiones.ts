// Kysely<any>: a migration is frozen in time and must not follow the evolving Database type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { PostgresAdapter, sql } from 'kysely';
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely, RawBuilder } from 'kysely';

// Sessions, remember tokens, password resets, access links, push subscriptions, audit log.
export async function up(db: Kysely<any>): Promise<void> {
  const id = idRefType(db);
  const instant = instantType(db);
  const portal = (name = 'portal') => oneOf(name, ['clientes', 'proveedores']);

  await db.schema
    .createTable('sesiones')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('usuario_id', id, (col) =>
      col.notNull().references('usuarios.id').onDelete('cascade'),
    )
    .addColumn('portal', 'text', (col) => portal()(col.notNull()))
    .addColumn('region', 'text', (col) => col.notNull().references('regiones.codigo'))
    .addColumn('cliente_id', id, (col) => col.references('clientes.id').onDelete('set null'))
    .addColumn('proveedor_id', id, (col) => col.references('proveedores.id').onDelete('set null'))
    .addColumn('datos', 'text')
    .addColumn('created_at', instant, instantNow(db))
    .addColumn('last_seen_at', instant, instantNow(db))
    .addColumn('expires_at', instant, (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sesiones_usuario_idx').on('sesiones').column('usuario_id').execute();
  await db.schema.createIndex('sesiones_expires_idx').on('sesiones').column('expires_at').execute();

  await withId(db, db.schema.createTable('remember_tokens'))
    .addColumn('usuario_id', id, (col) =>
      col.notNull().references('usuarios.id').onDelete('cascade'),
    )
    .addColumn('portal', 'text', (col) => portal()(col.notNull()))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', instant, instantNow(db))
    .addColumn('last_used_at', instant)
    .addColumn('expires_at', instant, (col) => col.notNull())
    .addColumn('revoked_at', instant)
    .execute();
  await db.schema
    .createIndex('remember_tokens_usuario_idx')
    .on('remember_tokens')
    .column('usuario_id')
    .execute();

  await withId(db, db.schema.createTable('password_resets'))
    .addColumn('usuario_id', id, (col) =>
      col.notNull().references('usuarios.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', instant, instantNow(db))
    .addColumn('expires_at', instant, (col) => col.notNull())
    .addColumn('used_at', instant)
    .execute();
  await db.schema
    .createIndex('password_resets_usuario_idx')
    .on('password_resets')
    .column('usuario_id')
    .execute();

  await withId(db, db.schema.createTable('access_tokens'))
    .addColumn('portal', 'text', (col) => portal()(col.notNull()))
    .addColumn('cliente_id', id, (col) => col.references('clientes.id').onDelete('cascade'))
    .addColumn('proveedor_id', id, (col) => col.references('proveedores.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('descripcion', 'text')
    .addColumn('created_at', instant, instantNow(db))
    .addColumn('expires_at', instant, (col) => col.notNull())
    .addColumn('last_used_at', instant)
    .addColumn('revoked_at', instant)
    .execute();

  await withId(db, db.schema.createTable('push_subscriptions'))
    .addColumn('usuario_id', id, (col) =>
      col.notNull().references('usuarios.id').onDelete('cascade'),
    )
    .addColumn('portal', 'text', (col) => portal()(col.notNull()))
    .addColumn('endpoint', 'text', (col) => col.notNull().unique())
    .addColumn('p256dh', 'text', (col) => col.notNull())
    .addColumn('auth', 'text', (col) => col.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('created_at', instant, instantNow(db))
    .addColumn('updated_at', instant, instantNow(db))
    .execute();
  await db.schema
    .createIndex('push_subscriptions_usuario_idx')
    .on('push_subscriptions')
    .column('usuario_id')
    .execute();

  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('created_at', instant, instantNow(db))
    // No FK: the log outlives the user it names.
    .addColumn('usuario_id', id)
    .addColumn('portal', 'text')
    .addColumn('accion', 'text', (col) => col.notNull())
    .addColumn('entidad', 'text')
    .addColumn('entidad_id', 'text')
    .addColumn('ip', 'text')
    .addColumn('detalles', 'text')
    .execute();
  await db.schema
    .createIndex('audit_log_created_idx')
    .on('audit_log')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_log_entidad_idx')
    .on('audit_log')
    .columns(['entidad', 'entidad_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'audit_log',
    'push_subscriptions',
    'access_tokens',
    'password_resets',
    'remember_tokens',
    'sesiones',
  ]) {
    await db.schema.dropTable(table).execute();
  }
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

/** Check constraint listing the allowed values of a text column. */
function oneOf(name: string, values: readonly string[]) {
  return (col: ColumnDefinitionBuilder) =>
    col.check(sql`${sql.ref(name)} in (${sql.join(values.map((value) => sql.lit(value)))})`);
}
