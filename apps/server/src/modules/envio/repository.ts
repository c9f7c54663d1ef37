import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

/*
 * Kysely only. The customer's reads and writes take its `clienteId` and filter by it in SQL;
 * the public reads go by the token's hash only, and everything after them by the link's row.
 */

type Db = Kysely<Database>;

const ENLACE_COLUMNS = [
  'e.id',
  'e.porte_id',
  'e.cliente_id',
  'e.creado_por',
  'e.created_at',
  'e.expires_at',
  'e.dias_tras_entrega',
  'e.revoked_at',
  'e.muestra_entrega',
  'e.muestra_factura',
  'e.permite_firma',
  'e.destinatario_email',
  'e.aperturas',
  'e.last_opened_at',
  'p.partida',
  'p.entregado_at',
  'p.estado',
] as const;

/** A shipment of this client by partida (id, state, delivery), or undefined. */
export function findPorteDelCliente(db: Db, clienteId: number, partida: string) {
  return db
    .selectFrom('portes')
    .select(['id', 'partida', 'estado', 'entregado_at'])
    .where('partida', '=', partida)
    .where('cliente_id', '=', clienteId)
    .executeTakeFirst();
}

/** A shipment by partida, whoever's (the ERP's view), with its client. */
export function findPorteParaErp(db: Db, partida: string) {
  return db
    .selectFrom('portes')
    .select(['id', 'partida', 'estado', 'entregado_at', 'cliente_id'])
    .where('partida', '=', partida)
    .executeTakeFirst();
}

export interface NuevoEnlaceRow {
  porteId: number;
  clienteId: number;
  tokenHash: string;
  usuarioId: number | null;
  apiKeyId: number | null;
  creadoPor: string;
  entrega: boolean;
  factura: boolean;
  firma: boolean;
  email: string | null;
  diasTrasEntrega: number | null;
  createdAt: string;
  expiresAt: string;
}

export async function insertEnlace(db: Db, e: NuevoEnlaceRow): Promise<number> {
  const row = await db
    .insertInto('enlaces_porte')
    .values({
      porte_id: e.porteId,
      cliente_id: e.clienteId,
      token_hash: e.tokenHash,
      usuario_id: e.usuarioId,
      api_key_id: e.apiKeyId,
      creado_por: e.creadoPor,
      muestra_entrega: e.entrega ? 1 : 0,
      muestra_factura: e.factura ? 1 : 0,
      permite_firma: e.firma ? 1 : 0,
      destinatario_email: e.email,
      dias_tras_entrega: e.diasTrasEntrega,
      created_at: e.createdAt,
      expires_at: e.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** One link of this client with its shipment's partida and delivery. */
export function findEnlaceDelCliente(db: Db, clienteId: number, id: number) {
  return db
    .selectFrom('enlaces_porte as e')
    .innerJoin('portes as p', 'p.id', 'e.porte_id')
    .select(ENLACE_COLUMNS)
    .where('e.id', '=', id)
    .where('e.cliente_id', '=', clienteId)
    .executeTakeFirst();
}

/** The links of this client's shipment, newest first. */
export function listEnlaces(db: Db, clienteId: number, porteId: number) {
  return db
    .selectFrom('enlaces_porte as e')
    .innerJoin('portes as p', 'p.id', 'e.porte_id')
    .select(ENLACE_COLUMNS)
    .where('e.porte_id', '=', porteId)
    .where('e.cliente_id', '=', clienteId)
    .orderBy('e.id', 'desc')
    .execute();
}

/** Revokes one of this client's links (the first revocation's time stays); false if not its. */
export async function revokeEnlace(db: Db, clienteId: number, id: number, at: string) {
  const found = await db
    .selectFrom('enlaces_porte')
    .select('id')
    .where('id', '=', id)
    .where('cliente_id', '=', clienteId)
    .executeTakeFirst();
  if (!found) return false;
  await db
    .updateTable('enlaces_porte')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('cliente_id', '=', clienteId)
    .where('revoked_at', 'is', null)
    .execute();
  return true;
}

/** The link with its shipment and the customer to contact about it (the public reads). */
function enlacePublico(db: Db) {
  return db
    .selectFrom('enlaces_porte as e')
    .innerJoin('portes as p', 'p.id', 'e.porte_id')
    .innerJoin('clientes as c', 'c.id', 'e.cliente_id')
    .select([...ENLACE_COLUMNS, 'c.razon_social', 'c.email as cliente_email', 'c.telefono']);
}

/** The link whose token (the copied one or the e-mailed one) has this hash. */
export function findEnlacePorHash(db: Db, tokenHash: string) {
  return enlacePublico(db)
    .where((eb) =>
      eb.or([eb('e.token_hash', '=', tokenHash), eb('e.token_hash_correo', '=', tokenHash)]),
    )
    .executeTakeFirst();
}

/** The link of a visitor's subscription, with the subscription's key (its page token's). */
export function findEnlacePorAviso(db: Db, avisoId: number) {
  return enlacePublico(db)
    .innerJoin('enlaces_porte_avisos as s', 's.enlace_id', 'e.id')
    .select('s.clave')
    .where('s.id', '=', avisoId)
    .executeTakeFirst();
}

/** One more opening of the page. */
export async function contarApertura(db: Db, id: number, at: string): Promise<void> {
  await db
    .updateTable('enlaces_porte')
    .set((eb) => ({ aperturas: eb('aperturas', '+', 1), last_opened_at: at }))
    .where('id', '=', id)
    .execute();
}

/** Sets the e-mailed copy's token hash of a live link; false when revoked or gone. */
export async function setTokenCorreo(db: Db, id: number, tokenHash: string): Promise<boolean> {
  const result = await db
    .updateTable('enlaces_porte')
    .set({ token_hash_correo: tokenHash })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .where('destinatario_email', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A link by id for the outbox worker (its e-mail, shipment and customer). */
export function findEnlaceParaCorreo(db: Db, id: number) {
  return db
    .selectFrom('enlaces_porte as e')
    .innerJoin('portes as p', 'p.id', 'e.porte_id')
    .innerJoin('clientes as c', 'c.id', 'e.cliente_id')
    .select([...ENLACE_COLUMNS, 'c.razon_social', 'p.origen_poblacion', 'p.destino_poblacion'])
    .where('e.id', '=', id)
    .executeTakeFirst();
}

/**
 * Subscribes an address to the notices of the link's shipment; subscribing again (after an
 * unsubscription too) keeps its key and takes the new language.
 */
export async function insertAviso(
  db: Db,
  a: { enlaceId: number; email: string; idioma: string | null; clave: string; at: string },
) {
  await db
    .insertInto('enlaces_porte_avisos')
    .values({
      enlace_id: a.enlaceId,
      email: a.email,
      idioma: a.idioma,
      clave: a.clave,
      created_at: a.at,
    })
    .onConflict((oc) =>
      oc.columns(['enlace_id', 'email']).doUpdateSet({ idioma: a.idioma, baja_at: null }),
    )
    .execute();
}

/**
 * The subscriptions of a shipment's links still subscribed and not revoked, with what decides
 * whether the link still opens (its expiry and the shipment's state and delivery).
 */
export function listAvisosDelPorte(db: Db, porteId: number) {
  return db
    .selectFrom('enlaces_porte_avisos as s')
    .innerJoin('enlaces_porte as e', 'e.id', 's.enlace_id')
    .innerJoin('portes as p', 'p.id', 'e.porte_id')
    .select([
      's.id',
      's.email',
      'e.expires_at',
      'e.dias_tras_entrega',
      'e.revoked_at',
      'p.entregado_at',
      'p.estado',
    ])
    .where('e.porte_id', '=', porteId)
    .where('e.revoked_at', 'is', null)
    .where('s.baja_at', 'is', null)
    .orderBy('s.id')
    .execute();
}

/** One subscription with its link, shipment and customer: what its notice needs. */
export function findAviso(db: Db, id: number) {
  return db
    .selectFrom('enlaces_porte_avisos as s')
    .innerJoin('enlaces_porte as e', 'e.id', 's.enlace_id')
    .innerJoin('portes as p', 'p.id', 'e.porte_id')
    .innerJoin('clientes as c', 'c.id', 'e.cliente_id')
    .select([
      's.id',
      's.email',
      's.idioma',
      's.clave',
      's.baja_at',
      'e.expires_at',
      'e.dias_tras_entrega',
      'e.revoked_at',
      'p.entregado_at',
      'p.estado',
      'p.partida',
      'p.origen_poblacion',
      'p.origen_pais_iso',
      'p.destino_poblacion',
      'p.destino_pais_iso',
      'c.razon_social',
    ])
    .where('s.id', '=', id)
    .executeTakeFirst();
}

/** Unsubscribes (the first time stays). */
export async function setBajaAviso(db: Db, id: number, at: string): Promise<void> {
  await db
    .updateTable('enlaces_porte_avisos')
    .set({ baja_at: at })
    .where('id', '=', id)
    .where('baja_at', 'is', null)
    .execute();
}

/** The name shown as the link's maker: the user's, or the ERP key's. */
export async function nombreCreador(
  db: Db,
  by: { usuarioId: number | null; apiKeyId: number | null },
): Promise<string | null> {
  if (by.usuarioId !== null) {
    const u = await db
      .selectFrom('usuarios')
      .select('nombre')
      .where('id', '=', by.usuarioId)
      .executeTakeFirst();
    return u?.nombre ?? null;
  }
  if (by.apiKeyId !== null) {
    const k = await db
      .selectFrom('api_keys')
      .select('nombre')
      .where('id', '=', by.apiKeyId)
      .executeTakeFirst();
    return k ? `ERP (${k.nombre})` : null;
  }
  return null;
}
