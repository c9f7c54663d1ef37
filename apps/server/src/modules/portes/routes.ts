import { ApiError } from '@extranet/contracts/common/error';
import { customerResources } from '@extranet/contracts/menus/menu';
import {
  HistoricoExportQuery,
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
import { clienteActorOf } from '../../plugins/actor.js';
import { requireResource, sessionOf } from '../../plugins/session.js';
import { sessionHasResource } from '../menus/service.js';
import {
  buscarTracking,
  exportHistoricoCsv,
  getTracking,
  listActivos,
  listHistoricoPage,
} from './service.js';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError };

/**
 * Customer shipments (issue 5): tracking, active shipments, history and its CSV export.
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

  app.get(
    '/api/clientes/historico/export.csv',
    {
      preHandler: requireResource(customerResources.historico),
      schema: {
        tags: ['portes'],
        summary: 'Exporta a CSV (Excel) todo el histórico filtrado',
        produces: ['text/csv'],
        querystring: HistoricoExportQuery,
        response: errors,
      },
    },
    async (request, reply) => {
      const stream = exportHistoricoCsv(app.db, clienteActorOf(request).clienteId, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="historico-portes.csv"')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(stream as never); // a stream, not a JSON body: the serializer is bypassed
    },
  );
};

export default portesRoutes;
