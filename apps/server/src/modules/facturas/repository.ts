import type { Kysely } from 'kysely';
import type { Database, Factura } from '../../db/database.js';
import type { FacturaPdfData } from '../../pdf/factura-pdf.js';
import { keysetSeek } from '../../db/keyset.js';

/*
 * Kysely only. Every query takes the session's `clienteId` and filters by it in SQL: an
 * invoice, line or file of another client is simply not found.
 */

type Db = Kysely<Database>;

/** Filters of the invoice list; `hoy` is today in Spain, the boundary of `vencida`. */
export interface FacturasFiltro {
  estado?: 'pagada' | 'pendiente' | 'vencida' | undefined;
  fechaDesde?: string | undefined;
  fechaHasta?: string | undefined;
  hoy: string;
}

/** The previous page's last (fecha_emision, id): newest first. */
export type FacturasKeyset = readonly [fechaEmision: string, id: number] | undefined;

/** A listed invoice: what its PDF prints, its id and its stored file. */
export type FacturaRow = FacturaPdfData & Pick<Factura, 'id' | 'archivo_id'>;

const COLUMNAS = [
  'f.id',
  'f.serie',
  'f.numero',
  'f.fecha_emision',
  'f.vto',
  'f.base_imponible_centimos',
  'f.iva_porcentaje',
  'f.iva_centimos',
  'f.importe_centimos',
  'f.pagada',
  'f.archivo_id',
] as const;

/** One page of this client's invoices, over (cliente_id, fecha_emision desc, id desc). */
export function facturasQuery(
  db: Db,
  clienteId: number,
  filtro: FacturasFiltro,
  after: FacturasKeyset,
  limit: number,
) {
  return (
    db
      .selectFrom('facturas as f')
      .select(COLUMNAS)
      .where('f.cliente_id', '=', clienteId)
      .$if(filtro.estado === 'pagada', (qb) => qb.where('f.pagada', '=', 1))
      // Due on `vto` itself is still pendiente; overdue from the next day (Spain).
      .$if(filtro.estado === 'pendiente', (qb) =>
        qb
          .where('f.pagada', '=', 0)
          .where((eb) => eb.or([eb('f.vto', 'is', null), eb('f.vto', '>=', filtro.hoy)])),
      )
      .$if(filtro.estado === 'vencida', (qb) =>
        qb.where('f.pagada', '=', 0).where('f.vto', '<', filtro.hoy),
      )
      .$if(filtro.fechaDesde !== undefined, (qb) =>
        qb.where('f.fecha_emision', '>=', filtro.fechaDesde as string),
      )
      .$if(filtro.fechaHasta !== undefined, (qb) =>
        qb.where('f.fecha_emision', '<=', filtro.fechaHasta as string),
      )
      .$if(after !== undefined, (qb) =>
        qb.where(keysetSeek('f.fecha_emision', 'f.id', '<', after!)),
      )
      .orderBy('f.fecha_emision', 'desc')
      .orderBy('f.id', 'desc')
      .limit(limit)
  );
}

export async function listFacturas(
  ...args: Parameters<typeof facturasQuery>
): Promise<FacturaRow[]> {
  return facturasQuery(...args).execute();
}

/** One invoice of this client, or undefined. */
export async function findFactura(
  db: Db,
  clienteId: number,
  id: number,
): Promise<FacturaRow | undefined> {
  return db
    .selectFrom('facturas as f')
    .select(COLUMNAS)
    .where('f.id', '=', id)
    .where('f.cliente_id', '=', clienteId)
    .executeTakeFirst();
}

/** The lines of this client's invoice, in order. */
export async function listLineas(db: Db, clienteId: number, facturaId: number) {
  return db
    .selectFrom('factura_lineas as l')
    .innerJoin('facturas as f', 'f.id', 'l.factura_id')
    .select([
      'l.id',
      'l.orden',
      'l.concepto',
      'l.partida',
      'l.cantidad',
      'l.precio_centimos',
      'l.importe_centimos',
    ])
    .where('l.factura_id', '=', facturaId)
    .where('f.cliente_id', '=', clienteId)
    .orderBy('l.orden')
    .orderBy('l.id')
    .execute();
}

/** The stored PDF of this client's invoice, or undefined when it has none yet. */
export async function findFacturaArchivo(db: Db, clienteId: number, facturaId: number) {
  return db
    .selectFrom('facturas as f')
    .innerJoin('archivos as a', 'a.id', 'f.archivo_id')
    .select(['a.id', 'a.nombre', 'a.mime', 'a.storage_key'])
    .where('f.id', '=', facturaId)
    .where('f.cliente_id', '=', clienteId)
    .executeTakeFirst();
}

/** What the invoice PDF prints about the customer. */
export async function findClienteFacturacion(db: Db, clienteId: number) {
  return db
    .selectFrom('clientes')
    .select(['razon_social', 'cif', 'direccion', 'cp', 'localidad', 'pais_iso'])
    .where('id', '=', clienteId)
    .executeTakeFirst();
}

/**
 * Links a generated PDF to this client's invoice that has none yet; false when another
 * request linked one first (the condition makes the loser roll back cleanly).
 */
export async function setFacturaArchivo(
  db: Db,
  clienteId: number,
  facturaId: number,
  archivoId: number,
): Promise<boolean> {
  const result = await db
    .updateTable('facturas')
    .set({ archivo_id: archivoId })
    .where('id', '=', facturaId)
    .where('cliente_id', '=', clienteId)
    .where('archivo_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
