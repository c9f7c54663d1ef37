import type { Insertable, Kysely, Selectable } from 'kysely';
import type {
  Database,
  EcmrEstado,
  EcmrEventosTable,
  EcmrRol,
  EcmrTable,
} from '../../db/database.js';

/*
 * Kysely only. A carrier's reads take its `proveedorId` and filter by it through the
 * transport; the driver's take the link's transport; the public ones a random id or a hash.
 */

type Db = Kysely<Database>;

export type EcmrRow = Selectable<EcmrTable>;

const ECMR_COLUMNS = [
  'e.id',
  'e.subpartida_id',
  'e.transporte_id',
  'e.numero',
  'e.verificacion_id',
  'e.version_actual',
  'e.estado',
  'e.eventos_n',
  'e.ultimo_hash',
  'e.archivo_id',
  'e.created_at',
  'e.updated_at',
] as const;

/** What the note is made from: the leg, its transport, shipment, customer and carrier. */
export async function findFuenteSubpartida(db: Db, proveedorId: number, subpartidaId: number) {
  return db
    .selectFrom('subpartidas as s')
    .innerJoin('transportes as t', 't.id', 's.transporte_id')
    .innerJoin('proveedores as pr', 'pr.id', 't.proveedor_id')
    .leftJoin('portes as p', 'p.id', 's.porte_id')
    .leftJoin('clientes as c', 'c.id', 'p.cliente_id')
    .leftJoin('cargas as ca', 'ca.id', 't.carga_id')
    .select([
      's.id',
      's.numero',
      's.porte_id',
      's.origen_poblacion',
      's.destino_poblacion',
      's.bultos',
      's.peso_kg',
      't.id as transporte_id',
      't.proveedor_id',
      't.referencia',
      't.matricula',
      't.conductor',
      't.estado as transporte_estado',
      't.origen_cp',
      't.origen_pais_iso',
      't.destino_cp',
      't.destino_pais_iso',
      't.fecha_carga',
      't.fecha_descarga',
      'pr.razon_social as proveedor_nombre',
      'pr.cif as proveedor_cif',
      'pr.direccion as proveedor_direccion',
      'pr.cp as proveedor_cp',
      'pr.localidad as proveedor_localidad',
      'pr.pais_iso as proveedor_pais_iso',
      'p.partida',
      'p.ref_cliente',
      'p.origen_cp as porte_origen_cp',
      'p.origen_pais_iso as porte_origen_pais_iso',
      'p.destino_cp as porte_destino_cp',
      'p.destino_pais_iso as porte_destino_pais_iso',
      'p.destinatario_nombre',
      'p.destinatario_cif',
      'p.destinatario_direccion',
      'p.fecha_carga_prevista',
      'p.fecha_entrega_prevista',
      'c.razon_social as cliente_nombre',
      'c.cif as cliente_cif',
      'c.direccion as cliente_direccion',
      'c.cp as cliente_cp',
      'c.localidad as cliente_localidad',
      'c.pais_iso as cliente_pais_iso',
      'ca.observaciones as carga_observaciones',
    ])
    .where('s.id', '=', subpartidaId)
    .where('t.proveedor_id', '=', proveedorId)
    .executeTakeFirst();
}
export type FuenteSubpartida = NonNullable<Awaited<ReturnType<typeof findFuenteSubpartida>>>;

/** The planned stops of a leg (its shipment's loading, its unloading), for the addresses. */
export function listParadasDeSubpartida(
  db: Db,
  transporteId: number,
  subpartidaId: number,
  porteId: number | null,
) {
  return db
    .selectFrom('transporte_paradas')
    .select(['tipo', 'direccion', 'cp', 'poblacion', 'pais_iso', 'subpartida_id', 'porte_id'])
    .where('transporte_id', '=', transporteId)
    .where((eb) =>
      porteId === null
        ? eb('subpartida_id', '=', subpartidaId)
        : eb.or([eb('subpartida_id', '=', subpartidaId), eb('porte_id', '=', porteId)]),
    )
    .orderBy('orden')
    .execute();
}

/** The e-CMR of one of this carrier's legs. */
export function findEcmrDelProveedor(db: Db, proveedorId: number, subpartidaId: number) {
  return db
    .selectFrom('ecmr as e')
    .innerJoin('transportes as t', 't.id', 'e.transporte_id')
    .select(ECMR_COLUMNS)
    .where('e.subpartida_id', '=', subpartidaId)
    .where('t.proveedor_id', '=', proveedorId)
    .executeTakeFirst();
}

/**
 * The note of a leg of one of this customer's shipments (the customer's tracking), once
 * someone has signed it: an unsigned draft is the carrier's, not a document yet.
 */
export function findEcmrFirmadoDelCliente(
  db: Db,
  clienteId: number,
  partida: string,
  subpartidaId: number,
) {
  return db
    .selectFrom('ecmr as e')
    .innerJoin('subpartidas as s', 's.id', 'e.subpartida_id')
    .innerJoin('portes as p', 'p.id', 's.porte_id')
    .select(ECMR_COLUMNS)
    .where('e.subpartida_id', '=', subpartidaId)
    .where('p.partida', '=', partida)
    .where('p.cliente_id', '=', clienteId)
    .where('e.estado', '!=', 'sin_firmar')
    .executeTakeFirst();
}

/** The e-CMR of a leg of this shipment (a shipment link's), or undefined for any other leg. */
export function findEcmrDeTramoDelPorte(db: Db, porteId: number, subpartidaId: number) {
  return db
    .selectFrom('ecmr as e')
    .innerJoin('subpartidas as s', 's.id', 'e.subpartida_id')
    .select(ECMR_COLUMNS)
    .where('e.subpartida_id', '=', subpartidaId)
    .where('s.porte_id', '=', porteId)
    .executeTakeFirst();
}

/** The e-CMRs of the legs of a shipment, in the order of the legs. */
export function listEcmrDelPorte(db: Db, porteId: number) {
  return db
    .selectFrom('ecmr as e')
    .innerJoin('subpartidas as s', 's.id', 'e.subpartida_id')
    .select(ECMR_COLUMNS)
    .where('s.porte_id', '=', porteId)
    .orderBy('s.numero')
    .orderBy('e.id')
    .execute();
}

/** The e-CMR by its public verification id. */
export function findEcmrPorVerificacion(db: Db, verificacionId: string) {
  return db
    .selectFrom('ecmr as e')
    .select(ECMR_COLUMNS)
    .where('e.verificacion_id', '=', verificacionId)
    .executeTakeFirst();
}

/** The e-CMR by id (the integration API, the invitations). */
export function findEcmr(db: Db, id: number) {
  return db.selectFrom('ecmr as e').select(ECMR_COLUMNS).where('e.id', '=', id).executeTakeFirst();
}

/** The carrier and references of a note, for events and ownership of files. */
export function findContextoEcmr(db: Db, ecmrId: number) {
  return db
    .selectFrom('ecmr as e')
    .innerJoin('transportes as t', 't.id', 'e.transporte_id')
    .innerJoin('subpartidas as s', 's.id', 'e.subpartida_id')
    .leftJoin('portes as p', 'p.id', 's.porte_id')
    .select(['t.proveedor_id', 't.referencia', 'p.partida', 's.id as subpartida_id'])
    .where('e.id', '=', ecmrId)
    .executeTakeFirstOrThrow();
}

export async function insertEcmr(db: Db, values: Insertable<EcmrTable>): Promise<EcmrRow> {
  return db.insertInto('ecmr').values(values).returningAll().executeTakeFirstOrThrow();
}

/**
 * Locks the note's row for the rest of the transaction (PostgreSQL row lock; SQLite has one
 * writer) and returns it fresh: every append to the chain starts here.
 */
export function bloquearEcmr(db: Db, id: number, now: string): Promise<EcmrRow> {
  return db
    .updateTable('ecmr')
    .set({ updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateEcmr(
  db: Db,
  id: number,
  values: {
    version_actual?: number;
    estado?: EcmrEstado;
    eventos_n?: number;
    ultimo_hash?: string;
    archivo_id?: number;
  },
): Promise<void> {
  await db.updateTable('ecmr').set(values).where('id', '=', id).execute();
}

export function listVersiones(db: Db, ecmrId: number) {
  return db
    .selectFrom('ecmr_versiones')
    .select(['version', 'contenido', 'documento_sha256', 'created_at'])
    .where('ecmr_id', '=', ecmrId)
    .orderBy('version')
    .execute();
}

export async function insertVersion(
  db: Db,
  v: {
    ecmr_id: number;
    version: number;
    contenido: string;
    documento_sha256: string;
    usuario_id: number | null;
    created_at: string;
  },
): Promise<void> {
  await db.insertInto('ecmr_versiones').values(v).execute();
}

/** Rewrites an unsigned version (before any signature of the note). */
export async function replaceVersion(
  db: Db,
  ecmrId: number,
  version: number,
  contenido: string,
  documentoSha256: string,
): Promise<void> {
  await db
    .updateTable('ecmr_versiones')
    .set({ contenido, documento_sha256: documentoSha256 })
    .where('ecmr_id', '=', ecmrId)
    .where('version', '=', version)
    .execute();
}

const FIRMA_COLUMNS = [
  'id',
  'version',
  'rol',
  'nombre',
  'canal',
  'firmado_at',
  'documento_sha256',
  'imagen_png',
  'imagen_sha256',
  'lat',
  'lng',
  'precision_m',
  'dispositivo',
  'reservas',
  'fotos',
] as const;

export function listFirmas(db: Db, ecmrId: number) {
  return db
    .selectFrom('ecmr_firmas')
    .select(FIRMA_COLUMNS)
    .where('ecmr_id', '=', ecmrId)
    .orderBy('id')
    .execute();
}
export type FirmaRow = Awaited<ReturnType<typeof listFirmas>>[number];

/** Records a signature and links its reservation photos (`archivoIds`) to it. */
export async function insertFirma(
  db: Db,
  values: Omit<FirmaRow, 'id'> & { ecmr_id: number },
  archivoIds: readonly number[],
): Promise<FirmaRow> {
  const firma = await db
    .insertInto('ecmr_firmas')
    .values(values)
    .returning(FIRMA_COLUMNS)
    .executeTakeFirstOrThrow();
  if (archivoIds.length > 0) {
    await db
      .insertInto('ecmr_fotos')
      .values(archivoIds.map((archivo_id) => ({ firma_id: firma.id, archivo_id })))
      .execute();
  }
  return firma;
}

export function listEventos(db: Db, ecmrId: number) {
  return db
    .selectFrom('ecmr_eventos')
    .select([
      'secuencia',
      'tipo',
      'ocurrido_at',
      'datos',
      'hash_anterior',
      'hash',
      'sello',
      'clave_id',
    ])
    .where('ecmr_id', '=', ecmrId)
    .orderBy('secuencia')
    .execute();
}

export async function insertEvento(db: Db, values: Insertable<EcmrEventosTable>): Promise<void> {
  await db.insertInto('ecmr_eventos').values(values).execute();
}

/** SHA-256 of stored files by id (the reservation photos of the signatures). */
export async function hashesDeArchivos(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .selectFrom('archivos')
    .select(['id', 'sha256'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [Number(r.id), r.sha256]));
}

/** Reservation photos of this note (by the name the upload gave them), among these ids. */
export async function findFotosDeReserva(
  db: Db,
  proveedorId: number,
  nombrePrefijo: string,
  ids: readonly number[],
) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('archivos')
    .select(['id', 'sha256'])
    .where('id', 'in', ids)
    .where('propietario_tipo', '=', 'proveedor')
    .where('propietario_id', '=', proveedorId)
    .where('nombre', 'like', `${nombrePrefijo}%`)
    .execute();
}

// ---------------------------------------------------------------------------------------
// Contactless invitations

export async function insertInvitacion(
  db: Db,
  values: {
    ecmr_id: number;
    rol: EcmrRol;
    canal: 'email' | 'codigo';
    email: string | null;
    codigo_hash: string | null;
    created_at: string;
    expires_at: string;
  },
) {
  return db
    .insertInto('ecmr_invitaciones')
    .values(values)
    .returning(['id', 'rol', 'canal', 'expires_at'])
    .executeTakeFirstOrThrow();
}

const INVITACION_COLUMNS = [
  'id',
  'ecmr_id',
  'rol',
  'canal',
  'email',
  'expires_at',
  'canjeada_at',
  'usada_at',
] as const;

export function findInvitacion(db: Db, id: number) {
  return db
    .selectFrom('ecmr_invitaciones')
    .select(INVITACION_COLUMNS)
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * The newest invitation of a note for this role still open: not spent by a signature, not
 * expired (a code's, whether exchanged or not, and an e-mailed link's alike).
 */
export function findInvitacionAbierta(db: Db, ecmrId: number, rol: EcmrRol, now: string) {
  return db
    .selectFrom('ecmr_invitaciones')
    .select(INVITACION_COLUMNS)
    .where('ecmr_id', '=', ecmrId)
    .where('rol', '=', rol)
    .where('usada_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export function findInvitacionPorCodigo(db: Db, codigoHash: string) {
  return db
    .selectFrom('ecmr_invitaciones')
    .select(INVITACION_COLUMNS)
    .where('codigo_hash', '=', codigoHash)
    .executeTakeFirst();
}

export function findInvitacionPorToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('ecmr_invitaciones')
    .select(INVITACION_COLUMNS)
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}
export type InvitacionRow = NonNullable<Awaited<ReturnType<typeof findInvitacion>>>;

/**
 * Gives an unused, unexpired invitation its signing token; with `canjear`, only once (a code
 * is exchanged once). False when it is no longer possible.
 */
export async function setTokenInvitacion(
  db: Db,
  id: number,
  tokenHash: string,
  now: string,
  canjear: boolean,
): Promise<boolean> {
  const result = await db
    .updateTable('ecmr_invitaciones')
    .set({ token_hash: tokenHash, ...(canjear ? { canjeada_at: now } : {}) })
    .where('id', '=', id)
    .where('usada_at', 'is', null)
    .where('expires_at', '>', now)
    .$if(canjear, (qb) => qb.where('canjeada_at', 'is', null))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Spends an invitation on its signature; false when another request spent it first. */
export async function usarInvitacion(
  db: Db,
  id: number,
  firmaId: number,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('ecmr_invitaciones')
    .set({ usada_at: now, firma_id: firmaId })
    .where('id', '=', id)
    .where('usada_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
