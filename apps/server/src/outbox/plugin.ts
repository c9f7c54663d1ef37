import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createOutboxWorker, type OutboxWorker, type OutboxWorkerOptions } from './worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox worker; server.ts starts it, tests run rounds with `runOnce()`. */
    outbox: OutboxWorker;
  }
}

/**
 * Creates the outbox worker without starting it, and stops it before the app closes (so a
 * round in progress finishes before the database is closed under it).
 */
export default fp<OutboxWorkerOptions>(
  async function outboxPlugin(app: FastifyInstance, options) {
    const worker = createOutboxWorker(app, options);
    app.decorate('outbox', worker);
    app.addHook('preClose', async () => {
      await worker.stop();
    });
  },
  { name: 'outbox', dependencies: ['database', 'mail', 'push'] },
);
