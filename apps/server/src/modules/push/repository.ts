import type { Kysely } from 'kysely';
import type { Database, Portal } from '../../db/database.js';
import type { VapidKeys } from '../../push/push-sender.js';

const VAPID_PUBLIC = 'vapid_public_key';
const VAPID_PRIVATE = 'vapid_private_key';

/** The VAPID key pair kept in `ajustes`, or undefined before the first start. */
export async function findVapidKeys(db: Kysely<Database>): Promise<VapidKeys | undefined> {
  const rows = await db
    .selectFrom('ajustes')
    .select(['clave', 'valor'])
    .where('clave', 'in', [VAPID_PUBLIC, VAPID_PRIVATE])
    .execute();
  const publicKey = rows.find((r) => r.clave === VAPID_PUBLIC)?.valor;
  const privateKey = rows.find((r) => r.clave === VAPID_PRIVATE)?.valor;
  return publicKey && privateKey ? { publicKey, privateKey } : undefined;
}

/**
 * Stores a key pair unless one is there already. One statement for both rows, so instances
 * starting together keep a single, matching pair: the loser's insert does nothing.
 */
export async function insertVapidKeysIfAbsent(db: Kysely<Database>, keys: VapidKeys) {
  await db
    .insertInto('ajustes')
    .values([
      { clave: VAPID_PUBLIC, valor: keys.publicKey },
      { clave: VAPID_PRIVATE, valor: keys.privateKey },
    ])
    .onConflict((oc) => oc.column('clave').doNothing())
    .execute();
}

export interface SubscriptionValues {
  usuarioId: number;
  portal: Portal;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | null;
  now: string;
}

/**
 * Inserts the subscription or, when its endpoint is already stored (the same browser), moves
 * it to this user and portal with the current keys. Returns its id, stable per endpoint.
 */
export async function upsertSubscription(
  db: Kysely<Database>,
  v: SubscriptionValues,
): Promise<number> {
  const row = await db
    .insertInto('push_subscriptions')
    .values({
      usuario_id: v.usuarioId,
      portal: v.portal,
      endpoint: v.endpoint,
      p256dh: v.p256dh,
      auth: v.auth,
      user_agent: v.userAgent,
      created_at: v.now,
      updated_at: v.now,
    })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({
        usuario_id: v.usuarioId,
        portal: v.portal,
        p256dh: v.p256dh,
        auth: v.auth,
        user_agent: v.userAgent,
        updated_at: v.now,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Moves a stored subscription to a user and portal; false when no such id exists. */
export async function reassignSubscription(
  db: Kysely<Database>,
  id: number,
  usuarioId: number,
  portal: Portal,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('push_subscriptions')
    .set({ usuario_id: usuarioId, portal, updated_at: now })
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The subscriptions of one user in one portal: where that user's notifications go. */
export function listSubscriptionsOfUser(db: Kysely<Database>, usuarioId: number, portal: Portal) {
  return db
    .selectFrom('push_subscriptions')
    .select(['id', 'endpoint', 'p256dh', 'auth'])
    .where('usuario_id', '=', usuarioId)
    .where('portal', '=', portal)
    .orderBy('id')
    .execute();
}

export async function deleteSubscription(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}
