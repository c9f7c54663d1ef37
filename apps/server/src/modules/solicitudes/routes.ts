import { customerResources } from '@extranet/contracts/menus/menu';
import { createSolicitud, listSolicitudes } from '@extranet/contracts/solicitudes/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.js';
import { clienteActorOf } from '../../plugins/actor.js';
import { requireResource } from '../../plugins/session.js';
import { crearSolicitud, listSolicitudesPage } from './service.js';

const guard = requireResource(customerResources.solicitar);

/** "Solicitar Transporte" (issue 5): send a request (e-mailed to the operators) and list them. */
const solicitudesRoutes: FastifyPluginAsync = async (app) => {
  await registerEndpoint(app, createSolicitud, {
    preHandler: guard,
    handler: async (request, reply) => {
      const solicitud = await crearSolicitud(app.db, clienteActorOf(request), request.body);
      return reply.code(201).header('cache-control', 'no-store').send(solicitud);
    },
  });

  await registerEndpoint(app, listSolicitudes, {
    preHandler: guard,
    handler: async (request) =>
      listSolicitudesPage(app.db, clienteActorOf(request).clienteId, request.query),
  });
};

export default solicitudesRoutes;
