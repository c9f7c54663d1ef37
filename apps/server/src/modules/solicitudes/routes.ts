import { customerResources } from '@extranet/contracts/menus/menu';
import { createSolicitud, listSolicitudes } from '@extranet/contracts/solicitudes/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { clienteSection } from '../../plugins/section-endpoints.js';
import { crearSolicitud, listSolicitudesPage } from './service.js';

/** "Solicitar Transporte" (issue 5): send a request (e-mailed to the operators) and list them. */
const solicitudesRoutes: FastifyPluginAsync = async (app) => {
  const solicitudes = clienteSection(app, customerResources.solicitar);
  await solicitudes.endpoint(createSolicitud, async (actor, { body }, reply) =>
    reply
      .code(201)
      .header('cache-control', 'no-store')
      .send(await crearSolicitud(app.db, actor, body)),
  );
  await solicitudes.list(listSolicitudes, listSolicitudesPage);
};

export default solicitudesRoutes;
