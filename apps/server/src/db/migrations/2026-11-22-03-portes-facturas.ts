// Kysely<any>: a migration is frozen in time and must not follow the evolving Database type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';
import {
  dateType,
  flag,
  idRefType,
  instantNow,
  instantType,
  oneOf,
  realType,
  withId,
} from './dialect.js';

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
