import { ApiError } from '@extranet/contracts/common/error';
import { customerResources } from '@extranet/contracts/menus/menu';
import {
  Solicitud,
  SolicitudCrear,
  SolicitudesPage,
  SolicitudesQuery,
} from '@extranet/contracts/solicitudes/solicitud';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clienteActorOf } from '../../plugins/actor.js';
import { requireResource } from '../../plugins/session.js';
import { crearSolicitud, listSolicitudesPage } from './service.js';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError };
const guard = requireResource(customerResources.solicitar);

/** "Solicitar Transporte" (issue 5): send a request (e-mailed to the operators) and list them. */
const solicitudesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/clientes/solicitudes',
    {
      preHandler: guard,
      schema: {
        tags: ['solicitudes'],
        summary: 'Envía una solicitud de transporte (se avisa por e-mail a los operadores)',
        body: SolicitudCrear,
        response: { 201: Solicitud, ...errors },
      },
    },
    async (request, reply) => {
      const solicitud = await crearSolicitud(app.db, clienteActorOf(request), request.body);
      return reply.code(201).header('cache-control', 'no-store').send(solicitud);
    },
  );

  app.get(
    '/api/clientes/solicitudes',
    {
      preHandler: guard,
      schema: {
        tags: ['solicitudes'],
        summary: 'Solicitudes de transporte del cliente con su estado (paginación por cursor)',
        querystring: SolicitudesQuery,
        response: { 200: SolicitudesPage, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listSolicitudesPage(app.db, clienteActorOf(request).clienteId, request.query);
    },
  );
};

export default solicitudesRoutes;
