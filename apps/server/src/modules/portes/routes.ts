import { customerResources } from '@extranet/contracts/menus/menu';
import { exportHistorico, listHistorico, listPortes } from '@extranet/contracts/portes/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.js';
import { clienteActorOf } from '../../plugins/actor.js';
import { requireResource } from '../../plugins/session.js';
import { exportHistoricoCsv, listActivos, listHistoricoPage } from './service.js';

/**
 * Customer shipments (issue 5): active shipments, history and its CSV export (the tracking of
 * one shipment is the `tracking` module). Every handler passes the session's client to the
 * service; the repository filters by it.
 */
const portesRoutes: FastifyPluginAsync = async (app) => {
  await registerEndpoint(app, listPortes, {
    preHandler: requireResource(customerResources.portes),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listActivos(app.db, clienteActorOf(request).clienteId, request.query);
    },
  });

  await registerEndpoint(app, listHistorico, {
    preHandler: requireResource(customerResources.historico),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listHistoricoPage(app.db, clienteActorOf(request).clienteId, request.query);
    },
  });

  await registerEndpoint(app, exportHistorico, {
    preHandler: requireResource(customerResources.historico),
    handler: async (request, reply) => {
      const stream = exportHistoricoCsv(app.db, clienteActorOf(request).clienteId, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="historico-portes.csv"')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  });
};

export default portesRoutes;
