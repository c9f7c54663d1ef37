import { ApiError } from '@extranet/contracts/common/error';
import { customerResources } from '@extranet/contracts/menus/menu';
import {
  exportHistorico as exportHistoricoEndpoints,
  exportPortes,
} from '@extranet/contracts/portes/endpoints';
import {
  HistoricoPage,
  HistoricoQuery,
  PartidaParams,
  PortesPage,
  PortesQuery,
} from '@extranet/contracts/portes/porte';
import {
  TrackingBusqueda,
  TrackingBusquedaQuery,
  TrackingPorte,
} from '@extranet/contracts/tracking/tracking';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerExportEndpoints } from '../../lib/export-route.js';
import { clienteActorOf } from '../../plugins/actor.js';
import { requireResource, sessionOf } from '../../plugins/session.js';
import { sessionHasResource } from '../menus/service.js';
import {
  buscarTracking,
  exportActivos,
  exportHistorico,
  getTracking,
  listActivos,
  listHistoricoPage,
} from './service.js';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError };

/**
 * Customer shipments (issue 5): tracking, active shipments, history and their exports.
 * Every handler passes the session's client to the service; the repository filters by it.
 */
const portesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/clientes/tracking',
    {
      preHandler: requireResource(customerResources.tracking),
      schema: {
        tags: ['tracking'],
        summary: 'Busca un porte propio por partida (exacta) o referencia del cliente (prefijo)',
        querystring: TrackingBusquedaQuery,
        response: { 200: TrackingBusqueda, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return buscarTracking(app.db, clienteActorOf(request).clienteId, request.query.q);
    },
  );

  app.get(
    '/api/clientes/portes/:partida/tracking',
    {
      preHandler: requireResource(customerResources.tracking),
      schema: {
        tags: ['tracking'],
        summary: 'Seguimiento de un porte: estado, paradas, posición actual, retraso y documentos',
        params: PartidaParams,
        response: { 200: TrackingPorte, ...errors, 404: ApiError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // Invoice PDFs are listed only to whom the Facturas section is open.
      const facturas = await sessionHasResource(
        app.db,
        sessionOf(request, 'clientes'),
        customerResources.facturas,
      );
      return getTracking(app.db, clienteActorOf(request).clienteId, request.params.partida, {
        facturas,
      });
    },
  );

  app.get(
    '/api/clientes/portes',
    {
      preHandler: requireResource(customerResources.portes),
      schema: {
        tags: ['portes'],
        summary: 'Portes activos con su última parada (filtros, orden y paginación por cursor)',
        querystring: PortesQuery,
        response: { 200: PortesPage, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listActivos(app.db, clienteActorOf(request).clienteId, request.query);
    },
  );

  app.get(
    '/api/clientes/historico',
    {
      preHandler: requireResource(customerResources.historico),
      schema: {
        tags: ['portes'],
        summary:
          'Histórico de portes entregados (filtro por fecha de carga; paginación por cursor)',
        querystring: HistoricoQuery,
        response: { 200: HistoricoPage, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listHistoricoPage(app.db, clienteActorOf(request).clienteId, request.query);
    },
  );

  await registerExportEndpoints(app, exportPortes, {
    preHandler: requireResource(customerResources.portes),
    fileName: 'portes',
    stream: (request, format) =>
      exportActivos(app.db, clienteActorOf(request).clienteId, request.query, format),
  });

  await registerExportEndpoints(app, exportHistoricoEndpoints, {
    preHandler: requireResource(customerResources.historico),
    fileName: 'historico-portes',
    stream: (request, format) =>
      exportHistorico(app.db, clienteActorOf(request).clienteId, request.query, format),
  });
};

export default portesRoutes;
