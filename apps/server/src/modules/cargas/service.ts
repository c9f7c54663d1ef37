import type {
  CargaDescartada,
  CargaDetalle,
  CargaResumen,
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
  OfertasPage,
  OfertasQuery,
} from '@extranet/contracts/cargas/oferta';
import type { TipoVehiculo } from '@extranet/contracts/vehiculos/vehiculo';
import { z } from 'zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { clock } from '../../lib/clock.js';
import { CursorId, decodeCursor, encodeCursor } from '../../lib/cursor.js';
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

function keysetOf(query: CargasQuery): CargasKeyset {
  const { orden, cursor } = query;
  if (cursor === undefined) return { orden };
  switch (orden) {
    case 'fecha_carga':
      return { orden, after: decodeCursor(cursor, orden, cursorSchemas.fecha_carga) };
    case 'precio_guia':
      return { orden, after: decodeCursor(cursor, orden, cursorSchemas.precio_guia) };
    case 'peso':
      return { orden, after: decodeCursor(cursor, orden, cursorSchemas.peso) };
  }
}

function cursorAfter(orden: CargasQuery['orden'], row: CargaRow): string {
  switch (orden) {
    case 'fecha_carga':
      return encodeCursor(orden, [row.fecha_carga, row.id]);
    case 'precio_guia':
      return encodeCursor(orden, [row.precio_guia_centimos ?? -1, row.id]);
    case 'peso':
      return encodeCursor(orden, [row.peso_kg, row.id]);
  }
}

/** A page of the load exchange for this carrier. */
export async function listCargas(
  db: Db,
  proveedorId: number,
  query: CargasQuery,
): Promise<CargasPage> {
  const keyset = keysetOf(query);
  const rows = await listOpenLoads(db, proveedorId, query, keyset, query.limit + 1);
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    items: items.map(toResumen),
    nextCursor: rows.length > query.limit && last ? cursorAfter(query.orden, last) : null,
  };
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

/** A page of this carrier's offers, newest first. */
export async function listOfertas(
  db: Db,
  proveedorId: number,
  query: OfertasQuery,
): Promise<OfertasPage> {
  const tag = `ofertas:${query.estado ?? '*'}`;
  const after =
    query.cursor === undefined ? undefined : decodeCursor(query.cursor, tag, instantCursor);
  const rows = await listOwnOffers(db, proveedorId, query.estado, after, query.limit + 1);
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    items: items.map(toOferta),
    nextCursor:
      rows.length > query.limit && last ? encodeCursor(tag, [last.created_at, last.id]) : null,
  };
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

/** A page of the "Descartados" view. */
export async function listDescartados(
  db: Db,
  proveedorId: number,
  query: DescartadosQuery,
): Promise<DescartadosPage> {
  const after =
    query.cursor === undefined ? undefined : decodeCursor(query.cursor, 'descartes', instantCursor);
  const rows = await listDescartadas(db, proveedorId, after, query.limit + 1);
  const items = rows.slice(0, query.limit);
  const last = items.at(-1);
  return {
    items: items.map(toDescartada),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor('descartes', [last.descartada_at, last.id])
        : null,
  };
}
