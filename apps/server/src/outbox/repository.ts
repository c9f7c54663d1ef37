import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { CanalEntrega, Database } from '../db/database.js';
import { isPostgres } from '../db/sql.js';

/* Kysely only: the outbox's queries, on both dialects. */

type Db = Kysely<Database>;

/** A delivery a worker holds, with its event. */
export interface EntregaReclamada {
  id: number;
  evento_id: number;
  canal: CanalEntrega;
  destino: string;
  /** Attempts including this one: the finishing update checks it (lease token). */
  intentos: number;
  tipo: string;
  payload: string;
  evento_created_at: string;
}

/**
 * Claims up to `limit` due deliveries: each claimed row gets one more attempt and its due
 * time moved to `leaseUntil`, so no other worker takes it meanwhile and, should this worker
 * die, it becomes due again when the lease runs out. PostgreSQL: `FOR UPDATE SKIP LOCKED`
 * lets workers claim side by side; SQLite: the one statement runs under its single writer.
 */
export async function claimDue(
  db: Db,
  now: string,
  leaseUntil: string,
  limit: number,
): Promise<EntregaReclamada[]> {
  const claimed = await db
    .updateTable('entregas')
    .set((eb) => ({ intentos: eb('intentos', '+', 1), proximo_intento_at: leaseUntil }))
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('entregas')
        .select('id')
        .where('estado', '=', 'pendiente')
        .where('proximo_intento_at', '<=', now)
        .orderBy('proximo_intento_at')
        .orderBy('id')
        .limit(limit)
        .$if(isPostgres(db), (qb) => qb.forUpdate().skipLocked()),
    )
    .where('estado', '=', 'pendiente')
    .returning(['id', 'evento_id', 'canal', 'destino', 'intentos'])
    .execute();
  if (claimed.length === 0) return [];
  const eventos = await db
    .selectFrom('eventos')
    .select(['id', 'tipo', 'payload', 'created_at'])
    .where(
      'id',
      'in',
      claimed.map((c) => c.evento_id),
    )
    .execute();
  const byId = new Map(eventos.map((e) => [Number(e.id), e]));
  return claimed
    .map((c) => {
      const evento = byId.get(Number(c.evento_id))!;
      return {
        id: Number(c.id),
        evento_id: Number(c.evento_id),
        canal: c.canal,
        destino: c.destino,
        intentos: Number(c.intentos),
        tipo: evento.tipo,
        payload: evento.payload,
        evento_created_at: String(evento.created_at),
      };
    })
    .sort((a, b) => a.id - b.id);
}

/**
 * Ends an attempt. Only the holder of the current lease may: a worker whose lease expired
 * and was claimed again finds `intentos` moved on and changes nothing.
 */
export async function finishAttempt(
  db: Db,
  entrega: Pick<EntregaReclamada, 'id' | 'intentos'>,
  result:
    | { estado: 'entregada'; at: string }
    | { estado: 'pendiente'; error: string; retryAt: string }
    | { estado: 'fallida'; error: string },
): Promise<boolean> {
  const set =
    result.estado === 'entregada'
      ? { estado: result.estado, entregada_at: result.at, ultimo_error: null }
      : result.estado === 'pendiente'
        ? { ultimo_error: result.error, proximo_intento_at: result.retryAt }
        : { estado: result.estado, ultimo_error: result.error };
  const updated = await db
    .updateTable('entregas')
    .set(set)
    .where('id', '=', entrega.id)
    .where('intentos', '=', entrega.intentos)
    .where('estado', '=', 'pendiente')
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/** Deliveries per channel and state, for `outbox status`. */
export async function countByEstado(db: Db) {
  const rows = await db
    .selectFrom('entregas')
    .select(['canal', 'estado', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['canal', 'estado'])
    .orderBy('canal')
    .orderBy('estado')
    .execute();
  return rows.map((r) => ({ canal: r.canal, estado: r.estado, n: Number(r.n) }));
}

/** The latest deliveries that reported an error (pending retry or given up). */
export async function listLastErrors(db: Db, limit: number) {
  return db
    .selectFrom('entregas as en')
    .innerJoin('eventos as ev', 'ev.id', 'en.evento_id')
    .select([
      'en.id',
      'en.canal',
      'en.destino',
      'en.estado',
      'en.intentos',
      'en.proximo_intento_at',
      'en.ultimo_error',
      'ev.tipo',
    ])
    .where('en.ultimo_error', 'is not', null)
    .where('en.estado', '!=', 'entregada')
    .orderBy('en.id', 'desc')
    .limit(limit)
    .execute();
}

/** The user an e-mail or push goes to, if still active. */
export function findUsuarioActivo(db: Db, usuarioId: number) {
  return db
    .selectFrom('usuarios')
    .select(['id', 'email', 'nombre'])
    .where('id', '=', usuarioId)
    .where('activo', '=', 1)
    .executeTakeFirst();
}

export function findWebhook(db: Db, id: number) {
  return db
    .selectFrom('webhooks')
    .select(['id', 'url', 'secret', 'activo'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertWebhook(
  db: Db,
  values: { url: string; secret: string; tipos: string[]; now: string },
): Promise<number> {
  const row = await db
    .insertInto('webhooks')
    .values({
      url: values.url,
      secret: values.secret,
      tipos: JSON.stringify(values.tipos),
      created_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Webhooks with their delivery counts (never their secrets). */
export async function listWebhooks(db: Db) {
  const rows = await db
    .selectFrom('webhooks as w')
    .select([
      'w.id',
      'w.url',
      'w.tipos',
      'w.activo',
      'w.created_at',
      (eb) =>
        eb
          .selectFrom('entregas as e')
          .select(eb.fn.countAll<number>().as('n'))
          .where('e.canal', '=', 'webhook')
          .where('e.destino', '=', sql<string>`cast(${eb.ref('w.id')} as text)`)
          .where('e.estado', '=', 'entregada')
          .as('entregadas'),
      (eb) =>
        eb
          .selectFrom('entregas as e')
          .select(eb.fn.countAll<number>().as('n'))
          .where('e.canal', '=', 'webhook')
          .where('e.destino', '=', sql<string>`cast(${eb.ref('w.id')} as text)`)
          .where('e.estado', '=', 'fallida')
          .as('fallidas'),
    ])
    .orderBy('w.id')
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    url: r.url,
    tipos: JSON.parse(r.tipos) as string[],
    activo: r.activo === 1,
    created_at: String(r.created_at),
    entregadas: Number(r.entregadas ?? 0),
    fallidas: Number(r.fallidas ?? 0),
  }));
}

/**
 * Deletes a webhook; its pending deliveries are given up (the log of past ones stays).
 * False when no such webhook exists.
 */
export async function deleteWebhook(db: Db, id: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const deleted = await trx.deleteFrom('webhooks').where('id', '=', id).executeTakeFirst();
    if (deleted.numDeletedRows === 0n) return false;
    await trx
      .updateTable('entregas')
      .set({ estado: 'fallida', ultimo_error: 'Webhook eliminado' })
      .where('canal', '=', 'webhook')
      .where('destino', '=', String(id))
      .where('estado', '=', 'pendiente')
      .execute();
    return true;
  });
}
