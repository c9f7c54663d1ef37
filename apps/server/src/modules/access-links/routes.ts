import { byPortal } from '@extranet/contracts/auth/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.js';
import { issueCsrfCookie } from '../../plugins/csrf.js';
import { setSessionCookie } from '../../plugins/session.js';
import { describeSession } from '../auth/service.js';
import { openAccessLink } from './service.js';

/** The `{id}/{token}` pages of spec §2 exchange their pair for a session here. */
const accessLinkRoutes: FastifyPluginAsync = async (app) => {
  for (const portal of ['clientes', 'proveedores'] as const) {
    await registerEndpoint(app, byPortal.accessLink[portal], {
      handler: async (request, reply) => {
        const created = await openAccessLink(app.db, app.config, {
          portal,
          id: request.body.id,
          token: request.body.token,
          ip: request.ip,
          previousSessionKey: request.sessionKey,
        });
        setSessionCookie(reply, created.cookieValue);
        issueCsrfCookie(request, reply, created.key);
        reply.header('cache-control', 'no-store');
        return describeSession(app.db, created.session);
      },
    });
  }
};

export default accessLinkRoutes;
