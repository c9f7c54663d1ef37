import { customerResources } from '@extranet/contracts/menus/menu';
import {
  getTracking as getTrackingEndpoint,
  searchTracking,
} from '@extranet/contracts/tracking/endpoints';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { versionesDe } from '../../db/versiones.js';
import { registerEndpoint } from '../../lib/endpoint-route.js';
import { clienteActorOf } from '../../plugins/actor.js';
import { requireResource, sessionOf } from '../../plugins/session.js';
import { sessionHasResource } from '../menus/service.js';
import { buscarTracking, getTracking } from './service.js';

/**
 * Customer tracking (issue 5): the search and one shipment's stops, position and documents.
 * Every handler passes the session's client to the service; the repository filters by it.
 */
const trackingRoutes: FastifyPluginAsync = async (app) => {
  await registerEndpoint(app, searchTracking, {
    preHandler: requireResource(customerResources.tracking),
    handler: async (request) =>
      buscarTracking(app.db, clienteActorOf(request).clienteId, request.query.q),
  });

  // Invoice PDFs are listed only to whom the Facturas section is open.
  const facturasAbiertas = (request: FastifyRequest) =>
    sessionHasResource(app.db, sessionOf(request, 'clientes'), customerResources.facturas);

  await registerEndpoint(app, getTrackingEndpoint, {
    preHandler: requireResource(customerResources.tracking),
    // Conditional (decision 014): the client's counter, and whether its invoices are listed.
    etag: async (request) => {
      const { clienteId } = clienteActorOf(request);
      return [
        'cliente',
        clienteId,
        ...(await versionesDe(app.db, 'cliente', clienteId)),
        await facturasAbiertas(request),
      ];
    },
    handler: async (request) => {
      const facturas = await facturasAbiertas(request);
      return getTracking(app.db, clienteActorOf(request).clienteId, request.params.partida, {
        facturas,
        publicUrl: app.config.publicUrl,
      });
    },
  });
};

export default trackingRoutes;
