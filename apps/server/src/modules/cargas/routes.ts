import {
  createOferta,
  exportCargas,
  exportDescartados,
  exportOfertas,
  discardCarga,
  getCarga as getCargaEndpoint,
  listCargas as listCargasEndpoint,
  listCargasMapa,
  listDescartados as listDescartadosEndpoint,
  listOfertas as listOfertasEndpoint,
  restoreCarga,
  updateOferta,
  withdrawOferta,
} from '@extranet/contracts/cargas/endpoints';
import { registerExportEndpoints } from '../../lib/export-route.js';
import {
  exportCargas as exportCargasStream,
  exportDescartados as exportDescartadosStream,
  exportOfertas as exportOfertasStream,
} from './service.js';
import { supplierResources } from '@extranet/contracts/menus/menu';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.js';
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

/**
 * Load exchange of the supplier portal (issue 4): open loads, offers, discards and the map.
 * Every handler passes the session's carrier to the service; the repository filters by it.
 */
const cargasRoutes: FastifyPluginAsync = async (app) => {
  await registerEndpoint(app, listCargasEndpoint, {
    preHandler: guard(supplierResources.cargas),
    handler: async (request) =>
      listCargas(app.db, proveedorActorOf(request).proveedorId, request.query),
  });

  await registerEndpoint(app, listCargasMapa, {
    preHandler: guard(supplierResources.mapa),
    handler: async (request) =>
      mapaCargas(app.db, proveedorActorOf(request).proveedorId, request.query),
  });

  await registerEndpoint(app, getCargaEndpoint, {
    preHandler: guard(supplierResources.cargas),
    handler: async (request) =>
      getCarga(app.db, proveedorActorOf(request).proveedorId, request.params.id),
  });

  await registerEndpoint(app, createOferta, {
    preHandler: guard(supplierResources.ofertas),
    handler: async (request, reply) => {
      const oferta = await crearOferta(
        app.db,
        proveedorActorOf(request),
        request.params.id,
        request.body,
      );
      return reply.code(201).send(oferta);
    },
  });

  await registerEndpoint(app, listOfertasEndpoint, {
    preHandler: guard(supplierResources.ofertas),
    handler: async (request) =>
      listOfertas(app.db, proveedorActorOf(request).proveedorId, request.query),
  });

  await registerEndpoint(app, updateOferta, {
    preHandler: guard(supplierResources.ofertas),
    handler: async (request) =>
      editarOferta(app.db, proveedorActorOf(request), request.params.id, request.body),
  });

  await registerEndpoint(app, withdrawOferta, {
    preHandler: guard(supplierResources.ofertas),
    handler: async (request) => retirarOferta(app.db, proveedorActorOf(request), request.params.id),
  });

  await registerEndpoint(app, discardCarga, {
    preHandler: guard(supplierResources.descartados),
    handler: async (request, reply) => {
      await descartarCarga(app.db, proveedorActorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  await registerEndpoint(app, restoreCarga, {
    preHandler: guard(supplierResources.descartados),
    handler: async (request, reply) => {
      await restaurarCarga(app.db, proveedorActorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  await registerEndpoint(app, listDescartadosEndpoint, {
    preHandler: guard(supplierResources.descartados),
    handler: async (request) =>
      listDescartados(app.db, proveedorActorOf(request).proveedorId, request.query),
  });

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
