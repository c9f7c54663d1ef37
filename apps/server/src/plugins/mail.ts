import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer } from '../mail/create-mailer.js';
import type { Mailer } from '../mail/mailer.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends e-mail: SMTP when configured, `.eml` files in `<DATA_DIR>/outbox` otherwise. */
    mailer: Mailer;
  }
}

/** Decorates the app with its mailer; tests pass their own to observe or fail sending. */
export default fp<{ mailer?: Mailer | undefined }>(
  async function mailPlugin(app: FastifyInstance, options) {
    app.decorate('mailer', options.mailer ?? createMailer(app.config, app.log));
  },
  { name: 'mail' },
);
