import { ApiError } from '@extranet/contracts/common/error';
import { exportFacturasProveedor } from '@extranet/contracts/facturas-proveedor/endpoints';
import { registerExportEndpoints } from '../../lib/export-route.js';
import { exportFacturasProveedor as exportFacturasProveedorStream } from './service.js';
import {
  FacturaProveedorDetalle,
  FacturaProveedorIdParams,
  FacturasProveedorPage,
  FacturasProveedorQuery,
} from '@extranet/contracts/facturas-proveedor/factura-proveedor';
import { supplierResources } from '@extranet/contracts/menus/menu';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireProveedor, requireResource } from '../../plugins/session.js';
import { receiveUpload } from '../../storage/receive-upload.js';
import { proveedorActorOf } from '../../plugins/actor.js';
import { getFacturaProveedor, listFacturasProveedor, subirFactura } from './service.js';

const guard = [requireProveedor, requireResource(supplierResources.facturas)];
const errors = { 400: ApiError, 401: ApiError, 403: ApiError };

/** Carrier invoices: history, detail and upload (issue 4, "Histórico Facturas", "Subir facturas"). */
const facturasProveedorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/proveedores/facturas',
    {
      preHandler: guard,
      schema: {
        tags: ['facturas-proveedor'],
        summary: 'Histórico de facturas del transportista (filtros por fechas y estado)',
        querystring: FacturasProveedorQuery,
        response: { 200: FacturasProveedorPage, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listFacturasProveedor(app.db, proveedorActorOf(request).proveedorId, request.query);
    },
  );

  app.get(
    '/api/proveedores/facturas/:id',
    {
      preHandler: guard,
      schema: {
        tags: ['facturas-proveedor'],
        summary: 'Detalle de una factura con los transportes que cubre y su fichero',
        params: FacturaProveedorIdParams,
        response: { 200: FacturaProveedorDetalle, ...errors, 404: ApiError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getFacturaProveedor(app.db, proveedorActorOf(request).proveedorId, request.params.id);
    },
  );

  app.post(
    '/api/proveedores/facturas',
    {
      preHandler: guard,
      schema: {
        tags: ['facturas-proveedor'],
        summary:
          'Sube una factura (PDF) por uno o varios transportes: campos numero, serie?, fecha_emision, vto?, base_imponible_centimos, iva_centimos, importe_centimos, transporteIds ([1,2] o 1,2) y el fichero al final',
        consumes: ['multipart/form-data'],
        response: {
          201: FacturaProveedorDetalle,
          ...errors,
          404: ApiError,
          409: ApiError,
          413: ApiError,
          415: ApiError,
        },
      },
    },
    async (request, reply) => {
      const { file, fields } = await receiveUpload(request, { accept: ['pdf'] });
      const factura = await subirFactura(
        { db: app.db, storage: app.storage, log: request.log },
        proveedorActorOf(request),
        file,
        fields,
      );
      return reply.code(201).send(factura);
    },
  );

  // Export of the whole filtered history (issue 16 point 5).
  await registerExportEndpoints(app, exportFacturasProveedor, {
    preHandler: guard,
    fileName: 'facturas',
    stream: (request, format) =>
      exportFacturasProveedorStream(
        app.db,
        proveedorActorOf(request).proveedorId,
        request.query,
        format,
      ),
  });
};

export default facturasProveedorRoutes;
