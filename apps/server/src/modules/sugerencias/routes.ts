import { customerResources } from '@extranet/contracts/menus/menu';
import { createSugerencia, listSugerencias } from '@extranet/contracts/sugerencias/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.js';
import { clienteActorOf } from '../../plugins/actor.js';
import { requireResource } from '../../plugins/session.js';
import { crearSugerencia, listSugerenciasPage } from './service.js';

const guard = requireResource(customerResources.sugerencias);

/** "Sugerencias" (issue 5): send a suggestion and list this client's. */
const sugerenciasRoutes: FastifyPluginAsync = async (app) => {
  await registerEndpoint(app, createSugerencia, {
    preHandler: guard,
    handler: async (request, reply) => {
      const sugerencia = await crearSugerencia(app.db, clienteActorOf(request), request.body);
      return reply.code(201).header('cache-control', 'no-store').send(sugerencia);
    },
  });

  await registerEndpoint(app, listSugerencias, {
    preHandler: guard,
    handler: async (request) =>
      listSugerenciasPage(app.db, clienteActorOf(request).clienteId, request.query),
  });
};

export default sugerenciasRoutes;
