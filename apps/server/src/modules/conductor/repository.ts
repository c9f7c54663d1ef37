import type { Insertable, Kysely } from 'kysely';
import type {
  Database,
  EstadoEta,
  EventoParadaTipo,
  TransporteParadasTable,
} from '../../db/database.js';

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

/** Which of these ping ids the transport already has. */
export async function pingIdsGuardados(db: Db, transporteId: number, ids: readonly string[]) {
  if (ids.length === 0) return new Set<string>();
  const found = new Set<string>();
  // Chunks keep the parameter count well under SQLite's limit.
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('posiciones_conductor')
      .select('ping_id')
      .where('transporte_id', '=', transporteId)
      .where('ping_id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const row of rows) found.add(row.ping_id);
  }
  return found;
}

/** The stored ping just before an instant (the reference of a batch's first ping). */
export function pingAnterior(db: Db, transporteId: number, antesDe: string) {
  return db
    .selectFrom('posiciones_conductor')
    .select(['lat', 'lng', 'tomada_at'])
    .where('transporte_id', '=', transporteId)
    .where('tomada_at', '<=', antesDe)
    .orderBy('tomada_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Inserts pings, skipping ids stored meanwhile by a concurrent resend; returns how many went in. */
export async function insertPings(
  db: Db,
  rows: Array<{
    transporte_id: number;
    ping_id: string;
    lat: number;
    lng: number;
    precision_m: number | null;
    tomada_at: string;
    recibida_at: string;
  }>,
): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += 100) {
    const result = await db
      .insertInto('posiciones_conductor')
      .values(rows.slice(i, i + 100))
      .onConflict((oc) => oc.columns(['transporte_id', 'ping_id']).doNothing())
      .executeTakeFirst();
    inserted += Number(result.numInsertedOrUpdatedRows ?? 0);
  }
  return inserted;
}

/** Pings of a transport taken since an instant, oldest first. */
export function pingsDesde(db: Db, transporteId: number, desde: string) {
  return db
    .selectFrom('posiciones_conductor')
    .select(['lat', 'lng', 'tomada_at'])
    .where('transporte_id', '=', transporteId)
    .where('tomada_at', '>=', desde)
    .orderBy('tomada_at')
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

export async function saveEta(
  db: Db,
  row: {
    transporte_id: number;
    lat: number;
    lng: number;
    posicion_at: string;
    km_restantes: number | null;
    velocidad_kmh: number;
    estado: EstadoEta;
    calculado_at: string;
  },
): Promise<void> {
  const { transporte_id: _key, ...cambios } = row;
  await db
    .insertInto('transporte_eta')
    .values(row)
    .onConflict((oc) => oc.column('transporte_id').doUpdateSet(cambios))
    .execute();
}

export async function saveEtaParada(
  db: Db,
  id: number,
  eta: {
    km_restantes: number | null;
    eta_at: string | null;
    eta_desde: string | null;
    eta_hasta: string | null;
  },
): Promise<void> {
  await db.updateTable('transporte_paradas').set(eta).where('id', '=', id).execute();
}

/** The vehicle panel shows the same last position as the transport. */
export async function saveUltimaPosicionVehiculo(
  db: Db,
  vehiculoId: number,
  p: { lat: number; lng: number; at: string },
): Promise<void> {
  await db
    .updateTable('vehiculos')
    .set({ ultima_lat: p.lat, ultima_lng: p.lng, ultima_poblacion: null, ultima_posicion_at: p.at })
    .where('id', '=', vehiculoId)
    .where((eb) =>
      eb.or([eb('ultima_posicion_at', 'is', null), eb('ultima_posicion_at', '<', p.at)]),
    )
    .execute();
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
