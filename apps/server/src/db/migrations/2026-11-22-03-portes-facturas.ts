// Kysely<any>: a migration is frozen in time and must not follow the evolving Database type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { PostgresAdapter, sql } from 'kysely';
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely, RawBuilder } from 'kysely';

// Customer side: shipments (portes) with tracking stops, invoices with lines, requests, suggestions.
export async function up(db: Kysely<any>): Promise<void> {
  const id = idRefType(db);
  const instant = instantType(db);
  const date = dateType(db);
  const real = realType(db);

  await withId(db, db.schema.createTable('portes'))
    .addColumn('partida', 'text', (col) => col.notNull().unique())
    .addColumn('cliente_id', id, (col) =>
      col.notNull().references('clientes.id').onDelete('restrict'),
    )
    .addColumn('ref_cliente', 'text')
    .addColumn('origen_poblacion', 'text', (col) => col.notNull())
    .addColumn('origen_cp', 'text', (col) => col.notNull())
    .addColumn('origen_pais_iso', 'text', (col) => col.notNull())
    .addColumn('origen_lat', real)
    .addColumn('origen_lng', real)
    .addColumn('destino_poblacion', 'text', (col) => col.notNull())
    .addColumn('destino_cp', 'text', (col) => col.notNull())
    .addColumn('destino_pais_iso', 'text', (col) => col.notNull())
    .addColumn('destino_lat', real)
    .addColumn('destino_lng', real)
    .addColumn('fecha_carga_prevista', date, (col) => col.notNull())
    .addColumn('fecha_entrega_prevista', date)
    .addColumn('entregado_at', instant)
    .addColumn('bultos', 'integer', (col) => col.notNull())
    .addColumn('peso_kg', 'integer', (col) => col.notNull())
    .addColumn('p_facturable_kg', 'integer', (col) => col.notNull())
    .addColumn('estado', 'text', (col) =>
      oneOf('estado', ['pendiente', 'en_transito', 'entregado', 'incidencia', 'anulado'])(
        col.notNull().defaultTo('pendiente'),
      ),
    )
    .addColumn('incidencia', 'text')
    .addColumn('cmr_archivo_id', id, (col) => col.references('archivos.id').onDelete('set null'))
    .addColumn('pod_archivo_id', id, (col) => col.references('archivos.id').onDelete('set null'))
    .addColumn('created_at', instant, instantNow(db))
    .addColumn('updated_at', instant, instantNow(db))
    .execute();
  // History and list pages: keyset over (fecha_carga_prevista desc, id desc) per customer.
  await db.schema
    .createIndex('portes_cliente_fecha_idx')
    .on('portes')
    .columns(['cliente_id', 'fecha_carga_prevista desc', 'id desc'])
    .execute();
  // Active shipments: per customer and state.
  await db.schema
    .createIndex('portes_cliente_estado_fecha_idx')
    .on('portes')
    .columns(['cliente_id', 'estado', 'fecha_carga_prevista desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('portes_cliente_ref_idx')
    .on('portes')
    .columns(['cliente_id', 'ref_cliente'])
    .execute();

  await withId(db, db.schema.createTable('seguimiento'))
    .addColumn('porte_id', id, (col) => col.notNull().references('portes.id').onDelete('cascade'))
    .addColumn('partida', 'text', (col) => col.notNull())
    .addColumn('fecha', date, (col) => col.notNull())
    .addColumn('hora', 'text', (col) => col.notNull())
    .addColumn('comentarios', 'text')
    .addColumn('cp', 'text')
    .addColumn('kilometros_destino', 'integer')
    .addColumn('pais', 'text')
    .addColumn('pais_iso', 'text')
    .addColumn('poblacion', 'text')
    .addColumn('poblacion_b', 'text')
    .addColumn('retraso', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('lat', real)
    .addColumn('lng', real)
    .addColumn('created_at', instant, instantNow(db))
    .execute();
  await db.schema
    .createIndex('seguimiento_porte_fecha_idx')
    .on('seguimiento')
    .columns(['porte_id', 'fecha', 'hora', 'id'])
    .execute();

  await withId(db, db.schema.createTable('facturas'))
    .addColumn('cliente_id', id, (col) =>
      col.notNull().references('clientes.id').onDelete('restrict'),
    )
    .addColumn('serie', 'text', (col) => col.notNull())
    .addColumn('numero', 'integer', (col) => col.notNull())
    .addColumn('fecha_emision', date, (col) => col.notNull())
    .addColumn('vto', date)
    .addColumn('base_imponible_centimos', 'integer', (col) => col.notNull())
    .addColumn('iva_porcentaje', 'integer', (col) => col.notNull())
    .addColumn('iva_centimos', 'integer', (col) => col.notNull())
    .addColumn('importe_centimos', 'integer', (col) => col.notNull())
    .addColumn('pagada', 'integer', flag('pagada', 0))
    .addColumn('archivo_id', id, (col) => col.references('archivos.id').onDelete('set null'))
    .addColumn('created_at', instant, instantNow(db))
    .addUniqueConstraint('facturas_serie_numero_uq', ['serie', 'numero'])
    .execute();
  await db.schema
    .createIndex('facturas_cliente_fecha_idx')
    .on('facturas')
    .columns(['cliente_id', 'fecha_emision desc', 'id desc'])
    .execute();

  await withId(db, db.schema.createTable('factura_lineas'))
    .addColumn('factura_id', id, (col) =>
      col.notNull().references('facturas.id').onDelete('cascade'),
    )
    .addColumn('orden', 'integer', (col) => col.notNull())
    .addColumn('concepto', 'text', (col) => col.notNull())
    .addColumn('partida', 'text')
    .addColumn('porte_id', id, (col) => col.references('portes.id').onDelete('set null'))
    .addColumn('cantidad', 'integer', (col) => col.notNull())
    .addColumn('precio_centimos', 'integer', (col) => col.notNull())
    .addColumn('importe_centimos', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('factura_lineas_factura_idx')
    .on('factura_lineas')
    .columns(['factura_id', 'orden'])
    .execute();
  await db.schema
    .createIndex('factura_lineas_porte_idx')
    .on('factura_lineas')
    .column('porte_id')
    .execute();

  await withId(db, db.schema.createTable('solicitudes'))
    .addColumn('cliente_id', id, (col) =>
      col.notNull().references('clientes.id').onDelete('cascade'),
    )
    .addColumn('usuario_id', id, (col) => col.references('usuarios.id').onDelete('set null'))
    .addColumn('origen_poblacion', 'text', (col) => col.notNull())
    .addColumn('origen_cp', 'text')
    .addColumn('origen_pais_iso', 'text')
    .addColumn('destino_poblacion', 'text', (col) => col.notNull())
    .addColumn('destino_cp', 'text')
    .addColumn('destino_pais_iso', 'text')
    .addColumn('fecha_carga', date, (col) => col.notNull())
    .addColumn('fecha_entrega', date)
    .addColumn('mercancia', 'text')
    .addColumn('bultos', 'integer')
    .addColumn('peso_kg', 'integer')
    .addColumn('observaciones', 'text')
    .addColumn('estado', 'text', (col) =>
      oneOf('estado', ['recibida', 'en_estudio', 'aceptada', 'rechazada'])(
        col.notNull().defaultTo('recibida'),
      ),
    )
    .addColumn('created_at', instant, instantNow(db))
    .execute();
  await db.schema
    .createIndex('solicitudes_cliente_created_idx')
    .on('solicitudes')
    .columns(['cliente_id', 'created_at desc', 'id desc'])
    .execute();

  await withId(db, db.schema.createTable('sugerencias'))
    .addColumn('cliente_id', id, (col) =>
      col.notNull().references('clientes.id').onDelete('cascade'),
    )
    .addColumn('usuario_id', id, (col) => col.references('usuarios.id').onDelete('set null'))
    .addColumn('texto', 'text', (col) => col.notNull())
    .addColumn('created_at', instant, instantNow(db))
    .execute();
  await db.schema
    .createIndex('sugerencias_cliente_created_idx')
    .on('sugerencias')
    .columns(['cliente_id', 'created_at desc', 'id desc'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'sugerencias',
    'solicitudes',
    'factura_lineas',
    'facturas',
    'seguimiento',
    'portes',
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

/** Column type of calendar dates: date, or 'YYYY-MM-DD' text in SQLite. */
function dateType(db: Kysely<unknown>): 'date' | 'text' {
  return isPostgres(db) ? 'date' : 'text';
}

/** Column type of ids and id references. */
function idRefType(db: Kysely<unknown>): 'bigint' | 'integer' {
  return isPostgres(db) ? 'bigint' : 'integer';
}

/** Column type of coordinates. */
function realType(db: Kysely<unknown>): 'double precision' | 'real' {
  return isPostgres(db) ? 'double precision' : 'real';
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
