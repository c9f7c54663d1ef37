// Kysely<any>: a migration is frozen in time and must not follow the evolving Database type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { PostgresAdapter, sql } from 'kysely';
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely, RawBuilder } from 'kysely';

// Supplier side: load exchange, vehicles, transports with legs, carrier invoices,
// certificates and risk-prevention documents.
export async function up(db: Kysely<any>): Promise<void> {
  const id = idRefType(db);
  const instant = instantType(db);
  const date = dateType(db);
  const real = realType(db);

  await withId(db, db.schema.createTable('cargas'))
    .addColumn('referencia', 'text', (col) => col.notNull().unique())
    .addColumn('region', 'text', (col) => col.notNull().references('regiones.codigo'))
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
    .addColumn('fecha_carga', date, (col) => col.notNull())
    .addColumn('fecha_descarga', date, (col) => col.notNull())
    .addColumn('tipo_vehiculo', 'text', (col) => col.notNull())
    .addColumn('peso_kg', 'integer', (col) => col.notNull())
    .addColumn('palets', 'integer', (col) => col.notNull())
    .addColumn('precio_guia_centimos', 'integer')
    .addColumn('observaciones', 'text')
    .addColumn('estado', 'text', (col) =>
      oneOf('estado', ['abierta', 'asignada', 'cerrada', 'anulada'])(
        col.notNull().defaultTo('abierta'),
      ),
    )
    .addColumn('proveedor_asignado_id', id, (col) =>
      col.references('proveedores.id').onDelete('set null'),
    )
    .addColumn('created_at', instant, instantNow(db))
    .addColumn('updated_at', instant, instantNow(db))
    .execute();
  // The load exchange lists open loads by date.
  await db.schema
    .createIndex('cargas_estado_fecha_idx')
    .on('cargas')
    .columns(['estado', 'fecha_carga', 'id'])
    .execute();

  await withId(db, db.schema.createTable('ofertas'))
    .addColumn('carga_id', id, (col) => col.notNull().references('cargas.id').onDelete('cascade'))
    .addColumn('proveedor_id', id, (col) =>
      col.notNull().references('proveedores.id').onDelete('cascade'),
    )
    .addColumn('usuario_id', id, (col) => col.references('usuarios.id').onDelete('set null'))
    .addColumn('precio_centimos', 'integer', (col) => col.notNull())
    .addColumn('comentarios', 'text')
    .addColumn('estado', 'text', (col) =>
      oneOf('estado', ['pendiente', 'aceptada', 'rechazada', 'retirada'])(
        col.notNull().defaultTo('pendiente'),
      ),
    )
    .addColumn('created_at', instant, instantNow(db))
    .addColumn('updated_at', instant, instantNow(db))
    .execute();
  await db.schema
    .createIndex('ofertas_carga_idx')
    .on('ofertas')
    .columns(['carga_id', 'estado'])
    .execute();
  await db.schema
    .createIndex('ofertas_proveedor_created_idx')
    .on('ofertas')
    .columns(['proveedor_id', 'created_at desc', 'id desc'])
    .execute();
  // A carrier has at most one live offer per load; withdrawn/rejected ones stay as history.
  await db.schema
    .createIndex('ofertas_pendiente_uq')
    .on('ofertas')
    .columns(['carga_id', 'proveedor_id'])
    .unique()
    .where(sql.ref('estado'), '=', 'pendiente')
    .execute();

  await db.schema
    .createTable('descartes')
    .addColumn('proveedor_id', id, (col) =>
      col.notNull().references('proveedores.id').onDelete('cascade'),
    )
    .addColumn('carga_id', id, (col) => col.notNull().references('cargas.id').onDelete('cascade'))
    .addColumn('usuario_id', id, (col) => col.references('usuarios.id').onDelete('set null'))
    .addColumn('created_at', instant, instantNow(db))
    .addPrimaryKeyConstraint('descartes_pk', ['proveedor_id', 'carga_id'])
    .execute();
  await db.schema.createIndex('descartes_carga_idx').on('descartes').column('carga_id').execute();

  await withId(db, db.schema.createTable('vehiculos'))
    .addColumn('proveedor_id', id, (col) =>
      col.notNull().references('proveedores.id').onDelete('cascade'),
    )
    .addColumn('matricula', 'text', (col) => col.notNull())
    .addColumn('tipo', 'text', (col) => col.notNull())
    .addColumn('capacidad_kg', 'integer', (col) => col.notNull())
    .addColumn('palets', 'integer', (col) => col.notNull())
    .addColumn('conductor_nombre', 'text')
    .addColumn('conductor_telefono', 'text')
    .addColumn('disponible', 'integer', flag('disponible', 1))
    .addColumn('disponible_desde', date)
    .addColumn('ultima_lat', real)
    .addColumn('ultima_lng', real)
    .addColumn('ultima_poblacion', 'text')
    .addColumn('ultima_posicion_at', instant)
    .addColumn('created_at', instant, instantNow(db))
    .addColumn('updated_at', instant, instantNow(db))
    .addUniqueConstraint('vehiculos_proveedor_matricula_uq', ['proveedor_id', 'matricula'])
    .execute();

  await withId(db, db.schema.createTable('transportes'))
    .addColumn('proveedor_id', id, (col) =>
      col.notNull().references('proveedores.id').onDelete('restrict'),
    )
    .addColumn('carga_id', id, (col) => col.references('cargas.id').onDelete('set null'))
    .addColumn('vehiculo_id', id, (col) => col.references('vehiculos.id').onDelete('set null'))
    .addColumn('referencia', 'text', (col) => col.notNull())
    .addColumn('matricula', 'text')
    .addColumn('conductor', 'text')
    .addColumn('origen_poblacion', 'text', (col) => col.notNull())
    .addColumn('origen_cp', 'text', (col) => col.notNull())
    .addColumn('origen_pais_iso', 'text', (col) => col.notNull())
    .addColumn('destino_poblacion', 'text', (col) => col.notNull())
    .addColumn('destino_cp', 'text', (col) => col.notNull())
    .addColumn('destino_pais_iso', 'text', (col) => col.notNull())
    .addColumn('fecha_carga', date, (col) => col.notNull())
    .addColumn('fecha_descarga', date, (col) => col.notNull())
    .addColumn('importe_centimos', 'integer', (col) => col.notNull())
    .addColumn('estado', 'text', (col) =>
      oneOf('estado', ['asignado', 'en_transito', 'entregado', 'anulado'])(
        col.notNull().defaultTo('asignado'),
      ),
    )
    .addColumn('created_at', instant, instantNow(db))
    .addColumn('updated_at', instant, instantNow(db))
    .execute();
  // Transport history: keyset over (fecha_carga desc, id desc) per carrier.
  await db.schema
    .createIndex('transportes_proveedor_fecha_idx')
    .on('transportes')
    .columns(['proveedor_id', 'fecha_carga desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('transportes_carga_idx')
    .on('transportes')
    .column('carga_id')
    .execute();
  await db.schema
    .createIndex('transportes_vehiculo_idx')
    .on('transportes')
    .column('vehiculo_id')
    .execute();

  await withId(db, db.schema.createTable('subpartidas'))
    .addColumn('transporte_id', id, (col) =>
      col.notNull().references('transportes.id').onDelete('cascade'),
    )
    .addColumn('numero', 'integer', (col) => col.notNull())
    .addColumn('porte_id', id, (col) => col.references('portes.id').onDelete('set null'))
    .addColumn('origen_poblacion', 'text', (col) => col.notNull())
    .addColumn('destino_poblacion', 'text', (col) => col.notNull())
    .addColumn('bultos', 'integer', (col) => col.notNull())
    .addColumn('peso_kg', 'integer', (col) => col.notNull())
    .addColumn('cmr_archivo_id', id, (col) => col.references('archivos.id').onDelete('set null'))
    .addColumn('cmr_subido_at', instant)
    .addColumn('created_at', instant, instantNow(db))
    .addUniqueConstraint('subpartidas_transporte_numero_uq', ['transporte_id', 'numero'])
    .execute();
  // "Upload delivery notes" lists only legs still missing their CMR.
  await db.schema
    .createIndex('subpartidas_sin_cmr_idx')
    .on('subpartidas')
    .column('transporte_id')
    .where(sql.ref('cmr_archivo_id'), 'is', null)
    .execute();
  await db.schema
    .createIndex('subpartidas_porte_idx')
    .on('subpartidas')
    .column('porte_id')
    .execute();

  await withId(db, db.schema.createTable('facturas_proveedor'))
    .addColumn('proveedor_id', id, (col) =>
      col.notNull().references('proveedores.id').onDelete('restrict'),
    )
    .addColumn('numero', 'text', (col) => col.notNull())
    .addColumn('fecha_emision', date, (col) => col.notNull())
    .addColumn('base_imponible_centimos', 'integer', (col) => col.notNull())
    .addColumn('iva_centimos', 'integer', (col) => col.notNull())
    .addColumn('importe_centimos', 'integer', (col) => col.notNull())
    .addColumn('estado', 'text', (col) =>
      oneOf('estado', ['recibida', 'aprobada', 'pagada'])(col.notNull().defaultTo('recibida')),
    )
    .addColumn('fecha_pago', date)
    .addColumn('archivo_id', id, (col) => col.references('archivos.id').onDelete('set null'))
    .addColumn('usuario_id', id, (col) => col.references('usuarios.id').onDelete('set null'))
    .addColumn('created_at', instant, instantNow(db))
    .addColumn('updated_at', instant, instantNow(db))
    .addUniqueConstraint('facturas_proveedor_numero_uq', ['proveedor_id', 'numero'])
    .execute();
  await db.schema
    .createIndex('facturas_proveedor_fecha_idx')
    .on('facturas_proveedor')
    .columns(['proveedor_id', 'fecha_emision desc', 'id desc'])
    .execute();

  await db.schema
    .createTable('facturas_proveedor_transportes')
    .addColumn('factura_proveedor_id', id, (col) =>
      col.notNull().references('facturas_proveedor.id').onDelete('cascade'),
    )
    // Unique: a transport is invoiced by its carrier once.
    .addColumn('transporte_id', id, (col) =>
      col.notNull().unique().references('transportes.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('facturas_proveedor_transportes_pk', [
      'factura_proveedor_id',
      'transporte_id',
    ])
    .execute();

  await withId(db, db.schema.createTable('certificados'))
    .addColumn('proveedor_id', id, (col) =>
      col.notNull().references('proveedores.id').onDelete('cascade'),
    )
    .addColumn('tipo', 'text', (col) => col.notNull())
    .addColumn('descripcion', 'text')
    .addColumn('archivo_id', id, (col) => col.references('archivos.id').onDelete('set null'))
    .addColumn('fecha_emision', date)
    .addColumn('fecha_caducidad', date, (col) => col.notNull())
    .addColumn('created_at', instant, instantNow(db))
    .execute();
  await db.schema
    .createIndex('certificados_proveedor_caducidad_idx')
    .on('certificados')
    .columns(['proveedor_id', 'fecha_caducidad', 'id'])
    .execute();

  await withId(db, db.schema.createTable('prevencion_documentos'))
    .addColumn('titulo', 'text', (col) => col.notNull())
    .addColumn('descripcion', 'text')
    .addColumn('archivo_id', id, (col) => col.references('archivos.id').onDelete('set null'))
    .addColumn('obligatorio', 'integer', flag('obligatorio', 1))
    .addColumn('publicado_at', instant, instantNow(db))
    .addColumn('created_at', instant, instantNow(db))
    .execute();

  await db.schema
    .createTable('prevencion_lecturas')
    .addColumn('documento_id', id, (col) =>
      col.notNull().references('prevencion_documentos.id').onDelete('cascade'),
    )
    .addColumn('proveedor_id', id, (col) =>
      col.notNull().references('proveedores.id').onDelete('cascade'),
    )
    .addColumn('usuario_id', id, (col) => col.references('usuarios.id').onDelete('set null'))
    .addColumn('leido_at', instant, instantNow(db))
    .addPrimaryKeyConstraint('prevencion_lecturas_pk', ['documento_id', 'proveedor_id'])
    .execute();
  await db.schema
    .createIndex('prevencion_lecturas_proveedor_idx')
    .on('prevencion_lecturas')
    .column('proveedor_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'prevencion_lecturas',
    'prevencion_documentos',
    'certificados',
    'facturas_proveedor_transportes',
    'facturas_proveedor',
    'subpartidas',
    'transportes',
    'vehiculos',
    'descartes',
    'ofertas',
    'cargas',
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
