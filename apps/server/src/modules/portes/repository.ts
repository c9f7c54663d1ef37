import { sql } from 'kysely';
import type { Kysely, Selectable, SqlBool } from 'kysely';
import { keysetSeek } from '../../db/keyset.js';
import type {
  Database,
  PorteEstado,
  TransporteEtaTable,
  TransporteParadasTable,
} from '../../db/database.js';
import { startsWithIgnoringCase } from '../../lib/like.js';

/*
 * Kysely only. Every query takes the session's `clienteId` and filters by it in SQL: a
 * shipment, stop or document of another client is simply not found.
 */

type Db = Kysely<Database>;

/** "Portes": shipments not yet delivered nor cancelled. */
export const ESTADOS_ACTIVOS: readonly PorteEstado[] = ['pendiente', 'en_transito', 'incidencia'];
/** "Histórico": delivered shipments. */
export const ESTADOS_HISTORICO: readonly PorteEstado[] = ['entregado'];

/** Filters of the shipment lists (already validated). */
export interface PortesFiltro {
  estados: readonly PorteEstado[];
  fechaDesde?: string | undefined;
  fechaHasta?: string | undefined;
  /** Case-insensitive prefixes of the origin and destination towns. */
  origen?: string | undefined;
  destino?: string | undefined;
  /** Exact partida or case-insensitive Ref.Cliente prefix. */
  q?: string | undefined;
}

/** The previous page's last (fecha_carga_prevista, id). */
export type PortesKeyset = readonly [fecha: string, id: number] | undefined;
export type Direccion = 'asc' | 'desc';

/** This client's shipments matching the filters (alias `p`), unordered. */
export function portesDe(db: Db, clienteId: number, filtro: PortesFiltro) {
  const [unico] = filtro.estados;
  return (
    db
      .selectFrom('portes as p')
      .where('p.cliente_id', '=', clienteId)
      // One state is an equality: the planner walks (cliente_id, estado, fecha, id) in order.
      .$if(filtro.estados.length === 1, (qb) => qb.where('p.estado', '=', unico as PorteEstado))
      .$if(filtro.estados.length > 1, (qb) => qb.where('p.estado', 'in', filtro.estados))
      .$if(filtro.fechaDesde !== undefined, (qb) =>
        qb.where('p.fecha_carga_prevista', '>=', filtro.fechaDesde as string),
      )
      .$if(filtro.fechaHasta !== undefined, (qb) =>
        qb.where('p.fecha_carga_prevista', '<=', filtro.fechaHasta as string),
      )
      .$if(filtro.origen !== undefined, (qb) =>
        qb.where(startsWithIgnoringCase('p.origen_poblacion', filtro.origen as string)),
      )
      .$if(filtro.destino !== undefined, (qb) =>
        qb.where(startsWithIgnoringCase('p.destino_poblacion', filtro.destino as string)),
      )
      .$if(filtro.q !== undefined, (qb) =>
        qb.where((eb) =>
          eb.or([
            eb('p.partida', '=', filtro.q as string),
            startsWithIgnoringCase('p.ref_cliente', filtro.q as string),
          ]),
        ),
      )
  );
}

type PortesQueryBuilder = ReturnType<typeof portesDe>;

/** Keyset page in (fecha_carga_prevista, id) order, the order of the customer indexes. */
function pageInOrder<QB extends PortesQueryBuilder>(
  qb: QB,
  after: PortesKeyset,
  limit: number,
  direccion: Direccion,
) {
  const op = direccion === 'desc' ? '<' : '>';
  return qb
    .$if(after !== undefined, (q) =>
      q.where(keysetSeek('p.fecha_carga_prevista', 'p.id', op, after!)),
    )
    .orderBy('p.fecha_carga_prevista', direccion)
    .orderBy('p.id', direccion)
    .limit(limit) as QB;
}

export interface PorteHistoricoRow {
  id: number;
  partida: string;
  ref_cliente: string | null;
  origen_poblacion: string;
  origen_pais_iso: string;
  destino_poblacion: string;
  destino_pais_iso: string;
  fecha_carga_prevista: string;
  fecha_entrega_prevista: string | null;
  entregado_at: string | null;
  bultos: number;
  peso_kg: number;
  p_facturable_kg: number;
  estado: PorteEstado;
  incidencia: string | null;
}

const COLUMNAS_LISTA = [
  'p.id',
  'p.partida',
  'p.ref_cliente',
  'p.origen_poblacion',
  'p.origen_pais_iso',
  'p.destino_poblacion',
  'p.destino_pais_iso',
  'p.fecha_carga_prevista',
  'p.fecha_entrega_prevista',
  'p.entregado_at',
  'p.bultos',
  'p.peso_kg',
  'p.p_facturable_kg',
  'p.estado',
  'p.incidencia',
] as const;

/** One page of the history query (newest load date first), for the route and EXPLAIN tests. */
export function historicoQuery(
  db: Db,
  clienteId: number,
  filtro: Omit<PortesFiltro, 'estados'>,
  after: PortesKeyset,
  limit: number,
) {
  return pageInOrder(
    portesDe(db, clienteId, { ...filtro, estados: ESTADOS_HISTORICO }).select(COLUMNAS_LISTA),
    after,
    limit,
    'desc',
  );
}

/** One page of this client's delivered shipments. */
export async function listHistorico(
  ...args: Parameters<typeof historicoQuery>
): Promise<PorteHistoricoRow[]> {
  return historicoQuery(...args).execute();
}

export interface PorteActivoRow extends PorteHistoricoRow {
  ultima_poblacion: string | null;
  ultima_pais_iso: string | null;
  ultima_fecha: string | null;
  ultima_hora: string | null;
  ultima_retraso: number | null;
  ultima_kilometros_destino: number | null;
}

/**
 * One page of this client's shipments with their last stop. The stop is joined through a
 * correlated "latest stop id" subquery on (porte_id, fecha, hora, id): one index seek per
 * row of the page.
 */
export async function listPortesActivos(
  db: Db,
  clienteId: number,
  filtro: PortesFiltro,
  after: PortesKeyset,
  limit: number,
  direccion: Direccion,
): Promise<PorteActivoRow[]> {
  const base = portesDe(db, clienteId, filtro)
    .leftJoin('seguimiento as u', (join) =>
      join.on(
        sql<SqlBool>`${sql.ref('u.id')} = (select s.id from seguimiento s where s.porte_id = ${sql.ref('p.id')} order by s.fecha desc, s.hora desc, s.id desc limit 1)`,
      ),
    )
    .select(COLUMNAS_LISTA)
    .select([
      'u.poblacion as ultima_poblacion',
      'u.pais_iso as ultima_pais_iso',
      'u.fecha as ultima_fecha',
      'u.hora as ultima_hora',
      'u.retraso as ultima_retraso',
      'u.kilometros_destino as ultima_kilometros_destino',
    ]);
  return (await pageInOrder(
    base as unknown as PortesQueryBuilder,
    after,
    limit,
    direccion,
  ).execute()) as unknown as PorteActivoRow[];
}

/** What the driver link of a shipment's transport stored (see `listSeguimientoVivo`). */
export interface SeguimientoVivoRow {
  eta: Selectable<TransporteEtaTable>;
  /** The planned stops of that transport that concern the shipment, in order. */
  paradas: Array<Selectable<TransporteParadasTable>>;
}

/**
 * The stored live figures of these shipments of this client: for each, the transport of its
 * legs with the latest stored position (a shipment relayed by two trucks follows the one that
 * moved last), and that transport's stops for it (its own and the shared ones). Two queries
 * for a page of shipments; nothing is computed here.
 */
export async function listSeguimientoVivo(
  db: Db,
  clienteId: number,
  porteIds: readonly number[],
): Promise<Map<number, SeguimientoVivoRow>> {
  const vivos = new Map<number, SeguimientoVivoRow>();
  if (porteIds.length === 0) return vivos;
  const etas = await db
    .selectFrom('subpartidas as s')
    .innerJoin('portes as p', 'p.id', 's.porte_id')
    .innerJoin('transporte_eta as e', 'e.transporte_id', 's.transporte_id')
    .selectAll('e')
    .select('s.porte_id')
    .where('p.cliente_id', '=', clienteId)
    .where('s.porte_id', 'in', porteIds)
    .orderBy('e.posicion_at')
    .orderBy('e.transporte_id')
    .execute();
  // Ordered by position time: the last one of each shipment wins.
  for (const { porte_id, ...eta } of etas) {
    if (porte_id !== null) vivos.set(porte_id, { eta, paradas: [] });
  }
  if (vivos.size === 0) return vivos;
  const paradas = await db
    .selectFrom('transporte_paradas')
    .selectAll()
    .where('transporte_id', 'in', [...new Set([...vivos.values()].map((v) => v.eta.transporte_id))])
    .where((eb) => eb.or([eb('porte_id', 'in', [...vivos.keys()]), eb('porte_id', 'is', null)]))
    .orderBy('transporte_id')
    .orderBy('orden')
    .execute();
  for (const [porteId, vivo] of vivos) {
    vivo.paradas = paradas.filter(
      (p) =>
        p.transporte_id === vivo.eta.transporte_id &&
        (p.porte_id === null || p.porte_id === porteId),
    );
  }
  return vivos;
}
