import type { Readable } from 'node:stream';
import type {
  AlbaranesPendientesPage,
  DocumentosPendientesQuery,
  TransporteSinFactura,
  TransportesSinFacturaPage,
} from '@extranet/contracts/transportes/documentos-pendientes';
import type {
  SubpartidaDetalle,
  TransporteDetalle,
  TransporteResumen,
  TransportesExportQuery,
  TransportesPage,
  TransportesQuery,
} from '@extranet/contracts/transportes/transporte';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { clock } from '../../lib/clock.js';
import { byDateAndId, keysetBatches, keysetPage } from '../../lib/keyset-page.js';
import {
  EXPORT_BATCH,
  tableExport,
  type ExportColumn,
  type ExportFormat,
} from '../../lib/table-export.js';
import { HttpError } from '../../lib/http-error.js';
import type { ProveedorActor } from '../../plugins/actor.js';
import type { ReceivedUpload } from '../../storage/receive-upload.js';
import { insertArchivo } from '../archivos/repository.js';
import { archivoValues, recordUpload, type UploadDeps } from '../archivos/service.js';
import { recordEvent } from '../../outbox/events.js';
import { recordAudit } from '../audit/repository.js';
import { findEta } from '../conductor/repository.js';
import {
  ESTADOS_CON_ALBARAN,
  findSubpartida,
  findTransporte,
  getSubpartida,
  listAlbaranesPendientes,
  listSinFactura,
  listSubpartidas,
  listTransportes,
  setSubpartidaCmr,
  type SubpartidaRow,
  type TransporteRow,
  type TransportesFiltro,
} from './repository.js';

type Db = Kysely<Database>;

// One tag per list: a cursor of one list is refused by another.
const CURSOR_HISTORIAL = 'tr';
const CURSOR_ALBARANES = 'tr-alb';
const CURSOR_SIN_FACTURA = 'tr-sf';
function historial(db: Db, proveedorId: number, query: TransportesExportQuery) {
  const filtro = filtroOf(query);
  return byDateAndId(CURSOR_HISTORIAL, 'fecha_carga', (after, limit) =>
    listTransportes(db, proveedorId, filtro, after, limit),
  );
}

/** A page row as the contract shows it; PostgreSQL's bigint totals arrive as numbers too. */
function toResumen(row: TransporteRow): TransporteResumen {
  return {
    id: row.id,
    referencia: row.referencia,
    matricula: row.matricula,
    conductor: row.conductor,
    fecha_carga: row.fecha_carga,
    fecha_descarga: row.fecha_descarga,
    origen_poblacion: row.origen_poblacion,
    origen_pais_iso: row.origen_pais_iso,
    destino_poblacion: row.destino_poblacion,
    destino_pais_iso: row.destino_pais_iso,
    bultos: row.bultos,
    peso_kg: row.peso_kg,
    importe_centimos: row.importe_centimos,
    estado: row.estado,
    incidencia: row.incidencia,
    subpartidas: row.subpartidas,
    cmr_pendientes: row.cmr_pendientes,
    facturado: row.facturado === 1,
  };
}

function toSubpartida(row: SubpartidaRow): SubpartidaDetalle {
  return {
    id: row.id,
    numero: row.numero,
    origen_poblacion: row.origen_poblacion,
    destino_poblacion: row.destino_poblacion,
    bultos: row.bultos,
    peso_kg: row.peso_kg,
    cmr_archivo_id: row.cmr_archivo_id,
    cmr_subido_at: row.cmr_subido_at,
    ecmr_estado: row.ecmr_estado,
  };
}

function filtroOf(query: TransportesExportQuery): TransportesFiltro {
  return {
    fechaDesde: query.fechaDesde,
    fechaHasta: query.fechaHasta,
    transporteId: query.transporteId,
    estado: query.estado,
  };
}

/** "Histórico Transportes": one page of this carrier's transports. */
export async function listHistorial(
  db: Db,
  proveedorId: number,
  query: TransportesQuery,
): Promise<TransportesPage> {
  // The repository's rows are the contract's rows already (built once from the driver's arrays).
  return keysetPage(historial(db, proveedorId, query), query.cursor, query.limit);
}

const notFound = () => new HttpError(404, 'NOT_FOUND', 'Transporte no encontrado.');

/** One transport of this carrier with its legs; 404 when it is not this carrier's. */
export async function getTransporte(
  db: Db,
  proveedorId: number,
  id: number,
): Promise<TransporteDetalle> {
  const row = await findTransporte(db, proveedorId, id);
  if (!row) throw notFound();
  const subpartidas = await listSubpartidas(db, proveedorId, [row.id]);
  return {
    ...toResumen(row),
    subpartidas_detalle: subpartidas.map(toSubpartida),
    factura_proveedor_id: row.factura_proveedor_id,
    // The position and status the driver link stored: what the customer and the vehicle see.
    seguimiento: (await findEta(db, row.id)) ?? null,
  };
}

// ---------------------------------------------------------------------------------------
// Export

const ESTADO_TEXTO: Record<TransporteResumen['estado'], string> = {
  asignado: 'Asignado',
  en_transito: 'En tránsito',
  entregado: 'Entregado',
  anulado: 'Anulado',
};

const COLUMNAS_EXPORT: ExportColumn<TransporteResumen>[] = [
  { header: 'Transporte ID', type: 'number', value: (t) => t.id },
  { header: 'Referencia', value: (t) => t.referencia },
  { header: 'Vehículo', value: (t) => t.matricula },
  { header: 'Conductor', value: (t) => t.conductor },
  { header: 'Carga Prevista', type: 'date', value: (t) => t.fecha_carga },
  { header: 'Descarga Prevista', type: 'date', value: (t) => t.fecha_descarga },
  { header: 'Origen', value: (t) => t.origen_poblacion },
  { header: 'País origen', value: (t) => t.origen_pais_iso },
  { header: 'Destino', value: (t) => t.destino_poblacion },
  { header: 'País destino', value: (t) => t.destino_pais_iso },
  { header: 'Bultos', type: 'number', value: (t) => t.bultos },
  { header: 'Peso (kg)', type: 'number', value: (t) => t.peso_kg },
  { header: 'Precio (EUR)', type: 'money', value: (t) => t.importe_centimos },
  { header: 'Estado', value: (t) => ESTADO_TEXTO[t.estado] },
  { header: 'Incidencia', value: (t) => t.incidencia },
  { header: 'CMR pendientes', type: 'number', value: (t) => t.cmr_pendientes },
  { header: 'Facturado', value: (t) => (t.facturado ? 'Sí' : 'No') },
];

/** The whole filtered history as CSV or XLSX (lib/table-export.ts), streamed along the keyset. */
export function exportHistorial(
  db: Db,
  proveedorId: number,
  query: TransportesExportQuery,
  format: ExportFormat,
): Readable {
  return tableExport(format, {
    sheet: 'Transportes',
    columns: COLUMNAS_EXPORT,
    batches: keysetBatches(historial(db, proveedorId, query), EXPORT_BATCH),
  });
}

// ---------------------------------------------------------------------------------------
// Upload lists and the CMR upload

function pendientesFiltro(query: DocumentosPendientesQuery) {
  return {
    fechaDesde: query.fechaDesde,
    fechaHasta: query.fechaHasta,
    // 0 means "all" (spec §2).
    transporteId: query.transporteId || undefined,
    subpartidaId: query.subpartidaId || undefined,
  };
}

/** "Subir albaranes": loaded transports with the legs still missing their CMR. */
export async function listAlbaranes(
  db: Db,
  proveedorId: number,
  query: DocumentosPendientesQuery,
): Promise<AlbaranesPendientesPage> {
  const filtro = pendientesFiltro(query);
  const page = await keysetPage(
    byDateAndId(CURSOR_ALBARANES, 'fecha_carga', (after, limit) =>
      listAlbaranesPendientes(db, proveedorId, filtro, after, limit),
    ),
    query.cursor,
    query.limit,
  );
  const legs = await listSubpartidas(
    db,
    proveedorId,
    page.items.map((t) => t.id),
    { soloSinCmr: true, ...(filtro.subpartidaId ? { subpartidaId: filtro.subpartidaId } : {}) },
  );
  return {
    items: page.items.map((t) => ({
      ...t,
      subpartidas: legs.filter((s) => s.transporte_id === t.id).map(toSubpartida),
    })),
    nextCursor: page.nextCursor,
  };
}

/** "Subir facturas": delivered transports of this carrier that no invoice covers yet. */
export async function listTransportesSinFactura(
  db: Db,
  proveedorId: number,
  query: DocumentosPendientesQuery,
): Promise<TransportesSinFacturaPage> {
  const filtro = pendientesFiltro(query);
  const page = await keysetPage(
    byDateAndId(CURSOR_SIN_FACTURA, 'fecha_carga', (after, limit) =>
      listSinFactura(db, proveedorId, filtro, after, limit),
    ),
    query.cursor,
    query.limit,
  );
  return {
    items: page.items.map((t): TransporteSinFactura => ({
      ...t,
      bultos: Number(t.bultos ?? 0),
      peso_kg: Number(t.peso_kg ?? 0),
    })),
    nextCursor: page.nextCursor,
  };
}

const subpartidaNotFound = () => new HttpError(404, 'NOT_FOUND', 'Subpartida no encontrada.');
const cmrExists = () => new HttpError(409, 'CMR_EXISTS', 'Esta subpartida ya tiene su albarán.');

/**
 * Checks, before any byte is read, that the leg is this carrier's (404), still lacks its CMR
 * (409) and belongs to a transport that has loaded (409).
 */
export async function assertCmrUploadable(
  db: Db,
  proveedorId: number,
  subpartidaId: number,
): Promise<void> {
  const leg = await findSubpartida(db, proveedorId, subpartidaId);
  if (!leg) throw subpartidaNotFound();
  if (leg.cmr_archivo_id !== null) throw cmrExists();
  if (!ESTADOS_CON_ALBARAN.includes(leg.estado)) {
    throw new HttpError(
      409,
      'CMR_NOT_EXPECTED',
      leg.estado === 'anulado'
        ? 'El transporte está anulado: no admite albaranes.'
        : 'El transporte aún no se ha cargado: el albarán se sube tras la carga.',
    );
  }
}

/**
 * Records the CMR of a leg: the archivo row (owner = this carrier, tipo 'cmr') and the leg's
 * `cmr_archivo_id`/`cmr_subido_at` in one transaction. A concurrent upload that got there
 * first makes this one a 409; its bytes stay for the orphan purge (decision 009).
 */
export async function subirCmr(
  deps: UploadDeps,
  actor: ProveedorActor,
  subpartidaId: number,
  upload: ReceivedUpload,
): Promise<SubpartidaDetalle> {
  await recordUpload(deps, async (trx) => {
    const archivo = await insertArchivo(
      trx,
      archivoValues(upload, 'cmr', { kind: 'proveedor', id: actor.proveedorId }, actor.usuarioId),
    );
    const now = clock.now().toISOString();
    if (!(await setSubpartidaCmr(trx, actor.proveedorId, subpartidaId, archivo.id, now))) {
      const leg = await findSubpartida(trx, actor.proveedorId, subpartidaId);
      throw leg ? cmrExists() : subpartidaNotFound();
    }
    await recordAudit(trx, {
      accion: 'subpartida.cmr_subido',
      usuarioId: actor.usuarioId,
      portal: 'proveedores',
      entidad: 'subpartida',
      entidadId: subpartidaId,
      ip: actor.ip,
      detalles: { archivoId: archivo.id, sha256: upload.sha256, bytes: upload.size },
    });
    await recordEvent(trx, 'cmr.subido', {
      subpartida_id: subpartidaId,
      proveedor_id: actor.proveedorId,
      usuario_id: actor.usuarioId,
      archivo_id: archivo.id,
      sha256: upload.sha256,
      bytes: upload.size,
    });
  });
  const leg = await getSubpartida(deps.db, actor.proveedorId, subpartidaId);
  if (!leg) throw subpartidaNotFound();
  return toSubpartida(leg);
}
