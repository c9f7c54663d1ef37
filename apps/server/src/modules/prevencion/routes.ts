import { ApiError } from '@extranet/contracts/common/error';
import { supplierResources } from '@extranet/contracts/menus/menu';
import {
  PrevencionDocumento,
  PrevencionIdParams,
  PrevencionList,
} from '@extranet/contracts/prevencion/prevencion';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireProveedor, requireResource } from '../../plugins/session.js';
import { sendArchivo } from '../archivos/send-file.js';
import { proveedorActorOf } from '../../plugins/actor.js';
import { archivoDePrevencion, listPrevencion, marcarLeido } from './service.js';

const guard = [requireProveedor, requireResource(supplierResources.prevencion)];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };

/** Risk-prevention documents: list, download and acknowledgement (issue 4, "Prevención"). */
const prevencionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/proveedores/prevencion',
    {
      preHandler: guard,
      schema: {
        tags: ['prevencion'],
        summary: 'Documentos de prevención publicados con la fecha de lectura propia',
        response: { 200: PrevencionList, 401: ApiError, 403: ApiError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listPrevencion(app.db, proveedorActorOf(request).proveedorId);
    },
  );

  app.get(
    '/api/proveedores/prevencion/:id/archivo',
    {
      preHandler: guard,
      schema: {
        tags: ['prevencion'],
        summary: 'Descarga el fichero de un documento de prevención',
        produces: ['application/pdf'],
        params: PrevencionIdParams,
        response: errors,
      },
    },
    async (request, reply) => {
      const archivo = await archivoDePrevencion(app.db, request.params.id);
      return sendArchivo(reply, app, archivo);
    },
  );

  app.post(
    '/api/proveedores/prevencion/:id/leido',
    {
      preHandler: guard,
      schema: {
        tags: ['prevencion'],
        summary: 'Marca un documento como leído (idempotente: conserva la primera fecha)',
        params: PrevencionIdParams,
        response: { 200: PrevencionDocumento, ...errors },
      },
    },
    async (request) => marcarLeido(app.db, proveedorActorOf(request), request.params.id),
  );
};

export default prevencionRoutes;
