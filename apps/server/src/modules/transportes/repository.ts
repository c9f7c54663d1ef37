import type { Kysely } from 'kysely';
import type { Database, EcmrEstado, Subpartida, TransporteEstado } from '../../db/database.js';
import { keysetSeek } from '../../db/keyset.js';
import { preparedRows } from '../../db/prepared.js';

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
  bultos: number;
  peso_kg: number;
  subpartidas: number;
  cmr_pendientes: number;
  /** 0 or 1. */
  facturado: number;
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
    .$if(after !== undefined, (q) => q.where(keysetSeek('t.fecha_carga', 't.id', '<', after!)))
    .orderBy('t.fecha_carga', 'desc')
    .orderBy('t.id', 'desc')
    .limit(limit) as QB;
}

/**
 * Columns of a transport's row, the legs' totals and the invoiced flag included: triggers keep
 * those on the transport (migration 17), so a page is one range of one index.
 */
const COLUMNAS_RESUMEN = [
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
  't.subpartidas_bultos as bultos',
  't.subpartidas_peso_kg as peso_kg',
  't.subpartidas_n as subpartidas',
  't.subpartidas_sin_cmr as cmr_pendientes',
  't.facturado',
] as const;

/** One page of the history query, for the route, the CSV export and the EXPLAIN tests. */
export function historialQuery(
  db: Db,
  proveedorId: number,
  filtro: TransportesFiltro,
  after: TransportesKeyset,
  limit: number,
) {
  return pageInOrder(transportesDe(db, proveedorId, filtro).select(COLUMNAS_RESUMEN), after, limit);
}

/** A row of the history as the list answers it: the invoiced flag as a boolean. */
export type TransporteListaRow = Omit<TransporteRow, 'facturado'> & { facturado: boolean };

/** Where each column of `COLUMNAS_RESUMEN` sits in a row read as an array. */
const AT = Object.fromEntries(
  COLUMNAS_RESUMEN.map((column, i) => [column.split(/[. ]/).at(-1)!, i]),
) as Record<keyof TransporteRow, number>;

const paginaHistorial = preparedRows(historialQuery);

/**
 * One page of the carrier's transport history, newest load date first: compiled once per
 * filter shape, read as arrays, each row's object built once (db/prepared.ts).
 */
export async function listTransportes(
  ...args: Parameters<typeof historialQuery>
): Promise<TransporteListaRow[]> {
  const rows = await paginaHistorial(...args);
  return rows.map((r) => ({
    id: r[AT.id] as number,
    referencia: r[AT.referencia] as string,
    matricula: r[AT.matricula] as string | null,
    conductor: r[AT.conductor] as string | null,
    fecha_carga: r[AT.fecha_carga] as string,
    fecha_descarga: r[AT.fecha_descarga] as string,
    origen_poblacion: r[AT.origen_poblacion] as string,
    origen_pais_iso: r[AT.origen_pais_iso] as string,
    destino_poblacion: r[AT.destino_poblacion] as string,
    destino_pais_iso: r[AT.destino_pais_iso] as string,
    bultos: r[AT.bultos] as number,
    peso_kg: r[AT.peso_kg] as number,
    importe_centimos: r[AT.importe_centimos] as number,
    estado: r[AT.estado] as TransporteEstado,
    incidencia: r[AT.incidencia] as string | null,
    subpartidas: r[AT.subpartidas] as number,
    cmr_pendientes: r[AT.cmr_pendientes] as number,
    facturado: r[AT.facturado] === 1,
  }));
}

/** One transport of this carrier with the invoice covering it, or undefined. */
export async function findTransporte(
  db: Db,
  proveedorId: number,
  id: number,
): Promise<(TransporteRow & { factura_proveedor_id: number | null }) | undefined> {
  return transportesDe(db, proveedorId, { transporteId: id })
    .select(COLUMNAS_RESUMEN)
    .select((eb) =>
      eb
        .selectFrom('facturas_proveedor_transportes as ft')
        .select('ft.factura_proveedor_id')
        .whereRef('ft.transporte_id', '=', 't.id')
        .as('factura_proveedor_id'),
    )
    .executeTakeFirst();
}

export type SubpartidaRow = Pick<
  Subpartida,
  | 'id'
  | 'transporte_id'
  | 'numero'
  | 'origen_poblacion'
  | 'destino_poblacion'
  | 'bultos'
  | 'peso_kg'
  | 'cmr_archivo_id'
  | 'cmr_subido_at'
> & { ecmr_estado: EcmrEstado | null };

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
  'e.estado as ecmr_estado',
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
    .leftJoin('ecmr as e', 'e.subpartida_id', 's.id')
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
    .leftJoin('ecmr as e', 'e.subpartida_id', 's.id')
    .select(SUBPARTIDA_COLUMNS)
    .where('s.id', '=', subpartidaId)
    .where('t.proveedor_id', '=', proveedorId)
    .executeTakeFirst();
}
