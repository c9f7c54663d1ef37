import { AccessLinkRequest } from '@extranet/contracts/auth/login';
import { AuthSession } from '@extranet/contracts/auth/session';
import { ApiError } from '@extranet/contracts/common/error';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { issueCsrfCookie } from '../../plugins/csrf.js';
import { setSessionCookie } from '../../plugins/session.js';
import { describeSession } from '../auth/service.js';
import { openAccessLink } from './service.js';

/** The `{id}/{token}` pages of spec §2 exchange their pair for a session here. */
const accessLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const portal of ['clientes', 'proveedores'] as const) {
    app.post(
      `/api/${portal}/access`,
      {
        schema: {
          tags: ['auth'],
          summary: `Abre una sesión con un enlace de acceso del portal de ${portal}`,
          body: AccessLinkRequest,
          response: { 200: AuthSession, 404: ApiError },
        },
      },
      async (request, reply) => {
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
    );
  }
};

export default accessLinkRoutes;
