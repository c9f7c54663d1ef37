import { awardCarga, upsertCargas } from '@extranet/contracts/integracion/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../../lib/endpoint-route.js';
import { guarded, sendIdempotent } from '../http.js';
import { adjudicarCarga, upsertCargasLote } from './service.js';

/** Loads of the exchange and their award, fed by the ERP (issue 6). */
const cargasIntegracionRoutes: FastifyPluginAsync = async (app) => {
  await registerEndpoint(app, upsertCargas, {
    ...guarded('cargas:write'),
    handler: (request, reply) =>
      sendIdempotent(request, reply, (trx) => upsertCargasLote(trx, request.body)),
  });

  await registerEndpoint(app, awardCarga, {
    ...guarded('cargas:write'),
    handler: (request, reply) =>
      sendIdempotent(request, reply, (trx) =>
        adjudicarCarga(trx, request.params.referencia, request.body),
      ),
  });
};

export default cargasIntegracionRoutes;
