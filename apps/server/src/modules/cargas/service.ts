import type {
  CargaDescartada,
  CargaDetalle,
  CargaResumen,
  CargasExportQuery,
  CargasMapa,
  CargasMapaQuery,
  CargasPage,
  CargasQuery,
  DescartadosPage,
  DescartadosQuery,
} from '@extranet/contracts/cargas/carga';
import { MAX_CARGAS_MAPA } from '@extranet/contracts/cargas/constants';
import type {
  Oferta,
  OfertaCrear,
  OfertaEditar,
  OfertasExportQuery,
  OfertasPage,
  OfertasQuery,
} from '@extranet/contracts/cargas/oferta';
import type { Readable } from 'node:stream';
import type { OfertaEstado } from '@extranet/contracts/cargas/carga';
import { tipoVehiculoLabels } from '@extranet/contracts/vehiculos/constants';
import type { TipoVehiculo } from '@extranet/contracts/vehiculos/vehiculo';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { clock } from '../../lib/clock.js';
import { CursorId, type CursorValues } from '../../lib/cursor.js';
import { keysetBatches, keysetPage, mapBatches, type KeysetList } from '../../lib/keyset-page.js';
import {
  EXPORT_BATCH,
  tableExport,
  type ExportColumn,
  type ExportFormat,
} from '../../lib/table-export.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { recordEvent } from '../../outbox/events.js';
import { HttpError } from '../../lib/http-error.js';
import type { ProveedorActor } from '../../plugins/actor.js';
import { recordAudit } from '../audit/repository.js';
import { certificateBlock, certificateBlockMessage, todayInSpain } from './offer-rules.js';
import {
  deleteDescarte,
  findActiveVehiculo,
  findOpenOffer,
  findOwnOffer,
  findVisibleCarga,
  insertDescarte,
  insertOferta,
  listDescartadas,
  listMandatoryCertificados,
  listOpenLoads,
  listOpenLoadsForMap,
  listOwnOffers,
  listOwnOffersOnCarga,
  updateOferta,
  type CargaRow,
  type CargasKeyset,
  type DescartadaRow,
  type OfertaConCargaRow,
} from './repository.js';

type Db = Kysely<Database>;

const cargaNotFound = () => new HttpError(404, 'NOT_FOUND', 'Carga no encontrada.');
const ofertaNotFound = () => new HttpError(404, 'NOT_FOUND', 'Oferta no encontrada.');
const loadClosed = () => new HttpError(409, 'LOAD_CLOSED', 'La carga ya no admite ofertas.');

function toResumen(row: CargaRow): CargaResumen {
  return {
    id: row.id,
    referencia: row.referencia,
    origen_poblacion: row.origen_poblacion,
    origen_cp: row.origen_cp,
    origen_pais_iso: row.origen_pais_iso,
    destino_poblacion: row.destino_poblacion,
    destino_cp: row.destino_cp,
    destino_pais_iso: row.destino_pais_iso,
    fecha_carga: row.fecha_carga,
    fecha_descarga: row.fecha_descarga,
    tipo_vehiculo: row.tipo_vehiculo as TipoVehiculo,
    peso_kg: row.peso_kg,
    palets: row.palets,
    precio_guia_centimos: row.precio_guia_centimos,
    estado: row.estado,
    oferta:
      row.oferta_id != null && row.oferta_precio_centimos != null && row.oferta_estado != null
        ? {
            id: row.oferta_id,
            precio_centimos: row.oferta_precio_centimos,
            estado: row.oferta_estado,
          }
        : null,
  };
}

// Cursor shapes per order: the sort key of the last row, then its id.
const cursorSchemas = {
  fecha_carga: z.tuple([z.string().regex(/^\d{4}-\d{2}-\d{2}$/), CursorId]),
  precio_guia: z.tuple([z.number().int().min(-1), CursorId]),
  peso: z.tuple([z.number().int(), CursorId]),
} as const;
const instantCursor = z.tuple([z.string().min(1).max(40), CursorId]);

/**
 * The open loads matching the filters as a keyset list in the asked order; `use` gets the
 * list of that order (each order has its own cursor shape).
 */
function withOpenLoads<T>(
  db: Db,
  proveedorId: number,
  query: CargasExportQuery,
  use: <K extends CursorValues>(list: KeysetList<CargaRow, K>) => T,
): T {
  const fetch = (keyset: CargasKeyset, limit: number) =>
    listOpenLoads(db, proveedorId, query, keyset, limit);
  switch (query.orden) {
    case 'fecha_carga':
      return use({
        tag: 'fecha_carga',
        schema: cursorSchemas.fecha_carga,
        fetch: (after, limit) => fetch({ orden: 'fecha_carga', after }, limit),
        keyOf: (row) => [row.fecha_carga, row.id],
      });
    case 'precio_guia':
      return use({
        tag: 'precio_guia',
        schema: cursorSchemas.precio_guia,
        fetch: (after, limit) => fetch({ orden: 'precio_guia', after }, limit),
        keyOf: (row) => [row.precio_guia_centimos ?? -1, row.id],
      });
    case 'peso':
      return use({
        tag: 'peso',
        schema: cursorSchemas.peso,
        fetch: (after, limit) => fetch({ orden: 'peso', after }, limit),
        keyOf: (row) => [row.peso_kg, row.id],
      });
  }
}

/** A page of the load exchange for this carrier. */
export async function listCargas(
  db: Db,
  proveedorId: number,
  query: CargasQuery,
): Promise<CargasPage> {
  const page = await withOpenLoads(db, proveedorId, query, (list) =>
    keysetPage(list, query.cursor, query.limit),
  );
  return { items: page.items.map(toResumen), nextCursor: page.nextCursor };
}

/** The loads of the list's filters that have coordinates, for the map (capped). */
export async function mapaCargas(
  db: Db,
  proveedorId: number,
  query: CargasMapaQuery,
): Promise<CargasMapa> {
  const rows = await listOpenLoadsForMap(db, proveedorId, query, MAX_CARGAS_MAPA + 1);
  return {
    items: rows.slice(0, MAX_CARGAS_MAPA).map((row) => ({
      ...row,
      tipo_vehiculo: row.tipo_vehiculo as TipoVehiculo,
    })),
    truncated: rows.length > MAX_CARGAS_MAPA,
  };
}

/** A load with this carrier's offer history; 404 for a load it may not see. */
export async function getCarga(
  db: Db,
  proveedorId: number,
  cargaId: number,
): Promise<CargaDetalle> {
  const carga = await findVisibleCarga(db, proveedorId, cargaId);
  if (!carga) throw cargaNotFound();
  const ofertas = await listOwnOffersOnCarga(db, proveedorId, cargaId);
  const abierta = ofertas.find((o) => o.estado === 'pendiente');
  return {
    ...carga,
    tipo_vehiculo: carga.tipo_vehiculo as TipoVehiculo,
    descartada: carga.descartada === 1,
    oferta: abierta
      ? { id: abierta.id, precio_centimos: abierta.precio_centimos, estado: abierta.estado }
      : null,
    ofertas: ofertas.map(({ carga_id: _carga, ...oferta }) => oferta),
  };
}

function toOferta(row: OfertaConCargaRow): Oferta {
  return {
    id: row.id,
    carga_id: row.carga_id,
    precio_centimos: row.precio_centimos,
    comentarios: row.comentarios,
    vehiculo_id: row.vehiculo_id,
    estado: row.estado,
    created_at: row.created_at,
    updated_at: row.updated_at,
    carga: {
      referencia: row.referencia,
      origen_poblacion: row.origen_poblacion,
      origen_pais_iso: row.origen_pais_iso,
      destino_poblacion: row.destino_poblacion,
      destino_pais_iso: row.destino_pais_iso,
      fecha_carga: row.fecha_carga,
      fecha_descarga: row.fecha_descarga,
      tipo_vehiculo: row.tipo_vehiculo as TipoVehiculo,
      peso_kg: row.peso_kg,
      precio_guia_centimos: row.precio_guia_centimos,
      estado: row.carga_estado,
    },
  };
}

/**
 * A new offer. Refused, in this order: a load it may not see or a vehicle not its own (404),
 * a load no longer open, an open offer already there, an expired mandatory certificate (409).
 */
export async function crearOferta(
  db: Db,
  actor: ProveedorActor,
  cargaId: number,
  body: OfertaCrear,
): Promise<Oferta> {
  const now = clock.now();
  return db.transaction().execute(async (trx) => {
    const carga = await findVisibleCarga(trx, actor.proveedorId, cargaId, { forUpdate: true });
    if (!carga) throw cargaNotFound();
    const vehiculoId = body.vehiculo_id ?? null;
    if (vehiculoId !== null && !(await findActiveVehiculo(trx, actor.proveedorId, vehiculoId))) {
      throw new HttpError(404, 'NOT_FOUND', 'Vehículo no encontrado.');
    }
    if (carga.estado !== 'abierta') throw loadClosed();
    if (await findOpenOffer(trx, actor.proveedorId, cargaId)) throw offerExists();
    const certificados = await listMandatoryCertificados(trx, actor.proveedorId);
    const block = certificateBlock(
      certificados.map((c) => ({ ...c, obligatorio: true })),
      todayInSpain(now),
    );
    if (block) {
      throw new HttpError(409, 'CERTIFICATE_EXPIRED', certificateBlockMessage(block), {
        tipo: block.tipo,
        fecha_caducidad: block.fecha_caducidad,
      });
    }
    let ofertaId: number;
    try {
      ofertaId = await insertOferta(trx, {
        cargaId,
        proveedorId: actor.proveedorId,
        usuarioId: actor.usuarioId,
        vehiculoId,
        precioCentimos: body.precio_centimos,
        comentarios: body.comentarios ?? null,
        now: now.toISOString(),
      });
    } catch (error) {
      // Two simultaneous offers: the partial unique index lets one through.
      if (isUniqueViolation(error)) throw offerExists();
      throw error;
    }
    await recordAudit(trx, {
      accion: 'oferta.crear',
      usuarioId: actor.usuarioId,
      portal: 'proveedores',
      entidad: 'oferta',
      entidadId: ofertaId,
      ip: actor.ip,
      detalles: {
        carga_id: cargaId,
        precio_centimos: body.precio_centimos,
        vehiculo_id: vehiculoId,
      },
    });
    // In the offer's transaction: the ERP hears of every committed offer, and only of those.
    await recordEvent(trx, 'oferta.creada', {
      oferta_id: ofertaId,
      carga_id: cargaId,
      proveedor_id: actor.proveedorId,
      usuario_id: actor.usuarioId,
      vehiculo_id: vehiculoId,
      precio_centimos: body.precio_centimos,
      comentarios: body.comentarios ?? null,
    });
    return toOferta(await mustFindOwnOffer(trx, actor.proveedorId, ofertaId));
  });
}

function offerExists(): HttpError {
  return new HttpError(409, 'OFFER_EXISTS', 'Ya tiene una oferta abierta para esta carga.');
}

async function mustFindOwnOffer(db: Db, proveedorId: number, ofertaId: number) {
  const row = await findOwnOffer(db, proveedorId, ofertaId);
  if (!row) throw ofertaNotFound();
  return row;
}

/** An open offer on an open load, locked for the change; 404 / 409 otherwise. */
async function openOfferForChange(db: Db, proveedorId: number, ofertaId: number) {
  const oferta = await findOwnOffer(db, proveedorId, ofertaId, { forUpdate: true });
  if (!oferta) throw ofertaNotFound();
  if (oferta.estado !== 'pendiente') {
    throw new HttpError(
      409,
      'OFFER_NOT_OPEN',
      'La oferta ya no está pendiente y no se puede cambiar.',
    );
  }
  if (oferta.carga_estado !== 'abierta') throw loadClosed();
  return oferta;
}

/** New price and/or comment of an open offer while its load is open. */
export async function editarOferta(
  db: Db,
  actor: ProveedorActor,
  ofertaId: number,
  body: OfertaEditar,
): Promise<Oferta> {
  const now = clock.now().toISOString();
  return db.transaction().execute(async (trx) => {
    const before = await openOfferForChange(trx, actor.proveedorId, ofertaId);
    await updateOferta(trx, actor.proveedorId, ofertaId, {
      ...(body.precio_centimos === undefined ? {} : { precio_centimos: body.precio_centimos }),
      ...(body.comentarios === undefined ? {} : { comentarios: body.comentarios }),
      updated_at: now,
    });
    await recordAudit(trx, {
      accion: 'oferta.editar',
      usuarioId: actor.usuarioId,
      portal: 'proveedores',
      entidad: 'oferta',
      entidadId: ofertaId,
      ip: actor.ip,
      detalles: {
        carga_id: before.carga_id,
        antes: { precio_centimos: before.precio_centimos, comentarios: before.comentarios },
        cambios: body,
      },
    });
    const after = await mustFindOwnOffer(trx, actor.proveedorId, ofertaId);
    // In the change's transaction, like oferta.creada: the ERP polls it from /novedades.
    await recordEvent(trx, 'oferta.editada', {
      oferta_id: ofertaId,
      carga_id: before.carga_id,
      proveedor_id: actor.proveedorId,
      usuario_id: actor.usuarioId,
      precio_centimos: after.precio_centimos,
      comentarios: after.comentarios,
      antes: { precio_centimos: before.precio_centimos, comentarios: before.comentarios },
    });
    return toOferta(after);
  });
}

/** Withdraws an open offer (until the load is awarded). */
export async function retirarOferta(
  db: Db,
  actor: ProveedorActor,
  ofertaId: number,
): Promise<Oferta> {
  const now = clock.now().toISOString();
  return db.transaction().execute(async (trx) => {
    const before = await openOfferForChange(trx, actor.proveedorId, ofertaId);
    await updateOferta(trx, actor.proveedorId, ofertaId, { estado: 'retirada', updated_at: now });
    await recordAudit(trx, {
      accion: 'oferta.retirar',
      usuarioId: actor.usuarioId,
      portal: 'proveedores',
      entidad: 'oferta',
      entidadId: ofertaId,
      ip: actor.ip,
      detalles: { carga_id: before.carga_id },
    });
    await recordEvent(trx, 'oferta.retirada', {
      oferta_id: ofertaId,
      carga_id: before.carga_id,
      proveedor_id: actor.proveedorId,
      usuario_id: actor.usuarioId,
    });
    return toOferta(await mustFindOwnOffer(trx, actor.proveedorId, ofertaId));
  });
}

/** This carrier's offers (optionally of one status), newest first. */
function ownOffers(db: Db, proveedorId: number, query: OfertasExportQuery) {
  return {
    tag: `ofertas:${query.estado ?? '*'}`,
    schema: instantCursor,
    fetch: (after: [string, number] | undefined, limit: number) =>
      listOwnOffers(db, proveedorId, query.estado, after, limit),
    keyOf: (row: OfertaConCargaRow) => [row.created_at, row.id],
  };
}

/** A page of this carrier's offers, newest first. */
export async function listOfertas(
  db: Db,
  proveedorId: number,
  query: OfertasQuery,
): Promise<OfertasPage> {
  const page = await keysetPage(ownOffers(db, proveedorId, query), query.cursor, query.limit);
  return { items: page.items.map(toOferta), nextCursor: page.nextCursor };
}

/** Hides an open load from this carrier's list (idempotent). */
export async function descartarCarga(
  db: Db,
  actor: ProveedorActor,
  cargaId: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const carga = await findVisibleCarga(trx, actor.proveedorId, cargaId);
    if (!carga) throw cargaNotFound();
    if (carga.estado !== 'abierta') {
      throw new HttpError(409, 'LOAD_CLOSED', 'La carga ya no está abierta.');
    }
    const inserted = await insertDescarte(
      trx,
      actor.proveedorId,
      cargaId,
      actor.usuarioId,
      clock.now().toISOString(),
    );
    if (inserted) {
      await recordAudit(trx, {
        accion: 'carga.descartar',
        usuarioId: actor.usuarioId,
        portal: 'proveedores',
        entidad: 'carga',
        entidadId: cargaId,
        ip: actor.ip,
      });
    }
  });
}

/** Shows a discarded load again (idempotent). */
export async function restaurarCarga(
  db: Db,
  actor: ProveedorActor,
  cargaId: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const carga = await findVisibleCarga(trx, actor.proveedorId, cargaId);
    if (!carga) throw cargaNotFound();
    if (await deleteDescarte(trx, actor.proveedorId, cargaId)) {
      await recordAudit(trx, {
        accion: 'carga.restaurar',
        usuarioId: actor.usuarioId,
        portal: 'proveedores',
        entidad: 'carga',
        entidadId: cargaId,
        ip: actor.ip,
      });
    }
  });
}

function toDescartada(row: DescartadaRow): CargaDescartada {
  return { ...row, tipo_vehiculo: row.tipo_vehiculo as TipoVehiculo };
}

/** The loads this carrier discarded, most recently discarded first. */
function descartadas(db: Db, proveedorId: number) {
  return {
    tag: 'descartes',
    schema: instantCursor,
    fetch: (after: [string, number] | undefined, limit: number) =>
      listDescartadas(db, proveedorId, after, limit),
    keyOf: (row: DescartadaRow) => [row.descartada_at, row.id],
  };
}

/** A page of the "Descartados" view. */
export async function listDescartados(
  db: Db,
  proveedorId: number,
  query: DescartadosQuery,
): Promise<DescartadosPage> {
  const page = await keysetPage(descartadas(db, proveedorId), query.cursor, query.limit);
  return { items: page.items.map(toDescartada), nextCursor: page.nextCursor };
}

// ---------------------------------------------------------------------------------------
// Exports: the whole filtered list, streamed along its keyset (lib/table-export.ts).

const OFERTA_ESTADO: Record<OfertaEstado, string> = {
  pendiente: 'Pendiente',
  aceptada: 'Aceptada',
  rechazada: 'Rechazada',
  retirada: 'Retirada',
};

/** The columns of a load, shared by the exchange and the discarded loads. */
function columnasCarga<Row extends Omit<CargaDescartada, 'descartada_at'>>(): ExportColumn<Row>[] {
  return [
    { header: 'Referencia', value: (c) => c.referencia },
    { header: 'Origen', value: (c) => c.origen_poblacion },
    { header: 'CP origen', value: (c) => c.origen_cp },
    { header: 'País origen', value: (c) => c.origen_pais_iso },
    { header: 'Destino', value: (c) => c.destino_poblacion },
    { header: 'CP destino', value: (c) => c.destino_cp },
    { header: 'País destino', value: (c) => c.destino_pais_iso },
    { header: 'Fecha carga', type: 'date', value: (c) => c.fecha_carga },
    { header: 'Fecha descarga', type: 'date', value: (c) => c.fecha_descarga },
    { header: 'Tipo vehículo', value: (c) => tipoVehiculoLabels[c.tipo_vehiculo] },
    { header: 'Peso (kg)', type: 'number', value: (c) => c.peso_kg },
    { header: 'Palets', type: 'number', value: (c) => c.palets },
    { header: 'Precio guía (EUR)', type: 'money', value: (c) => c.precio_guia_centimos },
  ];
}

const COLUMNAS_CARGAS: ExportColumn<CargaResumen>[] = [
  ...columnasCarga<CargaResumen>(),
  { header: 'Mi oferta', value: (c) => (c.oferta ? OFERTA_ESTADO[c.oferta.estado] : null) },
  { header: 'Mi precio (EUR)', type: 'money', value: (c) => c.oferta?.precio_centimos ?? null },
];

/** The load exchange with these filters, in the asked order, as CSV or XLSX. */
export function exportCargas(
  db: Db,
  proveedorId: number,
  query: CargasExportQuery,
  format: ExportFormat,
): Readable {
  return tableExport(format, {
    sheet: 'Cargas',
    columns: COLUMNAS_CARGAS,
    batches: withOpenLoads(db, proveedorId, query, (list) =>
      mapBatches(keysetBatches(list, EXPORT_BATCH), toResumen),
    ),
  });
}

const COLUMNAS_DESCARTADAS: ExportColumn<CargaDescartada>[] = [
  ...columnasCarga<CargaDescartada>(),
  { header: 'Descartada', value: (c) => c.descartada_at },
];

/** The discarded loads as CSV or XLSX. */
export function exportDescartados(db: Db, proveedorId: number, format: ExportFormat): Readable {
  return tableExport(format, {
    sheet: 'Descartadas',
    columns: COLUMNAS_DESCARTADAS,
    batches: mapBatches(keysetBatches(descartadas(db, proveedorId), EXPORT_BATCH), toDescartada),
  });
}

const COLUMNAS_OFERTAS: ExportColumn<Oferta>[] = [
  { header: 'Referencia', value: (o) => o.carga.referencia },
  { header: 'Origen', value: (o) => o.carga.origen_poblacion },
  { header: 'País origen', value: (o) => o.carga.origen_pais_iso },
  { header: 'Destino', value: (o) => o.carga.destino_poblacion },
  { header: 'País destino', value: (o) => o.carga.destino_pais_iso },
  { header: 'Fecha carga', type: 'date', value: (o) => o.carga.fecha_carga },
  { header: 'Precio guía (EUR)', type: 'money', value: (o) => o.carga.precio_guia_centimos },
  { header: 'Mi precio (EUR)', type: 'money', value: (o) => o.precio_centimos },
  { header: 'Estado', value: (o) => OFERTA_ESTADO[o.estado] },
  { header: 'Actualizada', value: (o) => o.updated_at },
  { header: 'Comentarios', value: (o) => o.comentarios },
];

/** This carrier's offers (optionally of one status) as CSV or XLSX. */
export function exportOfertas(
  db: Db,
  proveedorId: number,
  query: OfertasExportQuery,
  format: ExportFormat,
): Readable {
  return tableExport(format, {
    sheet: 'Mis ofertas',
    columns: COLUMNAS_OFERTAS,
    batches: mapBatches(keysetBatches(ownOffers(db, proveedorId, query), EXPORT_BATCH), toOferta),
  });
}
