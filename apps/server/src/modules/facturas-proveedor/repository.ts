import type { Kysely } from 'kysely';
import { keysetSeek } from '../../db/keyset.js';
import type {
  Database,
  FacturaProveedorEstado,
  NewArchivo,
  TransporteEstado,
} from '../../db/database.js';

/* Kysely only; every query filters by the carrier's `proveedorId` in SQL. */

type Db = Kysely<Database>;

export interface FacturasFiltro {
  fechaDesde?: string | undefined;
  fechaHasta?: string | undefined;
  estado?: FacturaProveedorEstado | undefined;
}

export interface FacturaRow {
  id: number;
  serie: string | null;
  numero: string;
  fecha_emision: string;
  vto: string | null;
  base_imponible_centimos: number;
  iva_centimos: number;
  importe_centimos: number;
  estado: FacturaProveedorEstado;
  fecha_pago: string | null;
  archivo_id: number | null;
  transportes: number | string | null;
}

function facturasDe(db: Db, proveedorId: number) {
  return db
    .selectFrom('facturas_proveedor as f')
    .where('f.proveedor_id', '=', proveedorId)
    .select((eb) => [
      'f.id',
      'f.serie',
      'f.numero',
      'f.fecha_emision',
      'f.vto',
      'f.base_imponible_centimos',
      'f.iva_centimos',
      'f.importe_centimos',
      'f.estado',
      'f.fecha_pago',
      'f.archivo_id',
      eb
        .selectFrom('facturas_proveedor_transportes as ft')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('ft.factura_proveedor_id', '=', 'f.id')
        .as('transportes'),
    ]);
}

/** One page of this carrier's invoices, newest issue date first (facturas_proveedor_fecha_idx). */
export async function listFacturas(
  db: Db,
  proveedorId: number,
  filtro: FacturasFiltro,
  after: readonly [string, number] | undefined,
  limit: number,
): Promise<FacturaRow[]> {
  return facturasDe(db, proveedorId)
    .$if(filtro.fechaDesde !== undefined, (qb) =>
      qb.where('f.fecha_emision', '>=', filtro.fechaDesde as string),
    )
    .$if(filtro.fechaHasta !== undefined, (qb) =>
      qb.where('f.fecha_emision', '<=', filtro.fechaHasta as string),
    )
    .$if(filtro.estado !== undefined, (qb) =>
      qb.where('f.estado', '=', filtro.estado as FacturaProveedorEstado),
    )
    .$if(after !== undefined, (qb) => qb.where(keysetSeek('f.fecha_emision', 'f.id', '<', after!)))
    .orderBy('f.fecha_emision', 'desc')
    .orderBy('f.id', 'desc')
    .limit(limit)
    .execute();
}

export async function findFactura(
  db: Db,
  proveedorId: number,
  id: number,
): Promise<FacturaRow | undefined> {
  return facturasDe(db, proveedorId).where('f.id', '=', id).executeTakeFirst();
}

/** The transports an invoice of this carrier covers. */
export async function listTransportesDeFactura(db: Db, proveedorId: number, facturaId: number) {
  return db
    .selectFrom('facturas_proveedor_transportes as ft')
    .innerJoin('transportes as t', 't.id', 'ft.transporte_id')
    .select([
      't.id',
      't.referencia',
      't.fecha_carga',
      't.origen_poblacion',
      't.destino_poblacion',
      't.importe_centimos',
      't.estado',
    ])
    .where('ft.factura_proveedor_id', '=', facturaId)
    .where('t.proveedor_id', '=', proveedorId)
    .orderBy('t.fecha_carga', 'desc')
    .orderBy('t.id', 'desc')
    .execute();
}

/** The invoice's file (already owner-filtered through the invoice). */
export async function findArchivoResumen(db: Db, proveedorId: number, archivoId: number) {
  return db
    .selectFrom('archivos')
    .select(['id', 'nombre', 'mime', 'tamano_bytes'])
    .where('id', '=', archivoId)
    .where('propietario_tipo', '=', 'proveedor')
    .where('propietario_id', '=', proveedorId)
    .executeTakeFirst();
}

/** These transports of this carrier with their status and whether an invoice covers them. */
export async function findTransportesParaFacturar(
  db: Db,
  proveedorId: number,
  ids: readonly number[],
): Promise<Array<{ id: number; estado: TransporteEstado; facturado: number | boolean }>> {
  return db
    .selectFrom('transportes as t')
    .select((eb) => [
      't.id',
      't.estado',
      eb
        .exists(
          eb
            .selectFrom('facturas_proveedor_transportes as ft')
            .select('ft.transporte_id')
            .whereRef('ft.transporte_id', '=', 't.id'),
        )
        .as('facturado'),
    ])
    .where('t.proveedor_id', '=', proveedorId)
    .where('t.id', 'in', ids)
    .execute();
}

export interface NuevaFactura {
  proveedor_id: number;
  serie: string | null;
  numero: string;
  fecha_emision: string;
  vto: string | null;
  base_imponible_centimos: number;
  iva_centimos: number;
  importe_centimos: number;
  archivo_id: number;
  usuario_id: number | null;
  created_at: string;
  updated_at: string;
}

export async function insertFactura(db: Db, values: NuevaFactura): Promise<number> {
  const row = await db
    .insertInto('facturas_proveedor')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Links one transport; the unique `transporte_id` refuses a second invoice for it. */
export async function insertFacturaTransporte(
  db: Db,
  facturaId: number,
  transporteId: number,
): Promise<void> {
  await db
    .insertInto('facturas_proveedor_transportes')
    .values({ factura_proveedor_id: facturaId, transporte_id: transporteId })
    .execute();
}

export type { NewArchivo };
