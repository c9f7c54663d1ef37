import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { EmpresaErp, ParadaErp, PorteErp } from '@extranet/contracts/integracion/integracion';
import { chunks, isPostgres } from '../../db/sql.js';
import { idsByKey, upsertByKey } from '../../db/upsert.js';

type Db = Kysely<Database>;

/** What a notice about a shipment tells its customer, and the state it is sent on. */
const PORTE_AVISO = [
  'id',
  'partida',
  'cliente_id',
  'ref_cliente',
  'origen_poblacion',
  'origen_pais_iso',
  'destino_poblacion',
  'destino_pais_iso',
  'fecha_carga_prevista',
  'fecha_entrega_prevista',
  'estado',
  'entregado_at',
] as const;

/** Origin and destination as the ERP sends them for a load or a shipment. */
export interface LugaresErp {
  origen_poblacion: string;
  origen_cp: string;
  origen_pais_iso: string;
  origen_lat?: number | null | undefined;
  origen_lng?: number | null | undefined;
  destino_poblacion: string;
  destino_cp: string;
  destino_pais_iso: string;
  destino_lat?: number | null | undefined;
  destino_lng?: number | null | undefined;
}

/** Their columns, named alike in `cargas` and `portes`; a coordinate not sent is null. */
export function columnasLugares(l: LugaresErp) {
  return {
    origen_poblacion: l.origen_poblacion,
    origen_cp: l.origen_cp,
    origen_pais_iso: l.origen_pais_iso,
    origen_lat: l.origen_lat ?? null,
    origen_lng: l.origen_lng ?? null,
    destino_poblacion: l.destino_poblacion,
    destino_cp: l.destino_cp,
    destino_pais_iso: l.destino_pais_iso,
    destino_lat: l.destino_lat ?? null,
    destino_lng: l.destino_lng ?? null,
  };
}

/** The columns `columnasLugares` writes, for the update lists of the upserts. */
export const COLUMNAS_LUGARES = [
  'origen_poblacion',
  'origen_cp',
  'origen_pais_iso',
  'origen_lat',
  'origen_lng',
  'destino_poblacion',
  'destino_cp',
  'destino_pais_iso',
  'destino_lat',
  'destino_lng',
] as const;

/** Both company tables have the same columns; the ERP upserts either by `erp_id`. */
export type EmpresaTabla = 'clientes' | 'proveedores';

/** Our ids of the companies with these ERP ids. */
export function empresaIdsByErp(
  db: Db,
  tabla: EmpresaTabla,
  erpIds: readonly string[],
): Promise<Map<string, number>> {
  return idsByKey(db, tabla, 'erp_id', erpIds);
}

/** Inserts or updates (by `erp_id`) every company; returns our id of each. */
export function upsertEmpresas(
  db: Db,
  tabla: EmpresaTabla,
  items: readonly EmpresaErp[],
): Promise<Map<string, number>> {
  const rows = items.map((e) => ({
    erp_id: e.erp_id,
    region: e.region,
    razon_social: e.razon_social,
    localidad: e.localidad,
    cif: e.cif ?? null,
    direccion: e.direccion ?? null,
    cp: e.cp ?? null,
    pais_iso: e.pais_iso ?? null,
    email: e.email ?? null,
    telefono: e.telefono ?? null,
    activo: e.activo ? (1 as const) : (0 as const),
  }));
  return upsertByKey(db, tabla, rows, {
    key: 'erp_id',
    update: [
      'region',
      'razon_social',
      'localidad',
      'cif',
      'direccion',
      'cp',
      'pais_iso',
      'email',
      'telefono',
      'activo',
    ],
  });
}

/** Our ids of the shipments with these partidas. */
export function porteIdsByPartida(
  db: Db,
  partidas: readonly string[],
): Promise<Map<string, number>> {
  return idsByKey(db, 'portes', 'partida', partidas);
}

/**
 * Delivery state of the existing shipments with these partidas, locked (PostgreSQL) until the
 * transaction ends: two batches on one shipment see each other's change, never the same
 * "before", so a delivery is told once.
 */
export async function estadosDePortes(
  db: Db,
  partidas: readonly string[],
): Promise<Map<string, { id: number; estado: string; entregado_at: string | null }>> {
  const found = new Map<string, { id: number; estado: string; entregado_at: string | null }>();
  for (const part of chunks(partidas, 500)) {
    const rows = await db
      .selectFrom('portes')
      .select(['id', 'partida', 'estado', 'entregado_at'])
      .where('partida', 'in', part)
      .orderBy('id')
      .$if(isPostgres(db), (qb) => qb.forUpdate())
      .execute();
    for (const row of rows) {
      found.set(row.partida, {
        id: Number(row.id),
        estado: row.estado,
        entregado_at: row.entregado_at === null ? null : String(row.entregado_at),
      });
    }
  }
  return found;
}

/** Inserts or updates (by `partida`) every shipment; returns our id of each. */
export function upsertPortes(
  db: Db,
  items: ReadonlyArray<PorteErp & { cliente_id: number }>,
  now: string,
): Promise<Map<string, number>> {
  const rows = items.map((p) => ({
    partida: p.partida,
    cliente_id: p.cliente_id,
    ref_cliente: p.ref_cliente ?? null,
    ...columnasLugares(p),
    fecha_carga_prevista: p.fecha_carga_prevista,
    fecha_entrega_prevista: p.fecha_entrega_prevista ?? null,
    entregado_at: p.entregado_at ?? null,
    bultos: p.bultos,
    peso_kg: p.peso_kg,
    p_facturable_kg: p.p_facturable_kg,
    estado: p.estado,
    incidencia: p.incidencia ?? null,
    destinatario_nombre: p.destinatario_nombre ?? null,
    destinatario_cif: p.destinatario_cif ?? null,
    destinatario_direccion: p.destinatario_direccion ?? null,
    created_at: now,
    updated_at: now,
  }));
  return upsertByKey(db, 'portes', rows, {
    key: 'partida',
    update: [
      'cliente_id',
      'ref_cliente',
      ...COLUMNAS_LUGARES,
      'fecha_carga_prevista',
      'fecha_entrega_prevista',
      'entregado_at',
      'bultos',
      'peso_kg',
      'p_facturable_kg',
      'estado',
      'incidencia',
      'destinatario_nombre',
      'destinatario_cif',
      'destinatario_direccion',
      'updated_at',
    ],
  });
}

/** Our ids of the stops of a shipment with these ERP ids. */
export function paradaIdsByErp(
  db: Db,
  porteId: number,
  erpIds: readonly string[],
): Promise<Map<string, number>> {
  return idsByKey(db, 'seguimiento', 'erp_id', erpIds, { porte_id: porteId });
}

/** Inserts or updates (by shipment and `erp_id`) the stops of one shipment. */
export function upsertParadas(
  db: Db,
  porte: { id: number; partida: string },
  items: readonly ParadaErp[],
  now: string,
): Promise<Map<string, number>> {
  const rows = items.map((s) => ({
    porte_id: porte.id,
    partida: porte.partida,
    erp_id: s.erp_id,
    fecha: s.fecha,
    hora: s.hora,
    comentarios: s.comentarios ?? null,
    cp: s.cp ?? null,
    kilometros_destino: s.kilometros_destino ?? null,
    pais: s.pais ?? null,
    pais_iso: s.pais_iso ?? null,
    poblacion: s.poblacion ?? null,
    poblacion_b: s.poblacion_b ?? null,
    retraso: s.retraso,
    lat: s.lat ?? null,
    lng: s.lng ?? null,
    created_at: now,
  }));
  return upsertByKey(db, 'seguimiento', rows, {
    key: 'erp_id',
    conflict: ['porte_id', 'erp_id'],
    update: [
      'fecha',
      'hora',
      'comentarios',
      'cp',
      'kilometros_destino',
      'pais',
      'pais_iso',
      'poblacion',
      'poblacion_b',
      'retraso',
      'lat',
      'lng',
    ],
  });
}

/** A shipment with what its notices need, locked (PostgreSQL) until the transaction ends. */
export function lockPorteByPartida(db: Db, partida: string) {
  return db
    .selectFrom('portes')
    .select(PORTE_AVISO)
    .where('partida', '=', partida)
    .$if(isPostgres(db), (qb) => qb.forUpdate())
    .executeTakeFirst();
}

/** The shipment's most recent stop (by reported date and time), or undefined. */
export function findUltimaParada(db: Db, porteId: number) {
  return db
    .selectFrom('seguimiento')
    .select(['fecha', 'hora', 'poblacion', 'pais_iso', 'comentarios', 'retraso'])
    .where('porte_id', '=', porteId)
    .orderBy('fecha', 'desc')
    .orderBy('hora', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The delay last told to the shipment's customer (0 or undefined: none pending). */
export async function findRetrasoAvisado(db: Db, porteId: number): Promise<number> {
  const row = await db
    .selectFrom('avisos_retraso')
    .select('retraso_minutos')
    .where('porte_id', '=', porteId)
    .executeTakeFirst();
  return row ? Number(row.retraso_minutos) : 0;
}

export async function saveRetrasoAvisado(
  db: Db,
  porteId: number,
  minutos: number,
  now: string,
): Promise<void> {
  await db
    .insertInto('avisos_retraso')
    .values({ porte_id: porteId, retraso_minutos: minutos, updated_at: now })
    .onConflict((oc) =>
      oc.column('porte_id').doUpdateSet({ retraso_minutos: minutos, updated_at: now }),
    )
    .execute();
}

export function findPorteByPartida(db: Db, partida: string) {
  return db
    .selectFrom('portes')
    .select(['id', 'partida'])
    .where('partida', '=', partida)
    .executeTakeFirst();
}

export function findIdempotencyKey(db: Db, apiKeyId: number, clave: string) {
  return db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'status_code', 'response_body'])
    .where('api_key_id', '=', apiKeyId)
    .where('clave', '=', clave)
    .executeTakeFirst();
}

export async function insertIdempotencyKey(
  db: Db,
  values: {
    api_key_id: number;
    clave: string;
    request_hash: string;
    status_code: number;
    response_body: string;
    created_at: string;
  },
): Promise<void> {
  await db.insertInto('idempotency_keys').values(values).execute();
}
