// Kysely<any>: a migration is frozen in time and must not follow the evolving Database type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { PostgresAdapter, sql } from 'kysely';
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely, RawBuilder } from 'kysely';

/*
 * Issue 17: the driver's phone link (docs/decisions/011-driver-link-pings-and-eta.md).
 * - `enlaces_conductor`: capability links of a transport; only the SHA-256 of the token.
 * - `transporte_paradas`: the transport's planned stops in order, with their time windows, what
 *   the driver reported (arrival, done) and the ETA computed on the last ping batch.
 * - `posiciones_conductor`: the pings, unique per transport by the phone's own ping id (an
 *   offline queue resends); purged after the retention period.
 * - `transporte_eta`: the latest position and the shipment's ETA status, one row per transport.
 * - `eventos_parada`: what the driver reported at a stop, unique by the phone's event id.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const id = idRefType(db);
  const instant = instantType(db);
  const real = realType(db);

  await withId(db, db.schema.createTable('enlaces_conductor'))
    .addColumn('transporte_id', id, (col) =>
      col.notNull().references('transportes.id').onDelete('cascade'),
    )
    .addColumn('proveedor_id', id, (col) =>
      col.notNull().references('proveedores.id').onDelete('cascade'),
    )
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('usuario_id', id, (col) => col.references('usuarios.id').onDelete('set null'))
    .addColumn('created_at', instant, instantNow(db))
    .addColumn('expires_at', instant, (col) => col.notNull())
    .addColumn('revoked_at', instant)
    .addColumn('last_used_at', instant)
    .execute();
  await db.schema
    .createIndex('enlaces_conductor_transporte_idx')
    .on('enlaces_conductor')
    .column('transporte_id')
    .execute();

  await withId(db, db.schema.createTable('transporte_paradas'))
    .addColumn('transporte_id', id, (col) =>
      col.notNull().references('transportes.id').onDelete('cascade'),
    )
    .addColumn('orden', 'integer', (col) => col.notNull())
    .addColumn('tipo', 'text', (col) => col.notNull())
    .addColumn('subpartida_id', id, (col) => col.references('subpartidas.id').onDelete('set null'))
    .addColumn('porte_id', id, (col) => col.references('portes.id').onDelete('set null'))
    .addColumn('poblacion', 'text', (col) => col.notNull())
    .addColumn('cp', 'text')
    .addColumn('pais_iso', 'text')
    .addColumn('direccion', 'text')
    .addColumn('lat', real)
    .addColumn('lng', real)
    .addColumn('ventana_desde', instant, (col) => col.notNull())
    .addColumn('ventana_hasta', instant, (col) => col.notNull())
    .addColumn('llegada_at', instant)
    .addColumn('completada_at', instant)
    .addColumn('km_restantes', 'integer')
    .addColumn('eta_at', instant)
    .addColumn('eta_desde', instant)
    .addColumn('eta_hasta', instant)
    .addUniqueConstraint('transporte_paradas_orden_uq', ['transporte_id', 'orden'])
    .execute();

  await withId(db, db.schema.createTable('posiciones_conductor'))
    .addColumn('transporte_id', id, (col) =>
      col.notNull().references('transportes.id').onDelete('cascade'),
    )
    .addColumn('ping_id', 'text', (col) => col.notNull())
    .addColumn('lat', real, (col) => col.notNull())
    .addColumn('lng', real, (col) => col.notNull())
    .addColumn('precision_m', 'integer')
    .addColumn('tomada_at', instant, (col) => col.notNull())
    .addColumn('recibida_at', instant, (col) => col.notNull())
    .addUniqueConstraint('posiciones_conductor_ping_uq', ['transporte_id', 'ping_id'])
    .execute();
  await db.schema
    .createIndex('posiciones_conductor_tomada_idx')
    .on('posiciones_conductor')
    .columns(['transporte_id', 'tomada_at'])
    .execute();
  // The retention purge deletes by age across every transport.
  await db.schema
    .createIndex('posiciones_conductor_edad_idx')
    .on('posiciones_conductor')
    .column('tomada_at')
    .execute();

  await db.schema
    .createTable('transporte_eta')
    .addColumn('transporte_id', id, (col) =>
      col.primaryKey().references('transportes.id').onDelete('cascade'),
    )
    .addColumn('lat', real, (col) => col.notNull())
    .addColumn('lng', real, (col) => col.notNull())
    .addColumn('posicion_at', instant, (col) => col.notNull())
    .addColumn('km_restantes', 'integer')
    .addColumn('velocidad_kmh', 'integer', (col) => col.notNull())
    .addColumn('estado', 'text', (col) => col.notNull())
    .addColumn('calculado_at', instant, (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable('eventos_parada'))
    .addColumn('transporte_id', id, (col) =>
      col.notNull().references('transportes.id').onDelete('cascade'),
    )
    .addColumn('parada_id', id, (col) =>
      col.notNull().references('transporte_paradas.id').onDelete('cascade'),
    )
    .addColumn('evento_cliente_id', 'text', (col) => col.notNull())
    .addColumn('tipo', 'text', (col) => col.notNull())
    .addColumn('texto', 'text')
    .addColumn('archivo_id', id, (col) => col.references('archivos.id').onDelete('set null'))
    .addColumn('ocurrido_at', instant, (col) => col.notNull())
    .addColumn('created_at', instant, instantNow(db))
    .addUniqueConstraint('eventos_parada_cliente_uq', ['transporte_id', 'evento_cliente_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('eventos_parada').execute();
  await db.schema.dropTable('transporte_eta').execute();
  await db.schema.dropIndex('posiciones_conductor_edad_idx').execute();
  await db.schema.dropIndex('posiciones_conductor_tomada_idx').execute();
  await db.schema.dropTable('posiciones_conductor').execute();
  await db.schema.dropTable('transporte_paradas').execute();
  await db.schema.dropIndex('enlaces_conductor_transporte_idx').execute();
  await db.schema.dropTable('enlaces_conductor').execute();
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

/** Column type of coordinates. */
function realType(db: Kysely<unknown>): 'double precision' | 'real' {
  return isPostgres(db) ? 'double precision' : 'real';
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
