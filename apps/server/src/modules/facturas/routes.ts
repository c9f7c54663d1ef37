import { ApiError } from '@extranet/contracts/common/error';
import {
  FacturaDetalle,
  FacturaIdParams,
  FacturasPage,
  FacturasQuery,
} from '@extranet/contracts/facturas/factura';
import { customerResources } from '@extranet/contracts/menus/menu';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clienteActorOf } from '../../plugins/actor.js';
import { requireResource } from '../../plugins/session.js';
import { sendArchivo } from '../archivos/send-file.js';
import { facturaPdf, getFactura, listFacturasPage } from './service.js';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError };
const guard = requireResource(customerResources.facturas);

/** Customer invoices (issue 5): list with paid / pending / overdue filter, detail and PDF. */
const facturasRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/clientes/facturas',
    {
      preHandler: guard,
      schema: {
        tags: ['facturas'],
        summary:
          'Facturas del cliente (pagada, pendiente o vencida; fechas; paginación por cursor)',
        querystring: FacturasQuery,
        response: { 200: FacturasPage, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listFacturasPage(app.db, clienteActorOf(request).clienteId, request.query);
    },
  );

  app.get(
    '/api/clientes/facturas/:id',
    {
      preHandler: guard,
      schema: {
        tags: ['facturas'],
        summary: 'Detalle de una factura con sus líneas',
        params: FacturaIdParams,
        response: { 200: FacturaDetalle, ...errors, 404: ApiError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getFactura(app.db, clienteActorOf(request).clienteId, request.params.id);
    },
  );

  app.get(
    '/api/clientes/facturas/:id/pdf',
    {
      preHandler: guard,
      schema: {
        tags: ['facturas'],
        summary: 'Descarga el PDF de una factura',
        produces: ['application/pdf'],
        params: FacturaIdParams,
        response: { ...errors, 404: ApiError },
      },
    },
    async (request, reply) => {
      const archivo = await facturaPdf(
        { db: app.db, storage: app.storage, log: request.log },
        clienteActorOf(request),
        request.params.id,
      );
      return sendArchivo(reply, app, archivo);
    },
  );
};

export default facturasRoutes;
