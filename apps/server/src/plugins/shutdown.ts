import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../lib/http-error.js';
import { sendError } from './errors.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Starts a graceful close: in-flight requests finish, new ones get 503. */
    shutdown(): Promise<void>;
    isShuttingDown(): boolean;
    /**
     * Registers an upload still receiving its body: `abort` is called with the 503 to end it
     * with if a shutdown's upload grace runs out first. Returns the call that unregisters it.
     */
    trackUpload(abort: (error: HttpError) => void): () => void;
  }
}

const SHUTTING_DOWN_MESSAGE =
  'El servidor se está reiniciando. Vuelva a intentarlo en unos segundos.';

/**
 * Graceful shutdown (docs/operations.md). The listener closes at once; in-flight requests
 * finish; requests that arrive meanwhile on connections already open (kept alive by a browser
 * or a load balancer) get a Spanish 503 with `Connection: close`, so the client retries
 * elsewhere instead of seeing a reset. Uploads still receiving their body after half of
 * SHUTDOWN_TIMEOUT_MS are aborted (their temp file removed, a 503 answered), so a slow client
 * cannot hold the process past its deadline. Idle connections are closed once nothing is in
 * flight.
 */
export default fp(
  async function shutdownPlugin(app: FastifyInstance) {
    let closing: Promise<void> | undefined;
    let draining = false;
    let uploadsAborted = false;
    const uploads = new Set<(error: HttpError) => void>();
    const shuttingDown = () => new HttpError(503, 'SHUTTING_DOWN', SHUTTING_DOWN_MESSAGE);

    // Callback-style hooks: see plugins/security-headers.ts. A reply sent from onRequest ends
    // the request there; Fastify runs nothing after it.
    app.addHook('onRequest', (_request, reply, done) => {
      if (!closing) return done();
      reply.header('connection', 'close');
      sendError(reply, 503, 'SHUTTING_DOWN', SHUTTING_DOWN_MESSAGE);
    });

    // A request in flight when the close began would otherwise end on a kept-alive connection
    // that nobody closes, holding the process open until keepAliveTimeout or the deadline.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (closing) reply.header('connection', 'close');
      done(null, payload);
    });

    // Requests in flight on the real server (responses not yet closed, aborted ones included).
    let inFlight = 0;
    const server = app.server;
    const closeIdleConnections = server.closeIdleConnections.bind(server);
    const closeIdleWhenDrained = () => {
      if (draining && inFlight === 0) closeIdleConnections();
    };
    server.on('request', (_req, res) => {
      inFlight += 1;
      res.once('close', () => {
        inFlight -= 1;
        closeIdleWhenDrained();
      });
    });
    // Node's server.close() (and Fastify's close) close idle connections at once; while
    // draining they stay open, so a request that arrives on one gets the 503, not a reset.
    server.closeIdleConnections = () => {
      if (!draining) closeIdleConnections();
    };

    app.decorate('isShuttingDown', () => closing !== undefined);
    app.decorate('trackUpload', (abort: (error: HttpError) => void) => {
      if (uploadsAborted) {
        abort(shuttingDown());
        return () => undefined;
      }
      uploads.add(abort);
      return () => uploads.delete(abort);
    });
    app.decorate('shutdown', () => {
      if (closing) return closing;
      draining = true;
      const graceMs = app.config.shutdownTimeoutMs / 2;
      const abortUploads = setTimeout(() => {
        uploadsAborted = true;
        for (const abort of uploads) abort(shuttingDown());
        uploads.clear();
      }, graceMs);
      abortUploads.unref();
      closing = app.close().finally(() => clearTimeout(abortUploads));
      closeIdleWhenDrained();
      return closing;
    });
  },
  { name: 'shutdown' },
);
