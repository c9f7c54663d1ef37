import { customerResources } from '@extranet/contracts/menus/menu';
import {
  exportHistorico,
  exportPortes,
  listHistorico,
  listPortes,
} from '@extranet/contracts/portes/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { versionesDe } from '../../db/versiones.js';
import { registerEndpoint } from '../../lib/endpoint-route.js';
import { registerExportEndpoints } from '../../lib/export-route.js';
import { clienteActorOf } from '../../plugins/actor.js';
import { requireResource } from '../../plugins/session.js';
import {
  exportActivos,
  exportHistorico as exportHistoricoStream,
  listActivos,
  listHistoricoPage,
} from './service.js';

/**
 * Customer shipments (issue 5): active shipments, history and their CSV/XLSX exports (the
 * tracking of one shipment is the `tracking` module). Every handler passes the session's client
 * to the service; the repository filters by it.
 */
const portesRoutes: FastifyPluginAsync = async (app) => {
  await registerEndpoint(app, listPortes, {
    preHandler: requireResource(customerResources.portes),
    // Conditional (decision 014): everything the page reads bumps the client's counter.
    etag: async (request) => {
      const { clienteId } = clienteActorOf(request);
      return ['cliente', clienteId, ...(await versionesDe(app.db, 'cliente', clienteId))];
    },
    handler: async (request) =>
      listActivos(app.db, clienteActorOf(request).clienteId, request.query),
  });

  await registerEndpoint(app, listHistorico, {
    preHandler: requireResource(customerResources.historico),
    handler: async (request) =>
      listHistoricoPage(app.db, clienteActorOf(request).clienteId, request.query),
  });

  await registerExportEndpoints(app, exportPortes, {
    preHandler: requireResource(customerResources.portes),
    fileName: 'portes',
    stream: (request, format) =>
      exportActivos(app.db, clienteActorOf(request).clienteId, request.query, format),
  });

  await registerExportEndpoints(app, exportHistorico, {
    preHandler: requireResource(customerResources.historico),
    fileName: 'historico-portes',
    stream: (request, format) =>
      exportHistoricoStream(app.db, clienteActorOf(request).clienteId, request.query, format),
  });
};

export default portesRoutes;
