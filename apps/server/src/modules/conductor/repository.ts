import { sql, type Insertable, type Kysely } from 'kysely';
import type {
  Database,
  EventoParadaTipo,
  PosicionesConductorTable,
  TransporteEtaTable,
  TransporteParadasTable,
} from '../../db/database.js';
import { chunks, isPostgres } from '../../db/sql.js';

type Db = Kysely<Database>;

// What a driver link and a stop event show, the same whether read back or just written.
const ENLACE_COLUMNS = [
  'id',
  'transporte_id',
  'created_at',
  'expires_at',
  'revoked_at',
  'last_used_at',
] as const;
const EVENTO_COLUMNS = ['id', 'parada_id', 'tipo', 'texto', 'ocurrido_at', 'archivo_id'] as const;

/** A transport of this carrier (ownership in the query), with what planning its stops needs. */
export async function findTransporteDelProveedor(db: Db, proveedorId: number, id: number) {
  return db
    .selectFrom('transportes as t')
    .leftJoin('cargas as c', 'c.id', 't.carga_id')
    .select([
      't.id',
      't.proveedor_id',
      't.vehiculo_id',
      't.estado',
      't.origen_poblacion',
      't.origen_cp',
      't.origen_pais_iso',
      't.destino_poblacion',
      't.destino_cp',
      't.destino_pais_iso',
      't.fecha_carga',
      't.fecha_descarga',
      'c.origen_lat',
      'c.origen_lng',
      'c.destino_lat',
      'c.destino_lng',
    ])
    .where('t.id', '=', id)
    .where('t.proveedor_id', '=', proveedorId)
    .executeTakeFirst();
}
export type TransportePlan = NonNullable<Awaited<ReturnType<typeof findTransporteDelProveedor>>>;

/** The legs of a transport with their shipment's places and dates, in leg order. */
export function listTramos(db: Db, transporteId: number) {
  return db
    .selectFrom('subpartidas as s')
    .leftJoin('portes as p', 'p.id', 's.porte_id')
    .select([
      's.id',
      's.numero',
      's.porte_id',
      's.origen_poblacion',
      's.destino_poblacion',
      's.bultos',
      's.cmr_archivo_id',
      'p.origen_poblacion as p_origen_poblacion',
      'p.origen_cp',
      'p.origen_pais_iso',
      'p.origen_lat',
      'p.origen_lng',
      'p.destino_poblacion as p_destino_poblacion',
      'p.destino_cp',
      'p.destino_pais_iso',
      'p.destino_lat',
      'p.destino_lng',
      'p.fecha_carga_prevista',
      'p.fecha_entrega_prevista',
    ])
    .where('s.transporte_id', '=', transporteId)
    .orderBy('s.numero')
    .orderBy('s.id')
    .execute();
}
export type Tramo = Awaited<ReturnType<typeof listTramos>>[number];

export function listParadas(db: Db, transporteId: number) {
  return db
    .selectFrom('transporte_paradas')
    .selectAll()
    .where('transporte_id', '=', transporteId)
    .orderBy('orden')
    .execute();
}
export type ParadaRow = Awaited<ReturnType<typeof listParadas>>[number];

export async function insertParadas(
  db: Db,
  rows: Insertable<TransporteParadasTable>[],
): Promise<void> {
  if (rows.length === 0) return;
  // A concurrent first link may have planned them already: the (transporte, orden) key holds.
  await db
    .insertInto('transporte_paradas')
    .values(rows)
    .onConflict((oc) => oc.columns(['transporte_id', 'orden']).doNothing())
    .execute();
}

export async function insertEnlace(
  db: Db,
  row: {
    transporteId: number;
    proveedorId: number;
    tokenHash: string;
    usuarioId: number | null;
    createdAt: string;
    expiresAt: string;
  },
) {
  return db
    .insertInto('enlaces_conductor')
    .values({
      transporte_id: row.transporteId,
      proveedor_id: row.proveedorId,
      token_hash: row.tokenHash,
      usuario_id: row.usuarioId,
      created_at: row.createdAt,
      expires_at: row.expiresAt,
    })
    .returning(ENLACE_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Revokes the live links of a transport (one active link per transport). */
export async function revokeEnlacesDelTransporte(db: Db, transporteId: number, at: string) {
  await db
    .updateTable('enlaces_conductor')
    .set({ revoked_at: at })
    .where('transporte_id', '=', transporteId)
    .where('revoked_at', 'is', null)
    .execute();
}

export function listEnlaces(db: Db, proveedorId: number, transporteId: number) {
  return db
    .selectFrom('enlaces_conductor')
    .select(ENLACE_COLUMNS)
    .where('proveedor_id', '=', proveedorId)
    .where('transporte_id', '=', transporteId)
    .orderBy('id', 'desc')
    .execute();
}

/** Revokes one link of this carrier; false when it has no such link. */
export async function revokeEnlace(db: Db, proveedorId: number, id: number, at: string) {
  const found = await db
    .selectFrom('enlaces_conductor')
    .select(['id', 'transporte_id', 'revoked_at'])
    .where('id', '=', id)
    .where('proveedor_id', '=', proveedorId)
    .executeTakeFirst();
  if (!found) return null;
  if (found.revoked_at === null) {
    await db
      .updateTable('enlaces_conductor')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('revoked_at', 'is', null)
      .execute();
  }
  return found;
}

/** The link with this token hash and its transport, whatever its state. */
export function findEnlacePorHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('enlaces_conductor as e')
    .innerJoin('transportes as t', 't.id', 'e.transporte_id')
    .leftJoin('transporte_eta as eta', 'eta.transporte_id', 'e.transporte_id')
    .select([
      'e.id',
      'e.transporte_id',
      'e.proveedor_id',
      'e.expires_at',
      'e.revoked_at',
      'e.last_used_at',
      't.referencia',
      't.matricula',
      't.estado',
      't.vehiculo_id',
      // The status the last batch computed: a batch tells the ERP only when it changes.
      'eta.estado as eta_estado',
    ])
    .where('e.token_hash', '=', tokenHash)
    .executeTakeFirst();
}
export type EnlaceVivo = NonNullable<Awaited<ReturnType<typeof findEnlacePorHash>>>;

export async function touchEnlace(db: Db, id: number, at: string) {
  await db
    .updateTable('enlaces_conductor')
    .set({ last_used_at: at })
    .where('id', '=', id)
    .execute();
}

/** A stored ping; `id` orders the pings taken at one instant (the later stored wins). */
const PING_COLUMNS = ['id', 'ping_id', 'lat', 'lng', 'tomada_at'] as const;

/**
 * What a ping batch is judged and its ETA computed against, in one query: the transport's
 * stored pings that have one of the batch's ids, those taken since `desde`, and the latest
 * taken at or before `hasta` (the stored ping before the batch). A row may come twice. Three
 * parts, each on its own index (an `or` would read every ping of the transport).
 */
export function pingsDelLote(
  db: Db,
  transporteId: number,
  ids: readonly string[],
  desde: string,
  hasta: string,
) {
  const pings = db
    .selectFrom('posiciones_conductor')
    .select(PING_COLUMNS)
    .where('transporte_id', '=', transporteId);
  const anterior = pings
    .where('tomada_at', '<=', hasta)
    .orderBy('tomada_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1);
  return pings
    .where('ping_id', 'in', ids)
    .unionAll(pings.where('tomada_at', '>=', desde))
    .unionAll(db.selectFrom(anterior.as('anterior')).selectAll())
    .execute();
}

export type PingNuevo = Omit<Insertable<PosicionesConductorTable>, 'id'>;
const PING_INSERT_COLUMNS = [
  'transporte_id',
  'ping_id',
  'lat',
  'lng',
  'precision_m',
  'tomada_at',
  'recibida_at',
] as const;
export type EtaGuardada = TransporteEtaTable;
export interface EtaParadaGuardada {
  id: number;
  km_restantes: number | null;
  eta_at: string | null;
  eta_desde: string | null;
  eta_hasta: string | null;
}

/** What one ping batch writes: its new pings and the ETA they give. */
export interface LoteGuardado {
  pings: readonly PingNuevo[];
  eta: EtaGuardada;
  paradas: readonly EtaParadaGuardada[];
}

/**
 * Stores a batch's new pings with the ETA computed from them (the transport's, its stops', its
 * vehicle's last position), all or nothing; a ping stored meanwhile by a concurrent resend of
 * its id is skipped. Returns how many pings went in. PostgreSQL: one statement, whose parts in
 * `with` run atomically, instead of six round trips; SQLite, in process, runs them in a
 * transaction.
 */
export async function guardarLote(db: Db, lote: LoteGuardado): Promise<number> {
  if (isPostgres(db)) return guardarLotePostgres(db, lote);
  if (db.isTransaction) return guardarLoteSqlite(db, lote);
  return db.transaction().execute((trx) => guardarLoteSqlite(trx, lote));
}

async function guardarLoteSqlite(db: Db, lote: LoteGuardado): Promise<number> {
  let insertadas = 0;
  for (const rows of chunks(lote.pings)) {
    const result = await db
      .insertInto('posiciones_conductor')
      .values(rows)
      .onConflict((oc) => oc.columns(['transporte_id', 'ping_id']).doNothing())
      .executeTakeFirst();
    insertadas += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  await saveEta(db, lote.eta);
  for (const { id, ...eta } of lote.paradas) {
    await db.updateTable('transporte_paradas').set(eta).where('id', '=', id).execute();
  }
  await ultimaPosicionVehiculo(db, lote.eta).execute();
  return insertadas;
}

/** Rows as a typed table `v` from one JSON parameter, of any length (none is an empty table). */
function filasJson<R>(rows: readonly R[], columnas: string) {
  return sql<R>`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)`.as<'v'>(
    sql`v(${sql.raw(columnas)})`,
  );
}

async function guardarLotePostgres(db: Db, lote: LoteGuardado): Promise<number> {
  const { transporte_id: _key, ...cambios } = lote.eta;
  const pings = filasJson(
    lote.pings,
    'transporte_id bigint, ping_id text, lat double precision, lng double precision, precision_m integer, tomada_at timestamptz, recibida_at timestamptz',
  );
  const paradas = filasJson(
    lote.paradas,
    'id bigint, km_restantes integer, eta_at timestamptz, eta_desde timestamptz, eta_hasta timestamptz',
  );
  const row = await db
    .with('nuevas', (qc) =>
      qc
        .insertInto('posiciones_conductor')
        .columns(PING_INSERT_COLUMNS)
        .expression((eb) => eb.selectFrom(pings).select(PING_INSERT_COLUMNS))
        .onConflict((oc) => oc.columns(['transporte_id', 'ping_id']).doNothing())
        .returning('ping_id'),
    )
    .with('eta', (qc) =>
      qc
        .insertInto('transporte_eta')
        .values(lote.eta)
        .onConflict((oc) => oc.column('transporte_id').doUpdateSet(cambios))
        .returning('transporte_id'),
    )
    .with('paradas', (qc) =>
      qc
        .updateTable('transporte_paradas as p')
        .from(paradas)
        .set((eb) => ({
          km_restantes: eb.ref('v.km_restantes'),
          eta_at: eb.ref('v.eta_at'),
          eta_desde: eb.ref('v.eta_desde'),
          eta_hasta: eb.ref('v.eta_hasta'),
        }))
        .whereRef('p.id', '=', 'v.id')
        // The ids again, as an array the planner can see: it takes the JSON table for 100 rows
        // and would scan every stop of every transport to hash-join them (measured: ~1 ms a
        // batch at 4,000 stops, growing with the table).
        .where(sql<boolean>`p.id = any(${lote.paradas.map((p) => p.id)}::bigint[])`)
        .returning('p.id'),
    )
    // Refers to no other part: built on `db` like the statement it joins.
    .with('vehiculo', () => ultimaPosicionVehiculo(db, lote.eta).returning('id'))
    .selectFrom('nuevas')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Pings of a transport taken since an instant, oldest first: the latest (`ultimoPing`) last. */
export function pingsDesde(db: Db, transporteId: number, desde: string) {
  return db
    .selectFrom('posiciones_conductor')
    .select(['lat', 'lng', 'tomada_at'])
    .where('transporte_id', '=', transporteId)
    .where('tomada_at', '>=', desde)
    .orderBy('tomada_at')
    .orderBy('id')
    .execute();
}

export function ultimoPing(db: Db, transporteId: number) {
  return db
    .selectFrom('posiciones_conductor')
    .select(['lat', 'lng', 'tomada_at'])
    .where('transporte_id', '=', transporteId)
    .orderBy('tomada_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findEta(db: Db, transporteId: number) {
  return db
    .selectFrom('transporte_eta')
    .select([
      'lat',
      'lng',
      'posicion_at',
      'km_restantes',
      'velocidad_kmh',
      'estado',
      'calculado_at',
    ])
    .where('transporte_id', '=', transporteId)
    .executeTakeFirst();
}

async function saveEta(db: Db, row: EtaGuardada): Promise<void> {
  const { transporte_id: _key, ...cambios } = row;
  await db
    .insertInto('transporte_eta')
    .values(row)
    .onConflict((oc) => oc.column('transporte_id').doUpdateSet(cambios))
    .execute();
}

/** The vehicle panel shows the same last position as its transport (none without a vehicle). */
function ultimaPosicionVehiculo(db: Db, eta: EtaGuardada) {
  return db
    .updateTable('vehiculos')
    .set({
      ultima_lat: eta.lat,
      ultima_lng: eta.lng,
      ultima_poblacion: null,
      ultima_posicion_at: eta.posicion_at,
    })
    .where('id', '=', (eb) =>
      eb.selectFrom('transportes').select('vehiculo_id').where('id', '=', eta.transporte_id),
    )
    .where((eb) =>
      eb.or([eb('ultima_posicion_at', 'is', null), eb('ultima_posicion_at', '<', eta.posicion_at)]),
    );
}

export function findEventoPorClienteId(db: Db, transporteId: number, eventoClienteId: string) {
  return db
    .selectFrom('eventos_parada')
    .select(EVENTO_COLUMNS)
    .where('transporte_id', '=', transporteId)
    .where('evento_cliente_id', '=', eventoClienteId)
    .executeTakeFirst();
}

export function findEvento(db: Db, transporteId: number, id: number) {
  return db
    .selectFrom('eventos_parada')
    .select(EVENTO_COLUMNS)
    .where('transporte_id', '=', transporteId)
    .where('id', '=', id)
    .executeTakeFirst();
}
export type EventoRow = NonNullable<Awaited<ReturnType<typeof findEvento>>>;

export function insertEvento(
  db: Db,
  row: {
    transporte_id: number;
    parada_id: number;
    evento_cliente_id: string;
    tipo: EventoParadaTipo;
    texto: string | null;
    ocurrido_at: string;
    created_at: string;
  },
) {
  return db
    .insertInto('eventos_parada')
    .values(row)
    .returning(EVENTO_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Sets the photo of an incident once; false when it already has one. */
export async function setFotoEvento(db: Db, id: number, archivoId: number): Promise<boolean> {
  const result = await db
    .updateTable('eventos_parada')
    .set({ archivo_id: archivoId })
    .where('id', '=', id)
    .where('archivo_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function marcarParada(
  db: Db,
  id: number,
  campo: 'llegada_at' | 'completada_at',
  at: string,
): Promise<void> {
  await db
    .updateTable('transporte_paradas')
    .set({ [campo]: at })
    .where('id', '=', id)
    .where(campo, 'is', null)
    .execute();
}

/** A transport still "asignado" goes "en_transito" once the driver reports it loaded. */
export async function marcarEnTransito(db: Db, transporteId: number, at: string): Promise<void> {
  await db
    .updateTable('transportes')
    .set({ estado: 'en_transito', updated_at: at })
    .where('id', '=', transporteId)
    .where('estado', '=', 'asignado')
    .execute();
}

/** The shipments (partida and customer) of a transport's legs, or only of these portes. */
export function listPortesDelTransporte(db: Db, transporteId: number, porteId: number | null) {
  let query = db
    .selectFrom('subpartidas as s')
    .innerJoin('portes as p', 'p.id', 's.porte_id')
    .select(['p.id', 'p.partida', 'p.cliente_id'])
    .distinct()
    .where('s.transporte_id', '=', transporteId);
  if (porteId !== null) query = query.where('p.id', '=', porteId);
  return query.orderBy('p.id').execute();
}

export async function insertSeguimiento(
  db: Db,
  row: {
    porte_id: number;
    partida: string;
    fecha: string;
    hora: string;
    comentarios: string;
    cp: string | null;
    kilometros_destino: number | null;
    pais_iso: string | null;
    poblacion: string;
    retraso: number;
    lat: number | null;
    lng: number | null;
    created_at: string;
  },
): Promise<void> {
  await db
    .insertInto('seguimiento')
    .values({ ...row, pais: null, poblacion_b: null })
    .execute();
}

/** Retention purge of pings (personal data of the driver): those taken before the cutoff. */
export async function deletePingsAntesDe(db: Db, cutoff: string): Promise<number> {
  const result = await db
    .deleteFrom('posiciones_conductor')
    .where('tomada_at', '<', cutoff)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The leg of a transport, for the driver's CMR upload. */
export function findSubpartidaDelTransporte(db: Db, transporteId: number, id: number) {
  return db
    .selectFrom('subpartidas')
    .select(['id', 'numero', 'origen_poblacion', 'destino_poblacion', 'bultos', 'cmr_archivo_id'])
    .where('transporte_id', '=', transporteId)
    .where('id', '=', id)
    .executeTakeFirst();
}
