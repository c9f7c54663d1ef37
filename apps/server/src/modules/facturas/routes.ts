import {
  downloadFacturaPdf,
  getFactura as getFacturaEndpoint,
  listFacturas,
} from '@extranet/contracts/facturas/endpoints';
import { customerResources } from '@extranet/contracts/menus/menu';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.js';
import { clienteActorOf } from '../../plugins/actor.js';
import { requireResource } from '../../plugins/session.js';
import { sendArchivo } from '../archivos/send-file.js';
import { facturaPdf, getFactura, listFacturasPage } from './service.js';

const guard = requireResource(customerResources.facturas);

/** Customer invoices (issue 5): list with paid / pending / overdue filter, detail and PDF. */
const facturasRoutes: FastifyPluginAsync = async (app) => {
  await registerEndpoint(app, listFacturas, {
    preHandler: guard,
    handler: async (request) =>
      listFacturasPage(app.db, clienteActorOf(request).clienteId, request.query),
  });

  await registerEndpoint(app, getFacturaEndpoint, {
    preHandler: guard,
    handler: async (request) =>
      getFactura(app.db, clienteActorOf(request).clienteId, request.params.id),
  });

  await registerEndpoint(app, downloadFacturaPdf, {
    preHandler: guard,
    handler: async (request, reply) => {
      const archivo = await facturaPdf(
        { db: app.db, storage: app.storage, log: request.log },
        clienteActorOf(request),
        request.params.id,
      );
      return sendArchivo(reply, app, archivo);
    },
  });
};

export default facturasRoutes;
