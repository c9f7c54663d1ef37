// Kysely<any>: a migration is frozen in time and must not follow the evolving Database type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { PostgresAdapter, sql } from 'kysely';
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely, RawBuilder } from 'kysely';

// Regions, users, customers, suppliers, their links and menu resources, settings, files.
export async function up(db: Kysely<any>): Promise<void> {
  const id = idRefType(db);
  const instant = instantType(db);

  await db.schema
    .createTable('regiones')
    .addColumn('codigo', 'text', (col) => col.primaryKey())
    .addColumn('nombre', 'text', (col) => col.notNull())
    .addColumn('activa', 'integer', flag('activa', 1))
    .addColumn('orden', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  // Reference data: the company's branches. Spain is shown as "Europa" (spec §3).
  await db
    .insertInto('regiones')
    .values([
      { codigo: 'es', nombre: 'Europa', activa: 1, orden: 1 },
      { codigo: 'it', nombre: 'Italia', activa: 0, orden: 2 },
      { codigo: 'ma', nombre: 'Marruecos', activa: 0, orden: 3 },
      { codigo: 'ro', nombre: 'Rumanía', activa: 0, orden: 4 },
      { codigo: 'rs', nombre: 'Serbia', activa: 0, orden: 5 },
      { codigo: 'tr', nombre: 'Turquía', activa: 0, orden: 6 },
    ])
    .execute();

  await withId(db, db.schema.createTable('usuarios'))
    .addColumn('region', 'text', (col) => col.notNull().references('regiones.codigo'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('nombre', 'text', (col) => col.notNull())
    .addColumn('codigo', 'text')
    .addColumn('clave_hash', 'text', (col) => col.notNull())
    .addColumn('activo', 'integer', flag('activo', 1))
    .addColumn('ultimo_login_at', instant)
    .addColumn('created_at', instant, instantNow(db))
    .addColumn('updated_at', instant, instantNow(db))
    .addUniqueConstraint('usuarios_region_email_uq', ['region', 'email'])
    .execute();

  for (const table of ['clientes', 'proveedores'] as const) {
    await withId(db, db.schema.createTable(table))
      .addColumn('region', 'text', (col) => col.notNull().references('regiones.codigo'))
      .addColumn('razon_social', 'text', (col) => col.notNull())
      .addColumn('localidad', 'text', (col) => col.notNull())
      .addColumn('cif', 'text')
      .addColumn('direccion', 'text')
      .addColumn('cp', 'text')
      .addColumn('pais_iso', 'text')
      .addColumn('email', 'text')
      .addColumn('telefono', 'text')
      .addColumn('activo', 'integer', flag('activo', 1))
      .addColumn('created_at', instant, instantNow(db))
      .execute();
    await db.schema
      .createIndex(`${table}_region_razon_social_idx`)
      .on(table)
      .columns(['region', 'razon_social'])
      .execute();
  }

  await db.schema
    .createTable('usuarios_clientes')
    .addColumn('usuario_id', id, (col) =>
      col.notNull().references('usuarios.id').onDelete('cascade'),
    )
    .addColumn('cliente_id', id, (col) =>
      col.notNull().references('clientes.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('usuarios_clientes_pk', ['usuario_id', 'cliente_id'])
    .execute();
  await db.schema
    .createIndex('usuarios_clientes_cliente_idx')
    .on('usuarios_clientes')
    .column('cliente_id')
    .execute();

  await db.schema
    .createTable('usuarios_proveedores')
    .addColumn('usuario_id', id, (col) =>
      col.notNull().references('usuarios.id').onDelete('cascade'),
    )
    .addColumn('proveedor_id', id, (col) =>
      col.notNull().references('proveedores.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('usuarios_proveedores_pk', ['usuario_id', 'proveedor_id'])
    .execute();
  await db.schema
    .createIndex('usuarios_proveedores_proveedor_idx')
    .on('usuarios_proveedores')
    .column('proveedor_id')
    .execute();

  await withId(db, db.schema.createTable('recursos'))
    .addColumn('usuario_id', id, (col) =>
      col.notNull().references('usuarios.id').onDelete('cascade'),
    )
    .addColumn('portal', 'text', (col) =>
      oneOf('portal', ['clientes', 'proveedores'])(col.notNull()),
    )
    .addColumn('recurso', 'text', (col) => col.notNull())
    .addColumn('api', 'text', (col) => col.notNull())
    .addColumn('menu', 'integer', (col) => col.notNull())
    .addUniqueConstraint('recursos_usuario_portal_recurso_uq', ['usuario_id', 'portal', 'recurso'])
    .execute();

  await db.schema
    .createTable('ajustes')
    .addColumn('clave', 'text', (col) => col.primaryKey())
    .addColumn('valor', 'text', (col) => col.notNull())
    .addColumn('updated_at', instant, instantNow(db))
    .execute();

  await withId(db, db.schema.createTable('archivos'))
    .addColumn('propietario_tipo', 'text', (col) =>
      oneOf('propietario_tipo', ['proveedor', 'cliente', 'sistema'])(col.notNull()),
    )
    .addColumn('propietario_id', id)
    .addColumn('tipo', 'text', (col) =>
      oneOf('tipo', [
        'cmr',
        'pod',
        'factura_proveedor',
        'factura',
        'certificado',
        'prevencion',
        'otro',
      ])(col.notNull()),
    )
    .addColumn('nombre', 'text', (col) => col.notNull())
    .addColumn('mime', 'text', (col) => col.notNull())
    .addColumn('tamano_bytes', id, (col) => col.notNull())
    .addColumn('sha256', 'text', (col) => col.notNull())
    .addColumn('storage_key', 'text', (col) => col.notNull())
    .addColumn('usuario_id', id, (col) => col.references('usuarios.id').onDelete('set null'))
    .addColumn('created_at', instant, instantNow(db))
    .execute();
  await db.schema
    .createIndex('archivos_propietario_idx')
    .on('archivos')
    .columns(['propietario_tipo', 'propietario_id', 'created_at'])
    .execute();
  await db.schema.createIndex('archivos_sha256_idx').on('archivos').column('sha256').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'archivos',
    'ajustes',
    'recursos',
    'usuarios_proveedores',
    'usuarios_clientes',
    'proveedores',
    'clientes',
    'usuarios',
    'regiones',
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

/** 0/1 flag column with a default and a check constraint. */
function flag(name: string, defaultValue: 0 | 1) {
  return (col: ColumnDefinitionBuilder) =>
    col
      .notNull()
      .defaultTo(defaultValue)
      .check(sql`${sql.ref(name)} in (0, 1)`);
}

/** Check constraint listing the allowed values of a text column. */
function oneOf(name: string, values: readonly string[]) {
  return (col: ColumnDefinitionBuilder) =>
    col.check(sql`${sql.ref(name)} in (${sql.join(values.map((value) => sql.lit(value)))})`);
}
