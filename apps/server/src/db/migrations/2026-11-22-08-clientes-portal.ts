// Kysely<any>: a migration is frozen in time and must not follow the evolving Database type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/*
 * Customer portal (issue 5):
 * - `solicitudes.origen_direccion`, `destino_direccion`, `tipo_vehiculo`: the request form asks
 *   for the street address and the vehicle needed (a code of the contracts' TipoVehiculo).
 * - `sugerencias.asunto`: optional subject of a suggestion.
 * - Indexes from a file back to what makes it a customer's: the ownership check of
 *   `GET /api/clientes/archivos/:id` is one query with EXISTS over portes (CMR, POD),
 *   facturas and subpartidas (the carrier's CMR of a leg of the shipment); without them each
 *   download would scan those tables.
 * The history and active lists already have their (cliente_id, estado, fecha, id) index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('solicitudes').addColumn('origen_direccion', 'text').execute();
  await db.schema.alterTable('solicitudes').addColumn('destino_direccion', 'text').execute();
  await db.schema.alterTable('solicitudes').addColumn('tipo_vehiculo', 'text').execute();
  await db.schema.alterTable('sugerencias').addColumn('asunto', 'text').execute();
  for (const [name, table, column] of [
    ['portes_cmr_archivo_idx', 'portes', 'cmr_archivo_id'],
    ['portes_pod_archivo_idx', 'portes', 'pod_archivo_id'],
    ['facturas_archivo_idx', 'facturas', 'archivo_id'],
    ['subpartidas_cmr_archivo_idx', 'subpartidas', 'cmr_archivo_id'],
  ] as const) {
    await db.schema.createIndex(name).on(table).column(column).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    'subpartidas_cmr_archivo_idx',
    'facturas_archivo_idx',
    'portes_pod_archivo_idx',
    'portes_cmr_archivo_idx',
  ]) {
    await db.schema.dropIndex(name).execute();
  }
  await db.schema.alterTable('sugerencias').dropColumn('asunto').execute();
  await db.schema.alterTable('solicitudes').dropColumn('tipo_vehiculo').execute();
  await db.schema.alterTable('solicitudes').dropColumn('destino_direccion').execute();
  await db.schema.alterTable('solicitudes').dropColumn('origen_direccion').execute();
}
