import { supplierResources } from '@extranet/contracts/menus/menu';
import {
  createVehiculo,
  deactivateVehiculo,
  exportVehiculos,
  getVehiculo,
  listVehiculos,
  listVehiculosMapa,
  updateVehiculo,
} from '@extranet/contracts/vehiculos/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.js';
import { registerExportEndpoints } from '../../lib/export-route.js';
import { proveedorActorOf } from '../../plugins/actor.js';
import { requireProveedor, requireResource } from '../../plugins/session.js';
import {
  crearVehiculo,
  desactivarVehiculo,
  editarVehiculo,
  exportarVehiculos,
  listarVehiculos,
  mapaVehiculos,
  obtenerVehiculo,
} from './service.js';

const preHandler = [requireProveedor, requireResource(supplierResources.panel)];

/** Vehicle panel of the supplier portal (issue 4), gated by `apiweb.proveedores.panel`. */
const vehiculosRoutes: FastifyPluginAsync = async (app) => {
  await registerEndpoint(app, listVehiculos, {
    preHandler,
    handler: async (request) =>
      listarVehiculos(app.db, proveedorActorOf(request).proveedorId, request.query),
  });

  // The whole filtered panel, not only the loaded rows (issue 16 point 5).
  await registerExportEndpoints(app, exportVehiculos, {
    preHandler,
    fileName: 'vehiculos',
    stream: (request, format) =>
      exportarVehiculos(app.db, proveedorActorOf(request).proveedorId, request.query, format),
  });

  await registerEndpoint(app, listVehiculosMapa, {
    preHandler,
    handler: async (request) => mapaVehiculos(app.db, proveedorActorOf(request).proveedorId),
  });

  await registerEndpoint(app, getVehiculo, {
    preHandler,
    handler: async (request) =>
      obtenerVehiculo(app.db, proveedorActorOf(request).proveedorId, request.params.id),
  });

  await registerEndpoint(app, createVehiculo, {
    preHandler,
    handler: async (request, reply) => {
      const vehiculo = await crearVehiculo(app.db, proveedorActorOf(request), request.body);
      return reply.code(201).send(vehiculo);
    },
  });

  await registerEndpoint(app, updateVehiculo, {
    preHandler,
    handler: async (request) =>
      editarVehiculo(app.db, proveedorActorOf(request), request.params.id, request.body),
  });

  await registerEndpoint(app, deactivateVehiculo, {
    preHandler,
    handler: async (request) =>
      desactivarVehiculo(app.db, proveedorActorOf(request), request.params.id),
  });
};

export default vehiculosRoutes;
