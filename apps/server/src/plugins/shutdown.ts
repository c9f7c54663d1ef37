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

    // Callback-style hooks: see plugins/security-headers.ts. A reply sent from onRequest ends
    // the request there; Fastify runs nothing after it.
    app.addHook('onRequest', (_request, reply, done) => {
      if (!closing) return done();
      reply.header('connection', 'close');
      sendError(
        reply,
        503,
        'SHUTTING_DOWN',
        'El servidor se está reiniciando. Vuelva a intentarlo en unos segundos.',
      );
    });

    // A request in flight when the close began would otherwise end on a kept-alive connection
    // that nobody closes (closeIdleConnections ran before it was idle), holding the process
    // open until keepAliveTimeout or the shutdown deadline.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (closing) reply.header('connection', 'close');
      done(null, payload);
    });

    app.decorate('isShuttingDown', () => closing !== undefined);
    app.decorate('shutdown', () => {
      closing ??= app.close();
      return closing;
    });
  },
  { name: 'shutdown' },
);
