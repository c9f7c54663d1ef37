import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Starts a graceful close: in-flight requests finish, new ones get 503. */
    shutdown(): Promise<void>;
    isShuttingDown(): boolean;
  }
}

/**
 * Graceful shutdown. Fastify's own close stops accepting connections and waits for
 * in-flight requests; this adds the Spanish 503 for requests that still arrive on
 * kept-alive connections meanwhile.
 */
export default fp(
  async function shutdownPlugin(app: FastifyInstance) {
    let closing: Promise<void> | undefined;

    app.addHook('onRequest', async (_request, reply) => {
      if (closing) {
        reply.header('connection', 'close');
        return sendError(
          reply,
          503,
          'SHUTTING_DOWN',
          'El servidor se está reiniciando. Vuelva a intentarlo en unos segundos.',
        );
      }
    });

    // A request in flight when the close began would otherwise end on a kept-alive connection
    // that nobody closes (closeIdleConnections ran before it was idle), holding the process
    // open until keepAliveTimeout or the shutdown deadline.
    app.addHook('onSend', async (_request, reply) => {
      if (closing) reply.header('connection', 'close');
    });

    app.decorate('isShuttingDown', () => closing !== undefined);
    app.decorate('shutdown', () => {
      closing ??= app.close();
      return closing;
    });
  },
  { name: 'shutdown' },
);
