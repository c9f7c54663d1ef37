import { sql } from 'kysely';
import type { Expression, Kysely, RawBuilder, SelectQueryBuilder, SqlBool } from 'kysely';
import type { Carga, CargaEstado, Database, OfertaEstado } from '../../db/database.js';
import { keysetSeek } from '../../db/keyset.js';
import { prefixPattern } from '../../lib/like.js';
import { isPostgres } from '../../db/sql.js';

/*
 * Kysely only. Every query that returns load data for a carrier takes its `proveedorId` and
 * uses it in SQL: the own offer, the own discards and the visibility of non-open loads.
 */

type Db = Kysely<Database>;

/** Filters of the load list and map (already normalised by the contract). */
export interface CargasFiltro {
  origenPaisIso?: string | undefined;
  origenPoblacion?: string | undefined;
  destinoPaisIso?: string | undefined;
  destinoPoblacion?: string | undefined;
  fechaDesde?: string | undefined;
  fechaHasta?: string | undefined;
  tipoVehiculo?: string | undefined;
}

/** Keyset orders; `after` is the previous page's last (key, id). */
export type CargasKeyset =
  | { orden: 'fecha_carga'; after?: [string, number] }
  | { orden: 'precio_guia'; after?: [number, number] }
  | { orden: 'peso'; after?: [number, number] };

export type CargaRow = Pick<
  Carga,
  | 'id'
  | 'referencia'
  | 'origen_poblacion'
  | 'origen_cp'
  | 'origen_pais_iso'
  | 'destino_poblacion'
  | 'destino_cp'
  | 'destino_pais_iso'
  | 'fecha_carga'
  | 'fecha_descarga'
  | 'tipo_vehiculo'
  | 'peso_kg'
  | 'palets'
  | 'precio_guia_centimos'
  | 'estado'
> & {
  oferta_id: number | null;
  oferta_precio_centimos: number | null;
  oferta_estado: OfertaEstado | null;
};

/** The guide price sort key: exactly the expression of `cargas_estado_precio_idx`. */
const precioKey: RawBuilder<number> = sql<number>`coalesce(${sql.ref('c.precio_guia_centimos')}, -1)`;

/** Open loads this carrier has not discarded, with its own open offer, filtered. */
function openLoads(db: Db, proveedorId: number, filtro: CargasFiltro) {
  return db
    .selectFrom('cargas as c')
    .leftJoin('ofertas as o', (join) =>
      join
        .onRef('o.carga_id', '=', 'c.id')
        .on('o.proveedor_id', '=', proveedorId)
        .on('o.estado', '=', sql.lit('pendiente')),
    )
    .where('c.estado', '=', sql.lit('abierta'))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('descartes as d')
            .select('d.carga_id')
            .where('d.proveedor_id', '=', proveedorId)
            .whereRef('d.carga_id', '=', 'c.id'),
        ),
      ),
    )
    .$if(filtro.origenPaisIso !== undefined, (qb) =>
      qb.where('c.origen_pais_iso', '=', filtro.origenPaisIso as string),
    )
    .$if(filtro.destinoPaisIso !== undefined, (qb) =>
      qb.where('c.destino_pais_iso', '=', filtro.destinoPaisIso as string),
    )
    .$if(filtro.origenPoblacion !== undefined, (qb) =>
      qb.where(
        sql<SqlBool>`lower(${sql.ref('c.origen_poblacion')}) like ${prefixPattern(filtro.origenPoblacion as string)} escape '\\'`,
      ),
    )
    .$if(filtro.destinoPoblacion !== undefined, (qb) =>
      qb.where(
        sql<SqlBool>`lower(${sql.ref('c.destino_poblacion')}) like ${prefixPattern(filtro.destinoPoblacion as string)} escape '\\'`,
      ),
    )
    .$if(filtro.fechaDesde !== undefined, (qb) =>
      qb.where('c.fecha_carga', '>=', filtro.fechaDesde as string),
    )
    .$if(filtro.fechaHasta !== undefined, (qb) =>
      qb.where('c.fecha_carga', '<=', filtro.fechaHasta as string),
    )
    .$if(filtro.tipoVehiculo !== undefined, (qb) =>
      qb.where('c.tipo_vehiculo', '=', filtro.tipoVehiculo as string),
    );
}

type OpenLoadsQuery = ReturnType<typeof openLoads>;

/** The columns of a load in the lists (available and discarded). */
const cargaResumenColumns = [
  'c.id',
  'c.referencia',
  'c.origen_poblacion',
  'c.origen_cp',
  'c.origen_pais_iso',
  'c.destino_poblacion',
  'c.destino_cp',
  'c.destino_pais_iso',
  'c.fecha_carga',
  'c.fecha_descarga',
  'c.tipo_vehiculo',
  'c.peso_kg',
  'c.palets',
  'c.precio_guia_centimos',
  'c.estado',
] as const;

function selectSummary<QB extends OpenLoadsQuery>(qb: QB) {
  return qb.select([
    ...cargaResumenColumns,
    'o.id as oferta_id',
    'o.precio_centimos as oferta_precio_centimos',
    'o.estado as oferta_estado',
  ]);
}

/**
 * Keyset condition `(key, id) op (value, id)`. PostgreSQL uses the row value as the index
 * bound; SQLite only bounds an index by a plain column or expression comparison, hence the
 * redundant `key op= value` before it (without it the price order scanned from the start).
 */
function keysetAfter(
  key: Expression<unknown>,
  op: '>' | '<',
  value: string | number,
  id: number,
): RawBuilder<SqlBool> {
  return sql<SqlBool>`${key} ${sql.raw(`${op}=`)} ${value} and ${keysetSeek(key, 'c.id', op, [value, id])}`;
}

/**
 * One page (`limit` rows) of the load exchange in the keyset order. Each order walks its
 * index: (estado, fecha_carga, id), (estado, coalesce(precio, -1) desc, id desc) or
 * (estado, peso_kg desc, id desc); no sort of the whole table.
 */
export async function listOpenLoads(
  db: Db,
  proveedorId: number,
  filtro: CargasFiltro,
  keyset: CargasKeyset,
  limit: number,
): Promise<CargaRow[]> {
  const base = selectSummary(openLoads(db, proveedorId, filtro)).limit(limit);
  let query: SelectQueryBuilder<Database, 'cargas' | 'ofertas', CargaRow>;
  switch (keyset.orden) {
    case 'fecha_carga': {
      const after = keyset.after;
      query = base
        .$if(after !== undefined, (qb) =>
          qb.where(keysetAfter(sql.ref('c.fecha_carga'), '>', after![0], after![1])),
        )
        .orderBy('c.fecha_carga', 'asc')
        .orderBy('c.id', 'asc') as never;
      break;
    }
    case 'precio_guia': {
      const after = keyset.after;
      query = base
        .$if(after !== undefined, (qb) =>
          qb.where(keysetAfter(precioKey, '<', after![0], after![1])),
        )
        .orderBy(precioKey, 'desc')
        .orderBy('c.id', 'desc') as never;
      break;
    }
    case 'peso': {
      const after = keyset.after;
      query = base
        .$if(after !== undefined, (qb) =>
          qb.where(keysetAfter(sql.ref('c.peso_kg'), '<', after![0], after![1])),
        )
        .orderBy('c.peso_kg', 'desc')
        .orderBy('c.id', 'desc') as never;
      break;
    }
  }
  return query.execute();
}

/** The SQL of a list query, for the index tests (EXPLAIN). */
export function listOpenLoadsQuery(
  db: Db,
  proveedorId: number,
  filtro: CargasFiltro,
  limit: number,
) {
  return selectSummary(openLoads(db, proveedorId, filtro))
    .orderBy('c.fecha_carga', 'asc')
    .orderBy('c.id', 'asc')
    .limit(limit);
}

export interface CargaMapaRow {
  id: number;
  referencia: string;
  origen_poblacion: string;
  origen_pais_iso: string;
  destino_poblacion: string;
  destino_pais_iso: string;
  fecha_carga: string;
  tipo_vehiculo: string;
  peso_kg: number;
  precio_guia_centimos: number | null;
  origen_lat: number;
  origen_lng: number;
  destino_lat: number;
  destino_lng: number;
}

/** Open, not discarded loads with both coordinates, soonest first, at most `limit`. */
export async function listOpenLoadsForMap(
  db: Db,
  proveedorId: number,
  filtro: CargasFiltro,
  limit: number,
): Promise<CargaMapaRow[]> {
  const rows = await openLoads(db, proveedorId, filtro)
    .where('c.origen_lat', 'is not', null)
    .where('c.origen_lng', 'is not', null)
    .where('c.destino_lat', 'is not', null)
    .where('c.destino_lng', 'is not', null)
    .select([
      'c.id',
      'c.referencia',
      'c.origen_poblacion',
      'c.origen_pais_iso',
      'c.destino_poblacion',
      'c.destino_pais_iso',
      'c.fecha_carga',
      'c.tipo_vehiculo',
      'c.peso_kg',
      'c.precio_guia_centimos',
      'c.origen_lat',
      'c.origen_lng',
      'c.destino_lat',
      'c.destino_lng',
    ])
    .orderBy('c.fecha_carga', 'asc')
    .orderBy('c.id', 'asc')
    .limit(limit)
    .execute();
  return rows as CargaMapaRow[];
}

export interface CargaDetalleRow extends Omit<
  CargaRow,
  'oferta_id' | 'oferta_precio_centimos' | 'oferta_estado'
> {
  origen_lat: number | null;
  origen_lng: number | null;
  destino_lat: number | null;
  destino_lng: number | null;
  observaciones: string | null;
  descartada: number;
}

/**
 * A load as this carrier may see it: open, or one it has offered on (even if closed since).
 * Never reveals other carriers' offers or discards. `forUpdate` locks the row (PostgreSQL;
 * SQLite serialises writers anyway) so an award cannot slip between check and insert.
 */
export async function findVisibleCarga(
  db: Db,
  proveedorId: number,
  cargaId: number,
  options: { forUpdate?: boolean } = {},
): Promise<CargaDetalleRow | undefined> {
  const row = await db
    .selectFrom('cargas as c')
    .where('c.id', '=', cargaId)
    .where((eb) =>
      eb.or([
        eb('c.estado', '=', sql.lit('abierta')),
        eb.exists(
          eb
            .selectFrom('ofertas as vo')
            .select('vo.id')
            .whereRef('vo.carga_id', '=', 'c.id')
            .where('vo.proveedor_id', '=', proveedorId),
        ),
      ]),
    )
    .select((eb) => [
      'c.id',
      'c.referencia',
      'c.origen_poblacion',
      'c.origen_cp',
      'c.origen_pais_iso',
      'c.origen_lat',
      'c.origen_lng',
      'c.destino_poblacion',
      'c.destino_cp',
      'c.destino_pais_iso',
      'c.destino_lat',
      'c.destino_lng',
      'c.fecha_carga',
      'c.fecha_descarga',
      'c.tipo_vehiculo',
      'c.peso_kg',
      'c.palets',
      'c.precio_guia_centimos',
      'c.observaciones',
      'c.estado',
      eb
        .case()
        .when(
          eb.exists(
            eb
              .selectFrom('descartes as d')
              .select('d.carga_id')
              .whereRef('d.carga_id', '=', 'c.id')
              .where('d.proveedor_id', '=', proveedorId),
          ),
        )
        .then(1)
        .else(0)
        .end()
        .as('descartada'),
    ])
    .$if(options.forUpdate === true && isPostgres(db), (qb) => qb.forUpdate())
    .executeTakeFirst();
  return row;
}

export interface OfertaRow {
  id: number;
  carga_id: number;
  precio_centimos: number;
  comentarios: string | null;
  vehiculo_id: number | null;
  estado: OfertaEstado;
  created_at: string;
  updated_at: string;
}

const ofertaColumns = [
  'o.id',
  'o.carga_id',
  'o.precio_centimos',
  'o.comentarios',
  'o.vehiculo_id',
  'o.estado',
  'o.created_at',
  'o.updated_at',
] as const;

/** This carrier's offers on one load, newest first. */
export async function listOwnOffersOnCarga(
  db: Db,
  proveedorId: number,
  cargaId: number,
): Promise<OfertaRow[]> {
  return db
    .selectFrom('ofertas as o')
    .select(ofertaColumns)
    .where('o.proveedor_id', '=', proveedorId)
    .where('o.carga_id', '=', cargaId)
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .execute();
}

/** This carrier's open (pendiente) offer on the load, if any. */
export async function findOpenOffer(
  db: Db,
  proveedorId: number,
  cargaId: number,
): Promise<{ id: number } | undefined> {
  return db
    .selectFrom('ofertas')
    .select('id')
    .where('proveedor_id', '=', proveedorId)
    .where('carga_id', '=', cargaId)
    .where('estado', '=', sql.lit('pendiente'))
    .executeTakeFirst();
}

export interface NewOferta {
  cargaId: number;
  proveedorId: number;
  usuarioId: number | null;
  vehiculoId: number | null;
  precioCentimos: number;
  comentarios: string | null;
  now: string;
}

export async function insertOferta(db: Db, oferta: NewOferta): Promise<number> {
  const row = await db
    .insertInto('ofertas')
    .values({
      carga_id: oferta.cargaId,
      proveedor_id: oferta.proveedorId,
      usuario_id: oferta.usuarioId,
      vehiculo_id: oferta.vehiculoId,
      precio_centimos: oferta.precioCentimos,
      comentarios: oferta.comentarios,
      estado: 'pendiente',
      created_at: oferta.now,
      updated_at: oferta.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export interface OfertaConCargaRow extends OfertaRow {
  referencia: string;
  origen_poblacion: string;
  origen_pais_iso: string;
  destino_poblacion: string;
  destino_pais_iso: string;
  fecha_carga: string;
  fecha_descarga: string;
  tipo_vehiculo: string;
  peso_kg: number;
  precio_guia_centimos: number | null;
  carga_estado: CargaEstado;
}

function offersWithLoad(db: Db, proveedorId: number) {
  return db
    .selectFrom('ofertas as o')
    .innerJoin('cargas as c', 'c.id', 'o.carga_id')
    .where('o.proveedor_id', '=', proveedorId)
    .select([
      ...ofertaColumns,
      'c.referencia',
      'c.origen_poblacion',
      'c.origen_pais_iso',
      'c.destino_poblacion',
      'c.destino_pais_iso',
      'c.fecha_carga',
      'c.fecha_descarga',
      'c.tipo_vehiculo',
      'c.peso_kg',
      'c.precio_guia_centimos',
      'c.estado as carga_estado',
    ]);
}

/** One offer of this carrier with its load; undefined when it is not theirs. */
export async function findOwnOffer(
  db: Db,
  proveedorId: number,
  ofertaId: number,
  options: { forUpdate?: boolean } = {},
): Promise<OfertaConCargaRow | undefined> {
  return offersWithLoad(db, proveedorId)
    .where('o.id', '=', ofertaId)
    .$if(options.forUpdate === true && isPostgres(db), (qb) => qb.forUpdate())
    .executeTakeFirst();
}

/** A page of this carrier's offers, newest first (index on proveedor, [estado,] created_at). */
export async function listOwnOffers(
  db: Db,
  proveedorId: number,
  estado: OfertaEstado | undefined,
  after: [string, number] | undefined,
  limit: number,
): Promise<OfertaConCargaRow[]> {
  return offersWithLoad(db, proveedorId)
    .$if(estado !== undefined, (qb) => qb.where('o.estado', '=', estado as OfertaEstado))
    .$if(after !== undefined, (qb) => qb.where(keysetSeek('o.created_at', 'o.id', '<', after!)))
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(limit)
    .execute();
}

export async function updateOferta(
  db: Db,
  proveedorId: number,
  ofertaId: number,
  changes: {
    precio_centimos?: number;
    comentarios?: string | null;
    estado?: OfertaEstado;
    updated_at: string;
  },
): Promise<void> {
  await db
    .updateTable('ofertas')
    .set(changes)
    .where('id', '=', ofertaId)
    .where('proveedor_id', '=', proveedorId)
    .execute();
}

/** The carrier's active vehicle, or undefined (another carrier's, deactivated or unknown). */
export async function findActiveVehiculo(
  db: Db,
  proveedorId: number,
  vehiculoId: number,
): Promise<{ id: number } | undefined> {
  return db
    .selectFrom('vehiculos')
    .select('id')
    .where('id', '=', vehiculoId)
    .where('proveedor_id', '=', proveedorId)
    .where('activo', '=', 1)
    .executeTakeFirst();
}

/**
 * The carrier's certificates of mandatory types, for the offer-blocking rule. A certificate
 * the ERP requires of this carrier (`proveedor_certificados`) overrides the type's flag.
 */
export async function listMandatoryCertificados(
  db: Db,
  proveedorId: number,
): Promise<Array<{ tipo: string; nombre: string; fecha_caducidad: string }>> {
  return db
    .selectFrom('certificados as c')
    .innerJoin('certificado_tipos as t', 't.codigo', 'c.tipo')
    .leftJoin('proveedor_certificados as pc', (join) =>
      join.onRef('pc.tipo', '=', 'c.tipo').onRef('pc.proveedor_id', '=', 'c.proveedor_id'),
    )
    .select(['c.tipo', 't.nombre', 'c.fecha_caducidad'])
    .where('c.proveedor_id', '=', proveedorId)
    .where((eb) => eb(eb.fn.coalesce('pc.obligatorio', 't.obligatorio'), '=', 1))
    .execute();
}

/** Hides the load for this carrier; false when it was already hidden. */
export async function insertDescarte(
  db: Db,
  proveedorId: number,
  cargaId: number,
  usuarioId: number | null,
  now: string,
): Promise<boolean> {
  const result = await db
    .insertInto('descartes')
    .values({
      proveedor_id: proveedorId,
      carga_id: cargaId,
      usuario_id: usuarioId,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['proveedor_id', 'carga_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Shows the load again; false when it was not hidden. */
export async function deleteDescarte(
  db: Db,
  proveedorId: number,
  cargaId: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('descartes')
    .where('proveedor_id', '=', proveedorId)
    .where('carga_id', '=', cargaId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export interface DescartadaRow extends Omit<
  CargaRow,
  'oferta_id' | 'oferta_precio_centimos' | 'oferta_estado'
> {
  descartada_at: string;
}

/** A page of this carrier's discarded loads still open, most recently discarded first. */
export async function listDescartadas(
  db: Db,
  proveedorId: number,
  after: [string, number] | undefined,
  limit: number,
): Promise<DescartadaRow[]> {
  return db
    .selectFrom('descartes as d')
    .innerJoin('cargas as c', 'c.id', 'd.carga_id')
    .where('d.proveedor_id', '=', proveedorId)
    .where('c.estado', '=', sql.lit('abierta'))
    .$if(after !== undefined, (qb) =>
      qb.where(keysetSeek('d.created_at', 'd.carga_id', '<', after!)),
    )
    .select([...cargaResumenColumns, 'd.created_at as descartada_at'])
    .orderBy('d.created_at', 'desc')
    .orderBy('d.carga_id', 'desc')
    .limit(limit)
    .execute();
}
