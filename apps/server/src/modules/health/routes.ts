import { ApiError } from '@extranet/contracts/common/error';
import { HealthStatus } from '@extranet/contracts/system/health';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase } from '../../db/connection.js';
import { sendError } from '../../plugins/errors.js';

/** Liveness (process up) and readiness (database answers) for load balancers and orchestrators. */
const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['sistema'],
        summary: 'El proceso está en marcha',
        response: { 200: HealthStatus },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['sistema'],
        summary: 'El proceso y su base de datos responden',
        response: { 200: HealthStatus, 503: ApiError },
      },
    },
    async (request, reply) => {
      try {
        await pingDatabase(app.db);
        return { status: 'ok' as const };
      } catch (err) {
        request.log.warn({ err }, 'database not ready');
        return sendError(reply, 503, 'NOT_READY', 'La base de datos no responde.');
      }
    },
  );
};

export default healthRoutes;
