import { sql } from 'kysely';
import type { Kysely, SqlBool } from 'kysely';
import type { Database, TransporteEstado } from '../../db/database.js';

/*
 * Kysely only. Every query takes the carrier's `proveedorId` and filters by it in SQL: a
 * transport, leg or invoice link of another carrier is simply not found.
 */

type Db = Kysely<Database>;

/** Filters of the history, its export and the two upload lists (already validated). */
export interface TransportesFiltro {
  fechaDesde?: string | undefined;
  fechaHasta?: string | undefined;
  transporteId?: number | undefined;
  estado?: TransporteEstado | undefined;
}

/** The previous page's last (fecha_carga, id): the keyset is (fecha_carga desc, id desc). */
export type TransportesKeyset = readonly [fechaCarga: string, id: number] | undefined;

/** States in which a leg's CMR is expected: the truck has loaded (documented in the report). */
export const ESTADOS_CON_ALBARAN: readonly TransporteEstado[] = ['en_transito', 'entregado'];
/** Only delivered transports can be invoiced by the carrier. */
export const ESTADOS_FACTURABLES: readonly TransporteEstado[] = ['entregado'];

export interface TransporteRow {
  id: number;
  referencia: string;
  matricula: string | null;
  conductor: string | null;
  fecha_carga: string;
  fecha_descarga: string;
  origen_poblacion: string;
  origen_pais_iso: string;
  destino_poblacion: string;
  destino_pais_iso: string;
  importe_centimos: number;
  estado: TransporteEstado;
  incidencia: string | null;
  bultos: number | string | null;
  peso_kg: number | string | null;
  subpartidas: number | string;
  cmr_pendientes: number | string;
  facturado: number | boolean | string;
}

/** This carrier's transports matching the filters (the `t` alias), unordered. */
function transportesDe(db: Db, proveedorId: number, filtro: TransportesFiltro) {
  return db
    .selectFrom('transportes as t')
    .where('t.proveedor_id', '=', proveedorId)
    .$if(filtro.fechaDesde !== undefined, (qb) =>
      qb.where('t.fecha_carga', '>=', filtro.fechaDesde as string),
    )
    .$if(filtro.fechaHasta !== undefined, (qb) =>
      qb.where('t.fecha_carga', '<=', filtro.fechaHasta as string),
    )
    .$if(filtro.transporteId !== undefined, (qb) =>
      qb.where('t.id', '=', filtro.transporteId as number),
    )
    .$if(filtro.estado !== undefined, (qb) =>
      qb.where('t.estado', '=', filtro.estado as TransporteEstado),
    );
}

type TransportesQuery = ReturnType<typeof transportesDe>;

/** `(fecha_carga, id) < (…)` after the cursor, then the index order; both planners walk it. */
function pageInOrder<QB extends TransportesQuery>(qb: QB, after: TransportesKeyset, limit: number) {
  return qb
    .$if(after !== undefined, (q) =>
      q.where(
        sql<SqlBool>`(${sql.ref('t.fecha_carga')}, ${sql.ref('t.id')}) < (${after![0]}, ${after![1]})`,
      ),
    )
    .orderBy('t.fecha_carga', 'desc')
    .orderBy('t.id', 'desc')
    .limit(limit) as QB;
}

/**
 * Columns of one transport's row (`findTransporte`). The leg sums are correlated subqueries
 * through the (transporte_id, numero) unique index; pages use `listTransportes` instead.
 */
function selectResumen<QB extends TransportesQuery>(qb: QB) {
  return qb.select((eb) => [
    't.id',
    't.referencia',
    't.matricula',
    't.conductor',
    't.fecha_carga',
    't.fecha_descarga',
    't.origen_poblacion',
    't.origen_pais_iso',
    't.destino_poblacion',
    't.destino_pais_iso',
    't.importe_centimos',
    't.estado',
    't.incidencia',
    eb
      .selectFrom('subpartidas as s')
      .select((e) => e.fn.sum<number>('s.bultos').as('v'))
      .whereRef('s.transporte_id', '=', 't.id')
      .as('bultos'),
    eb
      .selectFrom('subpartidas as s')
      .select((e) => e.fn.sum<number>('s.peso_kg').as('v'))
      .whereRef('s.transporte_id', '=', 't.id')
      .as('peso_kg'),
    eb
      .selectFrom('subpartidas as s')
      .select((e) => e.fn.countAll<number>().as('v'))
      .whereRef('s.transporte_id', '=', 't.id')
      .as('subpartidas'),
    eb
      .selectFrom('subpartidas as s')
      .select((e) => e.fn.countAll<number>().as('v'))
      .whereRef('s.transporte_id', '=', 't.id')
      .where('s.cmr_archivo_id', 'is', null)
      .as('cmr_pendientes'),
    eb
      .exists(
        eb
          .selectFrom('facturas_proveedor_transportes as ft')
          .select('ft.transporte_id')
          .whereRef('ft.transporte_id', '=', 't.id'),
      )
      .as('facturado'),
  ]);
}

/**
 * The history query of one page without the leg sums (`listTransportes` adds them), for the
 * route and for the EXPLAIN tests.
 */
export function historialQuery(
  db: Db,
  proveedorId: number,
  filtro: TransportesFiltro,
  after: TransportesKeyset,
  limit: number,
) {
  return pageInOrder(
    transportesDe(db, proveedorId, filtro).select([
      't.id',
      't.referencia',
      't.matricula',
      't.conductor',
      't.fecha_carga',
      't.fecha_descarga',
      't.origen_poblacion',
      't.origen_pais_iso',
      't.destino_poblacion',
      't.destino_pais_iso',
      't.importe_centimos',
      't.estado',
      't.incidencia',
    ]),
    after,
    limit,
  );
}

/**
 * One page of the carrier's transport history, newest load date first. The leg sums of the
 * whole page come from one grouped query over the page's ids and the invoiced flag from
 * another: five correlated subqueries per row made the page several times slower.
 */
export async function listTransportes(
  db: Db,
  proveedorId: number,
  filtro: TransportesFiltro,
  after: TransportesKeyset,
  limit: number,
): Promise<TransporteRow[]> {
  const rows = await historialQuery(db, proveedorId, filtro, after, limit).execute();
  if (rows.length === 0) return [];
  // The ids come from the carrier-filtered page: the two queries below stay within it.
  const ids = rows.map((row) => row.id);
  const sumas = await db
    .selectFrom('subpartidas as s')
    .select((eb) => [
      's.transporte_id',
      eb.fn.sum<number | string>('s.bultos').as('bultos'),
      eb.fn.sum<number | string>('s.peso_kg').as('peso_kg'),
      eb.fn.countAll<number | string>().as('subpartidas'),
      eb.fn.count<number | string>('s.cmr_archivo_id').as('con_cmr'),
    ])
    .where('s.transporte_id', 'in', ids)
    .groupBy('s.transporte_id')
    .execute();
  const facturados = await db
    .selectFrom('facturas_proveedor_transportes as ft')
    .select('ft.transporte_id')
    .where('ft.transporte_id', 'in', ids)
    .execute();
  const sumaDe = new Map(sumas.map((suma) => [suma.transporte_id, suma]));
  const facturado = new Set(facturados.map((f) => f.transporte_id));
  // Every field by name: spreading the driver's rows was slower than both queries together.
  return rows.map((row) => {
    const suma = sumaDe.get(row.id);
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
      importe_centimos: row.importe_centimos,
      estado: row.estado,
      incidencia: row.incidencia,
      bultos: suma?.bultos ?? null,
      peso_kg: suma?.peso_kg ?? null,
      subpartidas: suma?.subpartidas ?? 0,
      cmr_pendientes: suma ? Number(suma.subpartidas) - Number(suma.con_cmr) : 0,
      facturado: facturado.has(row.id),
    };
  });
}

/** One transport of this carrier with the invoice covering it, or undefined. */
export async function findTransporte(
  db: Db,
  proveedorId: number,
  id: number,
): Promise<(TransporteRow & { factura_proveedor_id: number | null }) | undefined> {
  const row = await selectResumen(transportesDe(db, proveedorId, { transporteId: id }))
    .select((eb) =>
      eb
        .selectFrom('facturas_proveedor_transportes as ft')
        .select('ft.factura_proveedor_id')
        .whereRef('ft.transporte_id', '=', 't.id')
        .as('factura_proveedor_id'),
    )
    .executeTakeFirst();
  return row as (TransporteRow & { factura_proveedor_id: number | null }) | undefined;
}

export interface SubpartidaRow {
  id: number;
  transporte_id: number;
  numero: number;
  origen_poblacion: string;
  destino_poblacion: string;
  bultos: number;
  peso_kg: number;
  cmr_archivo_id: number | null;
  cmr_subido_at: string | null;
}

/** What the portal shows of a leg (`SubpartidaRow`). */
const SUBPARTIDA_COLUMNS = [
  's.id',
  's.transporte_id',
  's.numero',
  's.origen_poblacion',
  's.destino_poblacion',
  's.bultos',
  's.peso_kg',
  's.cmr_archivo_id',
  's.cmr_subido_at',
] as const;

/** Legs of these transports of this carrier (all, or only those missing their CMR). */
export async function listSubpartidas(
  db: Db,
  proveedorId: number,
  transporteIds: readonly number[],
  options: { soloSinCmr?: boolean; subpartidaId?: number } = {},
): Promise<SubpartidaRow[]> {
  if (transporteIds.length === 0) return [];
  return db
    .selectFrom('subpartidas as s')
    .innerJoin('transportes as t', 't.id', 's.transporte_id')
    .select(SUBPARTIDA_COLUMNS)
    .where('t.proveedor_id', '=', proveedorId)
    .where('s.transporte_id', 'in', transporteIds)
    .$if(options.soloSinCmr === true, (qb) => qb.where('s.cmr_archivo_id', 'is', null))
    .$if(options.subpartidaId !== undefined, (qb) =>
      qb.where('s.id', '=', options.subpartidaId as number),
    )
    .orderBy('s.transporte_id')
    .orderBy('s.numero')
    .execute();
}

export interface TransporteParaSubirRow {
  id: number;
  referencia: string;
  matricula: string | null;
  conductor: string | null;
  fecha_carga: string;
  fecha_descarga: string;
  origen_poblacion: string;
  destino_poblacion: string;
  importe_centimos: number;
  estado: TransporteEstado;
}

const PARA_SUBIR = [
  't.id',
  't.referencia',
  't.matricula',
  't.conductor',
  't.fecha_carga',
  't.fecha_descarga',
  't.origen_poblacion',
  't.destino_poblacion',
  't.importe_centimos',
  't.estado',
] as const;

/** "Subir albaranes": loaded transports with a leg (or that leg) still missing its CMR. */
export function albaranesPendientesQuery(
  db: Db,
  proveedorId: number,
  filtro: TransportesFiltro & { subpartidaId?: number | undefined },
  after: TransportesKeyset,
  limit: number,
) {
  const base = transportesDe(db, proveedorId, filtro)
    .where('t.estado', 'in', ESTADOS_CON_ALBARAN)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('subpartidas as s')
          .select('s.id')
          .whereRef('s.transporte_id', '=', 't.id')
          .where('s.cmr_archivo_id', 'is', null)
          .$if(filtro.subpartidaId !== undefined, (qb) =>
            qb.where('s.id', '=', filtro.subpartidaId as number),
          ),
      ),
    )
    .select(PARA_SUBIR);
  return pageInOrder(base, after, limit);
}

export async function listAlbaranesPendientes(
  ...args: Parameters<typeof albaranesPendientesQuery>
): Promise<TransporteParaSubirRow[]> {
  return albaranesPendientesQuery(...args).execute();
}

/** "Subir facturas": delivered transports no invoice covers (optionally containing a leg). */
export function sinFacturaQuery(
  db: Db,
  proveedorId: number,
  filtro: TransportesFiltro & { subpartidaId?: number | undefined },
  after: TransportesKeyset,
  limit: number,
) {
  const base = transportesDe(db, proveedorId, filtro)
    .where('t.estado', 'in', ESTADOS_FACTURABLES)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('facturas_proveedor_transportes as ft')
            .select('ft.transporte_id')
            .whereRef('ft.transporte_id', '=', 't.id'),
        ),
      ),
    )
    .$if(filtro.subpartidaId !== undefined, (qb) =>
      qb.where((eb) =>
        eb.exists(
          eb
            .selectFrom('subpartidas as s')
            .select('s.id')
            .whereRef('s.transporte_id', '=', 't.id')
            .where('s.id', '=', filtro.subpartidaId as number),
        ),
      ),
    )
    .select(PARA_SUBIR)
    .select((eb) => [
      eb
        .selectFrom('subpartidas as s')
        .select((e) => e.fn.sum<number>('s.bultos').as('v'))
        .whereRef('s.transporte_id', '=', 't.id')
        .as('bultos'),
      eb
        .selectFrom('subpartidas as s')
        .select((e) => e.fn.sum<number>('s.peso_kg').as('v'))
        .whereRef('s.transporte_id', '=', 't.id')
        .as('peso_kg'),
    ]);
  return pageInOrder(base, after, limit);
}

export async function listSinFactura(
  ...args: Parameters<typeof sinFacturaQuery>
): Promise<Array<TransporteParaSubirRow & { bultos: number | null; peso_kg: number | null }>> {
  return sinFacturaQuery(...args).execute();
}

/** A leg of this carrier's transports, with what the CMR upload needs to decide. */
export async function findSubpartida(
  db: Db,
  proveedorId: number,
  subpartidaId: number,
): Promise<
  | { id: number; transporte_id: number; cmr_archivo_id: number | null; estado: TransporteEstado }
  | undefined
> {
  return db
    .selectFrom('subpartidas as s')
    .innerJoin('transportes as t', 't.id', 's.transporte_id')
    .select(['s.id', 's.transporte_id', 's.cmr_archivo_id', 't.estado'])
    .where('s.id', '=', subpartidaId)
    .where('t.proveedor_id', '=', proveedorId)
    .executeTakeFirst();
}

/**
 * Attaches the CMR to a leg of this carrier that has none yet; false when it already had one
 * (or is not this carrier's): the condition makes a concurrent second upload lose cleanly.
 */
export async function setSubpartidaCmr(
  db: Db,
  proveedorId: number,
  subpartidaId: number,
  archivoId: number,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('subpartidas')
    .set({ cmr_archivo_id: archivoId, cmr_subido_at: now })
    .where('id', '=', subpartidaId)
    .where('cmr_archivo_id', 'is', null)
    .where('transporte_id', 'in', (eb) =>
      eb.selectFrom('transportes').select('id').where('proveedor_id', '=', proveedorId),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A leg after its upload, for the response. */
export async function getSubpartida(
  db: Db,
  proveedorId: number,
  subpartidaId: number,
): Promise<SubpartidaRow | undefined> {
  return db
    .selectFrom('subpartidas as s')
    .innerJoin('transportes as t', 't.id', 's.transporte_id')
    .select(SUBPARTIDA_COLUMNS)
    .where('s.id', '=', subpartidaId)
    .where('t.proveedor_id', '=', proveedorId)
    .executeTakeFirst();
}
