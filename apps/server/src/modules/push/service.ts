import type { PushSubscriptionJson } from '@extranet/contracts/push/subscription';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, Portal } from '../../db/database.js';
import { clock } from '../../lib/clock.js';
import { HttpError } from '../../lib/http-error.js';
import type { PushPayload, PushResult, PushService } from '../../push/push-sender.js';
import { listSubscriptionsOfUser, reassignSubscription, upsertSubscription } from './repository.js';

/** The signed-in user a subscription is stored for. */
export interface PushOwner {
  usuarioId: number;
  portal: Portal;
}

/**
 * Stores the browser's subscription for this user and portal. The endpoint identifies the
 * browser: subscribing again returns the same id and moves it to whoever is signed in now.
 */
export async function subscribe(
  db: Kysely<Database>,
  owner: PushOwner,
  subscription: PushSubscriptionJson,
  userAgent: string | undefined,
): Promise<{ id: number }> {
  const id = await upsertSubscription(db, {
    usuarioId: owner.usuarioId,
    portal: owner.portal,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    userAgent: userAgent?.slice(0, 512) ?? null,
    now: clock.now().toISOString(),
  });
  return { id };
}

/**
 * Attaches the subscription this browser stored earlier (its id is in session storage) to
 * the user now signed in. Nothing about the subscription is returned but its id.
 */
export async function reassign(
  db: Kysely<Database>,
  owner: PushOwner,
  subscriptionId: number,
): Promise<{ id: number }> {
  const found = await reassignSubscription(
    db,
    subscriptionId,
    owner.usuarioId,
    owner.portal,
    clock.now().toISOString(),
  );
  if (!found) throw new HttpError(404, 'NOT_FOUND', 'Suscripción no encontrada.');
  return { id: subscriptionId };
}

/** Sends a notification to every browser of one user in one portal; gone ones are removed. */
export async function notifyUser(
  deps: { db: Kysely<Database>; push: PushService; log: Pick<FastifyBaseLogger, 'warn'> },
  owner: PushOwner,
  payload: PushPayload,
): Promise<Array<PushResult | 'failed'>> {
  const targets = await listSubscriptionsOfUser(deps.db, owner.usuarioId, owner.portal);
  return Promise.all(
    targets.map((target) =>
      deps.push.send(target, payload).catch((err: unknown) => {
        // One unreachable push service must not stop the others.
        deps.log.warn({ err, subscriptionId: target.id }, 'push notification failed');
        return 'failed' as const;
      }),
    ),
  );
}
