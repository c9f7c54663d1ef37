import { ApiError } from '@extranet/contracts/common/error';
import { customerResources } from '@extranet/contracts/menus/menu';
import {
  Sugerencia,
  SugerenciaCrear,
  SugerenciasPage,
  SugerenciasQuery,
} from '@extranet/contracts/sugerencias/sugerencia';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clienteActorOf } from '../../plugins/actor.js';
import { requireResource } from '../../plugins/session.js';
import { crearSugerencia, listSugerenciasPage } from './service.js';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError };
const guard = requireResource(customerResources.sugerencias);

/** "Sugerencias" (issue 5): send a suggestion and list this client's. */
const sugerenciasRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/clientes/sugerencias',
    {
      preHandler: guard,
      schema: {
        tags: ['sugerencias'],
        summary: 'Envía una sugerencia',
        body: SugerenciaCrear,
        response: { 201: Sugerencia, ...errors },
      },
    },
    async (request, reply) => {
      const sugerencia = await crearSugerencia(app.db, clienteActorOf(request), request.body);
      return reply.code(201).header('cache-control', 'no-store').send(sugerencia);
    },
  );

  app.get(
    '/api/clientes/sugerencias',
    {
      preHandler: guard,
      schema: {
        tags: ['sugerencias'],
        summary: 'Sugerencias enviadas por el cliente (paginación por cursor)',
        querystring: SugerenciasQuery,
        response: { 200: SugerenciasPage, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listSugerenciasPage(app.db, clienteActorOf(request).clienteId, request.query);
    },
  );
};

export default sugerenciasRoutes;
