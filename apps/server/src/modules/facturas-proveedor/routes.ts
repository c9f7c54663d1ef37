import { registerExportEndpoints } from '../../lib/export-route.js';
import { exportFacturasProveedor as exportFacturasProveedorStream } from './service.js';
import {
  exportFacturasProveedor,
  getFacturaProveedor as getFacturaProveedorEndpoint,
  listFacturasProveedor as listFacturasProveedorEndpoint,
  uploadFacturaProveedor,
} from '@extranet/contracts/facturas-proveedor/endpoints';
import { supplierResources } from '@extranet/contracts/menus/menu';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.js';
import { proveedorActorOf } from '../../plugins/actor.js';
import { requireProveedor, requireResource } from '../../plugins/session.js';
import { receiveUpload } from '../archivos/upload.js';
import { getFacturaProveedor, listFacturasProveedor, subirFactura } from './service.js';

const guard = [requireProveedor, requireResource(supplierResources.facturas)];

/** Carrier invoices: history, detail and upload (issue 4, "Histórico Facturas", "Subir facturas"). */
const facturasProveedorRoutes: FastifyPluginAsync = async (app) => {
  await registerEndpoint(app, listFacturasProveedorEndpoint, {
    preHandler: guard,
    handler: async (request) =>
      listFacturasProveedor(app.db, proveedorActorOf(request).proveedorId, request.query),
  });

  await registerEndpoint(app, getFacturaProveedorEndpoint, {
    preHandler: guard,
    handler: async (request) =>
      getFacturaProveedor(app.db, proveedorActorOf(request).proveedorId, request.params.id),
  });

  await registerEndpoint(app, uploadFacturaProveedor, {
    preHandler: guard,
    handler: async (request, reply) => {
      const { file, fields } = await receiveUpload(request, { accept: ['pdf'] });
      const factura = await subirFactura(
        { db: app.db, storage: app.storage, log: request.log },
        proveedorActorOf(request),
        file,
        fields,
      );
      return reply.code(201).send(factura);
    },
  });

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
