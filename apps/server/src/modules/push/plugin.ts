import type { Agent } from 'node:https';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deleteSubscription, findVapidKeys, insertVapidKeysIfAbsent } from './repository.js';
import {
  createWebPushService,
  generateVapidKeys,
  vapidSubject,
  type PushService,
} from '../../push/push-sender.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Web Push with the VAPID keys of this installation. */
    push: PushService;
  }
}

export interface PushPluginOptions {
  /** A ready service (tests); otherwise Web Push with the keys kept in the database. */
  push?: PushService | undefined;
  /** HTTPS agent for the push requests (tests trust a local push service with it). */
  agent?: Agent | undefined;
}

/**
 * Loads the VAPID keys once at start-up, generating and storing them on the very first start
 * (DESIGN.md "Push"), so every instance and every restart signs with the same identity and
 * browsers' existing subscriptions stay valid.
 */
export default fp<PushPluginOptions>(
  async function pushPlugin(app: FastifyInstance, options) {
    if (options.push) {
      app.decorate('push', options.push);
      return;
    }
    let keys = await findVapidKeys(app.db);
    if (!keys) {
      await insertVapidKeysIfAbsent(app.db, generateVapidKeys());
      keys = await findVapidKeys(app.db);
      if (!keys) throw new Error('No se han podido guardar las claves VAPID');
      app.log.info('VAPID keys generated');
    }
    const db = app.db;
    app.decorate(
      'push',
      createWebPushService({
        keys,
        subject: vapidSubject(app.config.publicUrl, app.config.mailFrom),
        onGone: (target) => deleteSubscription(db, target.id),
        ...(options.agent ? { agent: options.agent } : {}),
      }),
    );
  },
  { name: 'push', dependencies: ['database'] },
);
