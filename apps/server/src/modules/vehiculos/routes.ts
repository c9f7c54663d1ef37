import { ApiError } from '@extranet/contracts/common/error';
import { supplierResources } from '@extranet/contracts/menus/menu';
import {
  Vehiculo,
  VehiculoCrear,
  VehiculoEditar,
  VehiculoIdParams,
  VehiculosMapa,
  VehiculosPage,
  VehiculosQuery,
} from '@extranet/contracts/vehiculos/vehiculo';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { proveedorActorOf } from '../../plugins/actor.js';
import { requireProveedor, requireResource } from '../../plugins/session.js';
import {
  crearVehiculo,
  desactivarVehiculo,
  editarVehiculo,
  listarVehiculos,
  mapaVehiculos,
  obtenerVehiculo,
} from './service.js';

const preHandler = [requireProveedor, requireResource(supplierResources.panel)];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError };

/** Vehicle panel of the supplier portal (issue 4), gated by `apiweb.proveedores.panel`. */
const vehiculosRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/proveedores/vehiculos',
    {
      preHandler,
      schema: {
        tags: ['vehiculos'],
        summary: 'Vehículos propios por matrícula (activos o desactivados, disponibles)',
        querystring: VehiculosQuery,
        response: { 200: VehiculosPage, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listarVehiculos(app.db, proveedorActorOf(request).proveedorId, request.query);
    },
  );

  app.get(
    '/api/proveedores/vehiculos/mapa',
    {
      preHandler,
      schema: {
        tags: ['vehiculos'],
        summary: 'Posición y disponibilidad de los vehículos activos para el mapa',
        response: { 200: VehiculosMapa, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return mapaVehiculos(app.db, proveedorActorOf(request).proveedorId);
    },
  );

  app.get(
    '/api/proveedores/vehiculos/:id',
    {
      preHandler,
      schema: {
        tags: ['vehiculos'],
        summary: 'Un vehículo propio',
        params: VehiculoIdParams,
        response: { 200: Vehiculo, ...errors, 404: ApiError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return obtenerVehiculo(app.db, proveedorActorOf(request).proveedorId, request.params.id);
    },
  );

  app.post(
    '/api/proveedores/vehiculos',
    {
      preHandler,
      schema: {
        tags: ['vehiculos'],
        summary: 'Da de alta un vehículo',
        body: VehiculoCrear,
        response: { 201: Vehiculo, ...errors, 409: ApiError },
      },
    },
    async (request, reply) => {
      const vehiculo = await crearVehiculo(app.db, proveedorActorOf(request), request.body);
      return reply.code(201).send(vehiculo);
    },
  );

  app.patch(
    '/api/proveedores/vehiculos/:id',
    {
      preHandler,
      schema: {
        tags: ['vehiculos'],
        summary: 'Modifica un vehículo activo',
        params: VehiculoIdParams,
        body: VehiculoEditar,
        response: { 200: Vehiculo, ...errors, 404: ApiError, 409: ApiError },
      },
    },
    async (request) =>
      editarVehiculo(app.db, proveedorActorOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/proveedores/vehiculos/:id/desactivar',
    {
      preHandler,
      schema: {
        tags: ['vehiculos'],
        summary: 'Desactiva un vehículo: sale del panel y no se puede ofertar con él',
        params: VehiculoIdParams,
        response: { 200: Vehiculo, ...errors, 404: ApiError },
      },
    },
    async (request) => desactivarVehiculo(app.db, proveedorActorOf(request), request.params.id),
  );
};

export default vehiculosRoutes;
