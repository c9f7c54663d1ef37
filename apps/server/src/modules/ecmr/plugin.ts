import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { findClavePrivada, insertClavePrivadaSiFalta } from './clave-repository.js';
import { generarClavePrivada, selloDe, type SelloEcmr } from './sello.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The Ed25519 key that seals the e-CMR events (decision 013). */
    ecmrSello: SelloEcmr;
  }
}

/**
 * Loads the e-CMR sealing key at start-up, generating and storing it on the very first start
 * like the VAPID keys (`ajustes`, one insert-if-absent, so instances starting together agree):
 * every instance and every restart seals with the same key, and old seals stay verifiable.
 */
export default fp(
  async function ecmrSelloPlugin(app: FastifyInstance) {
    let pem = await findClavePrivada(app.db);
    if (!pem) {
      await insertClavePrivadaSiFalta(app.db, generarClavePrivada());
      pem = await findClavePrivada(app.db);
      if (!pem) throw new Error('No se ha podido guardar la clave del e-CMR');
      app.log.info('e-CMR sealing key generated');
    }
    app.decorate('ecmrSello', selloDe(pem));
  },
  { name: 'ecmr-sello', dependencies: ['database'] },
);
