import { supplierResources } from '@extranet/contracts/menus/menu';
import {
  downloadPrevencionArchivo,
  listPrevencion as listPrevencionEndpoint,
  markPrevencionLeido,
} from '@extranet/contracts/prevencion/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.js';
import { proveedorActorOf } from '../../plugins/actor.js';
import { requireProveedor, requireResource } from '../../plugins/session.js';
import { sendArchivo } from '../archivos/send-file.js';
import { archivoDePrevencion, listPrevencion, marcarLeido } from './service.js';

const guard = [requireProveedor, requireResource(supplierResources.prevencion)];

/** Risk-prevention documents: list, download and acknowledgement (issue 4, "Prevención"). */
const prevencionRoutes: FastifyPluginAsync = async (app) => {
  await registerEndpoint(app, listPrevencionEndpoint, {
    preHandler: guard,
    handler: async (request) => listPrevencion(app.db, proveedorActorOf(request).proveedorId),
  });

  await registerEndpoint(app, downloadPrevencionArchivo, {
    preHandler: guard,
    handler: async (request, reply) => {
      const archivo = await archivoDePrevencion(app.db, request.params.id);
      return sendArchivo(reply, app, archivo);
    },
  });

  await registerEndpoint(app, markPrevencionLeido, {
    preHandler: guard,
    handler: async (request) => marcarLeido(app.db, proveedorActorOf(request), request.params.id),
  });
};

export default prevencionRoutes;
