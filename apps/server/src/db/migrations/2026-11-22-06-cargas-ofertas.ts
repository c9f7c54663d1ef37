// Kysely<any>: a migration is frozen in time and must not follow the evolving Database type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { PostgresAdapter, sql } from 'kysely';
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';

/*
 * Load exchange and vehicle panel (issue 4):
 * - `certificado_tipos`: the catalogue of carrier documents and which are mandatory (an
 *   expired mandatory one blocks new offers). `certificados.tipo` now holds its `codigo`.
 * - `vehiculos.activo` (deactivated vehicles stay for history) and `disponible_hasta`.
 * - `ofertas.vehiculo_id`: the vehicle a carrier offers with.
 * - `cargas.tipo_vehiculo` and `vehiculos.tipo` hold a code of the contracts' fixed list.
 * - Indexes for the keyset sorts of the load list (by price, by weight) and the offer list.
 */

const CERTIFICADO_TIPOS: ReadonlyArray<[codigo: string, nombre: string, obligatorio: 0 | 1]> = [
  ['seguro_mercancias', 'Seguro de mercancías (CMR)', 1],
  ['tarjeta_transporte', 'Tarjeta de transporte', 1],
  ['licencia_comunitaria', 'Licencia comunitaria', 0],
  ['adr', 'Certificado ADR', 0],
  ['itv', 'Inspección técnica (ITV)', 0],
  ['hacienda', 'Certificado de Hacienda', 0],
  ['seguridad_social', 'Certificado de la Seguridad Social', 0],
];

/** Free-text vehicle types written before this migration → the fixed codes. */
const TIPOS_VEHICULO: ReadonlyArray<[antes: string, codigo: string]> = [
  ['Tráiler lona', 'lona'],
  ['Frigorífico', 'frigorifico'],
  ['Megatráiler', 'megatrailer'],
  ['Rígido 12 t', 'rigido'],
  ['Góndola', 'gondola'],
];

export async function up(db: Kysely<any>): Promise<void> {
  const id = idRefType(db);

  await db.schema
    .createTable('certificado_tipos')
    .addColumn('codigo', 'text', (col) => col.primaryKey())
    .addColumn('nombre', 'text', (col) => col.notNull().unique())
    .addColumn('obligatorio', 'integer', flag('obligatorio', 0))
    .addColumn('orden', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db
    .insertInto('certificado_tipos')
    .values(
      CERTIFICADO_TIPOS.map(([codigo, nombre, obligatorio], i) => ({
        codigo,
        nombre,
        obligatorio,
        orden: i + 1,
      })),
    )
    .execute();
  for (const [codigo, nombre] of CERTIFICADO_TIPOS) {
    await db.updateTable('certificados').set({ tipo: codigo }).where('tipo', '=', nombre).execute();
  }
  // The carrier's current version of each type is found by (proveedor, tipo, caducidad).
  await db.schema
    .createIndex('certificados_proveedor_tipo_idx')
    .on('certificados')
    .columns(['proveedor_id', 'tipo', 'fecha_caducidad'])
    .execute();

  await db.schema
    .alterTable('vehiculos')
    .addColumn('activo', 'integer', flag('activo', 1))
    .execute();
  await db.schema.alterTable('vehiculos').addColumn('disponible_hasta', dateType(db)).execute();

  await db.schema
    .alterTable('ofertas')
    .addColumn('vehiculo_id', id, (col) => col.references('vehiculos.id').onDelete('set null'))
    .execute();

  for (const [antes, codigo] of TIPOS_VEHICULO) {
    await db
      .updateTable('cargas')
      .set({ tipo_vehiculo: codigo })
      .where('tipo_vehiculo', '=', antes)
      .execute();
    await db.updateTable('vehiculos').set({ tipo: codigo }).where('tipo', '=', antes).execute();
  }

  // Keyset sorts of the load list besides the date one (cargas_estado_fecha_idx). A load
  // without a guide price sorts last: the key is coalesce(precio, -1), the same expression
  // the query orders by, so both planners walk this index instead of sorting.
  await db.schema
    .createIndex('cargas_estado_precio_idx')
    .on('cargas')
    .expression(sql`estado, coalesce(precio_guia_centimos, -1) desc, id desc`)
    .execute();
  await db.schema
    .createIndex('cargas_estado_peso_idx')
    .on('cargas')
    .columns(['estado', 'peso_kg desc', 'id desc'])
    .execute();
  // "Mis ofertas" filtered by status, newest first.
  await db.schema
    .createIndex('ofertas_proveedor_estado_created_idx')
    .on('ofertas')
    .columns(['proveedor_id', 'estado', 'created_at desc', 'id desc'])
    .execute();
  await db.schema.createIndex('ofertas_vehiculo_idx').on('ofertas').column('vehiculo_id').execute();
  // "Descartados": a carrier's discards, most recent first.
  await db.schema
    .createIndex('descartes_proveedor_created_idx')
    .on('descartes')
    .columns(['proveedor_id', 'created_at desc', 'carga_id desc'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    'descartes_proveedor_created_idx',
    'ofertas_vehiculo_idx',
    'ofertas_proveedor_estado_created_idx',
    'cargas_estado_peso_idx',
    'cargas_estado_precio_idx',
    'certificados_proveedor_tipo_idx',
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  for (const [antes, codigo] of TIPOS_VEHICULO) {
    await db
      .updateTable('cargas')
      .set({ tipo_vehiculo: antes })
      .where('tipo_vehiculo', '=', codigo)
      .execute();
    await db.updateTable('vehiculos').set({ tipo: antes }).where('tipo', '=', codigo).execute();
  }
  await db.schema.alterTable('ofertas').dropColumn('vehiculo_id').execute();
  await db.schema.alterTable('vehiculos').dropColumn('disponible_hasta').execute();
  await db.schema.alterTable('vehiculos').dropColumn('activo').execute();
  for (const [codigo, nombre] of CERTIFICADO_TIPOS) {
    await db.updateTable('certificados').set({ tipo: nombre }).where('tipo', '=', codigo).execute();
  }
  await db.schema.dropTable('certificado_tipos').execute();
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

/** Column type of ids and id references. */
function idRefType(db: Kysely<unknown>): 'bigint' | 'integer' {
  return isPostgres(db) ? 'bigint' : 'integer';
}

/** 0/1 flag column with a default and a check constraint. */
function flag(name: string, defaultValue: 0 | 1) {
  return (col: ColumnDefinitionBuilder) =>
    col
      .notNull()
      .defaultTo(defaultValue)
      .check(sql`${sql.ref(name)} in (0, 1)`);
}
