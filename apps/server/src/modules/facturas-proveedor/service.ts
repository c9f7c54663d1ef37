import type { Readable } from 'node:stream';
import type {
  FacturaProveedorDetalle,
  FacturaProveedorResumen,
  FacturasProveedorPage,
  FacturasProveedorExportQuery,
  FacturasProveedorQuery,
} from '@extranet/contracts/facturas-proveedor/factura-proveedor';
import { FacturaProveedorCampos } from '@extranet/contracts/facturas-proveedor/factura-proveedor';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { clock } from '../../lib/clock.js';
import { byDateAndId, keysetBatches, keysetPage, mapBatches } from '../../lib/keyset-page.js';
import {
  EXPORT_BATCH,
  tableExport,
  type ExportColumn,
  type ExportFormat,
} from '../../lib/table-export.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { HttpError } from '../../lib/http-error.js';
import type { ReceivedUpload } from '../../storage/receive-upload.js';
import { parseUploadFields, refuseUpload } from '../archivos/upload-fields.js';
import { insertArchivo } from '../archivos/repository.js';
import { archivoValues, recordUpload } from '../archivos/service.js';
import { recordEvent } from '../../outbox/events.js';
import { recordAudit } from '../audit/repository.js';
import { todayInSpain } from '../cargas/offer-rules.js';
import { ESTADOS_FACTURABLES } from '../transportes/repository.js';
import type { ProveedorActor } from '../../plugins/actor.js';
import type { UploadDeps } from '../archivos/service.js';
import {
  findArchivoResumen,
  findFactura,
  findTransportesParaFacturar,
  insertFactura,
  insertFacturaTransporte,
  listFacturas,
  listTransportesDeFactura,
  type FacturaRow,
} from './repository.js';

type Db = Kysely<Database>;

const CURSOR = 'fp';

function toResumen(row: FacturaRow): FacturaProveedorResumen {
  return {
    id: row.id,
    serie: row.serie,
    numero: row.numero,
    fecha_emision: row.fecha_emision,
    vto: row.vto,
    base_imponible_centimos: row.base_imponible_centimos,
    iva_centimos: row.iva_centimos,
    importe_centimos: row.importe_centimos,
    estado: row.estado,
    pagada: row.estado === 'pagada',
    fecha_pago: row.fecha_pago,
    archivo_id: row.archivo_id,
    transportes: Number(row.transportes ?? 0),
  };
}

/** This carrier's invoices matching the filters, newest issue date first. */
function historico(db: Db, proveedorId: number, query: FacturasProveedorExportQuery) {
  const filtro = {
    fechaDesde: query.fechaDesde,
    fechaHasta: query.fechaHasta,
    estado: query.estado,
  };
  return byDateAndId(CURSOR, 'fecha_emision', (after, limit) =>
    listFacturas(db, proveedorId, filtro, after, limit),
  );
}

/** "Histórico Facturas": one page of this carrier's invoices. */
export async function listFacturasProveedor(
  db: Db,
  proveedorId: number,
  query: FacturasProveedorQuery,
): Promise<FacturasProveedorPage> {
  const page = await keysetPage(historico(db, proveedorId, query), query.cursor, query.limit);
  return { items: page.items.map(toResumen), nextCursor: page.nextCursor };
}

const FACTURA_ESTADO: Record<FacturaProveedorResumen['estado'], string> = {
  recibida: 'Recibida',
  aprobada: 'Aprobada',
  pagada: 'Pagada',
};

const COLUMNAS_EXPORT: ExportColumn<FacturaProveedorResumen>[] = [
  { header: 'Serie', value: (f) => f.serie },
  { header: 'Número', value: (f) => f.numero },
  { header: 'Fecha emisión', type: 'date', value: (f) => f.fecha_emision },
  { header: 'Vencimiento', type: 'date', value: (f) => f.vto },
  { header: 'Base imponible (EUR)', type: 'money', value: (f) => f.base_imponible_centimos },
  { header: 'IVA (EUR)', type: 'money', value: (f) => f.iva_centimos },
  { header: 'Importe (EUR)', type: 'money', value: (f) => f.importe_centimos },
  { header: 'Estado', value: (f) => FACTURA_ESTADO[f.estado] },
  { header: 'Fecha pago', type: 'date', value: (f) => f.fecha_pago },
  { header: 'Transportes', type: 'number', value: (f) => f.transportes },
];

/** The whole filtered history as CSV or XLSX (lib/table-export.ts), streamed along the keyset. */
export function exportFacturasProveedor(
  db: Db,
  proveedorId: number,
  query: FacturasProveedorExportQuery,
  format: ExportFormat,
): Readable {
  return tableExport(format, {
    sheet: 'Facturas',
    columns: COLUMNAS_EXPORT,
    batches: mapBatches(keysetBatches(historico(db, proveedorId, query), EXPORT_BATCH), toResumen),
  });
}

/** One invoice of this carrier with the transports it covers and its file; 404 otherwise. */
export async function getFacturaProveedor(
  db: Db,
  proveedorId: number,
  id: number,
): Promise<FacturaProveedorDetalle> {
  const row = await findFactura(db, proveedorId, id);
  if (!row) throw new HttpError(404, 'NOT_FOUND', 'Factura no encontrada.');
  const transportes = await listTransportesDeFactura(db, proveedorId, id);
  const archivo =
    row.archivo_id === null ? undefined : await findArchivoResumen(db, proveedorId, row.archivo_id);
  return { ...toResumen(row), transportes_detalle: transportes, archivo: archivo ?? null };
}

const alreadyInvoiced = (id: number) =>
  new HttpError(409, 'ALREADY_INVOICED', `El transporte ${id} ya está facturado.`, {
    transporteId: id,
  });

/**
 * "Subir facturas": records the carrier's invoice PDF, the invoice and one link per transport
 * in one transaction. All transports must be this carrier's (404), delivered (409) and not
 * yet invoiced (409 ALREADY_INVOICED); the number is unique per carrier (409). Two requests
 * racing for the same transport: the unique `transporte_id` refuses the second, a 409 too.
 */
export async function subirFactura(
  deps: UploadDeps,
  actor: ProveedorActor,
  upload: ReceivedUpload,
  fields: Record<string, string>,
): Promise<FacturaProveedorDetalle> {
  const campos = parseUploadFields(FacturaProveedorCampos, fields);
  const today = todayInSpain(clock.now());
  if (campos.fecha_emision > today) {
    refuseUpload('fecha_emision', 'La fecha de emisión no puede ser posterior a hoy.');
  }
  const ids = [...new Set(campos.transporteIds)];

  const facturaId = await recordUpload(deps, async (trx) => {
    const found = await findTransportesParaFacturar(trx, actor.proveedorId, ids);
    const byId = new Map(found.map((t) => [t.id, t]));
    for (const id of ids) {
      const t = byId.get(id);
      if (!t) throw new HttpError(404, 'NOT_FOUND', `Transporte ${id} no encontrado.`);
      if (t.facturado === true || Number(t.facturado) === 1) throw alreadyInvoiced(id);
      if (!ESTADOS_FACTURABLES.includes(t.estado)) {
        throw new HttpError(
          409,
          'NOT_INVOICEABLE',
          `El transporte ${id} aún no está entregado: no se puede facturar.`,
          { transporteId: id },
        );
      }
    }
    const archivo = await insertArchivo(
      trx,
      archivoValues(
        upload,
        'factura_proveedor',
        { kind: 'proveedor', id: actor.proveedorId },
        actor.usuarioId,
      ),
    );
    const now = clock.now().toISOString();
    let facturaId: number;
    try {
      facturaId = await insertFactura(trx, {
        proveedor_id: actor.proveedorId,
        serie: campos.serie || null,
        numero: campos.numero,
        fecha_emision: campos.fecha_emision,
        vto: campos.vto ?? null,
        base_imponible_centimos: campos.base_imponible_centimos,
        iva_centimos: campos.iva_centimos,
        importe_centimos: campos.importe_centimos,
        archivo_id: archivo.id,
        usuario_id: actor.usuarioId,
        created_at: now,
        updated_at: now,
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw new HttpError(
        409,
        'DUPLICATE_INVOICE_NUMBER',
        `Ya subió una factura con el número ${campos.numero}.`,
      );
    }
    for (const id of ids) {
      try {
        await insertFacturaTransporte(trx, facturaId, id);
      } catch (error) {
        if (isUniqueViolation(error)) throw alreadyInvoiced(id);
        throw error;
      }
    }
    await recordAudit(trx, {
      accion: 'factura_proveedor.subida',
      usuarioId: actor.usuarioId,
      portal: 'proveedores',
      entidad: 'factura_proveedor',
      entidadId: facturaId,
      ip: actor.ip,
      detalles: { numero: campos.numero, transporteIds: ids, archivoId: archivo.id },
    });
    await recordEvent(trx, 'factura_proveedor.subida', {
      factura_id: facturaId,
      proveedor_id: actor.proveedorId,
      usuario_id: actor.usuarioId,
      numero: campos.numero,
      transporte_ids: ids,
      archivo_id: archivo.id,
    });
    return facturaId;
  });
  return getFacturaProveedor(deps.db, actor.proveedorId, facturaId);
}
