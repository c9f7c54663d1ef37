import { upsertTransportes } from '@extranet/contracts/integracion/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../../lib/endpoint-route.js';
import { guarded, sendIdempotent } from '../http.js';
import { upsertTransportesLote } from './service.js';

/** `PUT /api/integration/v1/transportes`: carriers' transports and their legs (issue 6). */
const transportesIntegracionRoutes: FastifyPluginAsync = async (app) => {
  await registerEndpoint(app, upsertTransportes, {
    ...guarded('transportes:write'),
    handler: (request, reply) =>
      sendIdempotent(request, reply, (trx) => upsertTransportesLote(trx, request.body)),
  });
};

export default transportesIntegracionRoutes;
