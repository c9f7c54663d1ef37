import { listNovedades } from '@extranet/contracts/integracion/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../../lib/endpoint-route.js';
import { requireScope } from '../../../plugins/integration-auth.js';
import { leerNovedades } from './service.js';

/**
 * `GET /api/integration/v1/novedades` (issue 6): for an ERP that polls instead of receiving
 * webhooks, the events after its cursor. A read: no Idempotency-Key, repeatable at will.
 */
const novedadesRoutes: FastifyPluginAsync = async (app) => {
  await registerEndpoint(app, listNovedades, {
    preHandler: requireScope('novedades:read'),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return leerNovedades(app.db, request.query);
    },
  });
};

export default novedadesRoutes;
