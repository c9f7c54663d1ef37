import {
  CargaDetalle,
  CargaIdParams,
  CargasMapa,
  CargasMapaQuery,
  CargasPage,
  CargasQuery,
  DescartadosPage,
  DescartadosQuery,
} from '@extranet/contracts/cargas/carga';
import {
  Oferta,
  OfertaCrear,
  OfertaEditar,
  OfertaIdParams,
  OfertasPage,
  OfertasQuery,
} from '@extranet/contracts/cargas/oferta';
import {
  exportCargas,
  exportDescartados,
  exportOfertas,
} from '@extranet/contracts/cargas/endpoints';
import { ApiError } from '@extranet/contracts/common/error';
import { registerExportEndpoints } from '../../lib/export-route.js';
import {
  exportCargas as exportCargasStream,
  exportDescartados as exportDescartadosStream,
  exportOfertas as exportOfertasStream,
} from './service.js';
import { supplierResources } from '@extranet/contracts/menus/menu';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { proveedorActorOf } from '../../plugins/actor.js';
import { requireProveedor, requireResource } from '../../plugins/session.js';
import {
  crearOferta,
  descartarCarga,
  editarOferta,
  getCarga,
  listCargas,
  listDescartados,
  listOfertas,
  mapaCargas,
  restaurarCarga,
  retirarOferta,
} from './service.js';

const guard = (recurso: string) => [requireProveedor, requireResource(recurso)];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError };
const NoContent = z.null().describe('Sin contenido');

/**
 * Load exchange of the supplier portal (issue 4): open loads, offers, discards and the map.
 * Every handler passes the session's carrier to the service; the repository filters by it.
 */
const cargasRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/proveedores/cargas',
    {
      preHandler: guard(supplierResources.cargas),
      schema: {
        tags: ['cargas'],
        summary: 'Cargas abiertas (filtros, orden y paginación por cursor)',
        querystring: CargasQuery,
        response: { 200: CargasPage, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listCargas(app.db, proveedorActorOf(request).proveedorId, request.query);
    },
  );

  app.get(
    '/api/proveedores/cargas/mapa',
    {
      preHandler: guard(supplierResources.mapa),
      schema: {
        tags: ['cargas'],
        summary: 'Cargas abiertas con coordenadas para el mapa (máximo 500)',
        querystring: CargasMapaQuery,
        response: { 200: CargasMapa, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return mapaCargas(app.db, proveedorActorOf(request).proveedorId, request.query);
    },
  );

  app.get(
    '/api/proveedores/cargas/:id',
    {
      preHandler: guard(supplierResources.cargas),
      schema: {
        tags: ['cargas'],
        summary: 'Detalle de una carga con el historial de ofertas propias',
        params: CargaIdParams,
        response: { 200: CargaDetalle, ...errors, 404: ApiError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getCarga(app.db, proveedorActorOf(request).proveedorId, request.params.id);
    },
  );

  app.post(
    '/api/proveedores/cargas/:id/ofertas',
    {
      preHandler: guard(supplierResources.ofertas),
      schema: {
        tags: ['cargas'],
        summary: 'Hace una oferta sobre una carga abierta',
        params: CargaIdParams,
        body: OfertaCrear,
        response: { 201: Oferta, ...errors, 404: ApiError, 409: ApiError },
      },
    },
    async (request, reply) => {
      const oferta = await crearOferta(
        app.db,
        proveedorActorOf(request),
        request.params.id,
        request.body,
      );
      return reply.code(201).send(oferta);
    },
  );

  app.get(
    '/api/proveedores/ofertas',
    {
      preHandler: guard(supplierResources.ofertas),
      schema: {
        tags: ['cargas'],
        summary: 'Ofertas propias con su estado (las más recientes primero)',
        querystring: OfertasQuery,
        response: { 200: OfertasPage, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listOfertas(app.db, proveedorActorOf(request).proveedorId, request.query);
    },
  );

  app.patch(
    '/api/proveedores/ofertas/:id',
    {
      preHandler: guard(supplierResources.ofertas),
      schema: {
        tags: ['cargas'],
        summary: 'Cambia el precio o el comentario de una oferta pendiente',
        params: OfertaIdParams,
        body: OfertaEditar,
        response: { 200: Oferta, ...errors, 404: ApiError, 409: ApiError },
      },
    },
    async (request) =>
      editarOferta(app.db, proveedorActorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/proveedores/ofertas/:id/retirar',
    {
      preHandler: guard(supplierResources.ofertas),
      schema: {
        tags: ['cargas'],
        summary: 'Retira una oferta pendiente',
        params: OfertaIdParams,
        response: { 200: Oferta, ...errors, 404: ApiError, 409: ApiError },
      },
    },
    async (request) => retirarOferta(app.db, proveedorActorOf(request), request.params.id),
  );

  app.post(
    '/api/proveedores/cargas/:id/descartar',
    {
      preHandler: guard(supplierResources.descartados),
      schema: {
        tags: ['cargas'],
        summary: 'Descarta una carga: deja de aparecer en el listado',
        params: CargaIdParams,
        response: { 204: NoContent, ...errors, 404: ApiError, 409: ApiError },
      },
    },
    async (request, reply) => {
      await descartarCarga(app.db, proveedorActorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/proveedores/cargas/:id/descartar',
    {
      preHandler: guard(supplierResources.descartados),
      schema: {
        tags: ['cargas'],
        summary: 'Restaura una carga descartada',
        params: CargaIdParams,
        response: { 204: NoContent, ...errors, 404: ApiError },
      },
    },
    async (request, reply) => {
      await restaurarCarga(app.db, proveedorActorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/proveedores/descartados',
    {
      preHandler: guard(supplierResources.descartados),
      schema: {
        tags: ['cargas'],
        summary: 'Cargas descartadas (las más recientes primero)',
        querystring: DescartadosQuery,
        response: { 200: DescartadosPage, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listDescartados(app.db, proveedorActorOf(request).proveedorId, request.query);
    },
  );

  // Exports of the whole filtered lists (issue 16 point 5).
  await registerExportEndpoints(app, exportCargas, {
    preHandler: guard(supplierResources.cargas),
    fileName: 'cargas',
    stream: (request, format) =>
      exportCargasStream(app.db, proveedorActorOf(request).proveedorId, request.query, format),
  });
  await registerExportEndpoints(app, exportOfertas, {
    preHandler: guard(supplierResources.ofertas),
    fileName: 'mis-ofertas',
    stream: (request, format) =>
      exportOfertasStream(app.db, proveedorActorOf(request).proveedorId, request.query, format),
  });
  await registerExportEndpoints(app, exportDescartados, {
    preHandler: guard(supplierResources.descartados),
    fileName: 'cargas-descartadas',
    stream: (request, format) =>
      exportDescartadosStream(app.db, proveedorActorOf(request).proveedorId, format),
  });
};

export default cargasRoutes;
