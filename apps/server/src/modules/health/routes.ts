import { checkLiveness, checkReadiness } from '@extranet/contracts/system/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { pingDatabase } from '../../db/connection.js';
import { registerEndpoint } from '../../lib/endpoint-route.js';
import { sendError } from '../../plugins/errors.js';

/** Liveness (process up) and readiness (database answers) for load balancers and orchestrators. */
const healthRoutes: FastifyPluginAsync = async (app) => {
  await registerEndpoint(app, checkLiveness, {
    handler: async () => ({ status: 'ok' as const }),
  });

  await registerEndpoint(app, checkReadiness, {
    handler: async (request, reply) => {
      try {
        await pingDatabase(app.db);
        return { status: 'ok' as const };
      } catch (err) {
        request.log.warn({ err }, 'database not ready');
        return sendError(reply, 503, 'NOT_READY', 'La base de datos no responde.');
      }
    },
  });
};

export default healthRoutes;
