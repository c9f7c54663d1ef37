import {
  exportFacturasProveedor,
  getFacturaProveedor as getFacturaProveedorEndpoint,
  listFacturasProveedor as listFacturasProveedorEndpoint,
  uploadFacturaProveedor,
} from '@extranet/contracts/facturas-proveedor/endpoints';
import { supplierResources } from '@extranet/contracts/menus/menu';
import type { FastifyPluginAsync } from 'fastify';
import { proveedorSection } from '../../plugins/section-endpoints.js';
import { receiveUpload } from '../archivos/upload.js';
import {
  exportFacturasProveedor as exportFacturasProveedorStream,
  getFacturaProveedor,
  listFacturasProveedor,
  subirFactura,
} from './service.js';

/** Carrier invoices: history, detail and upload (issue 4, "Histórico Facturas", "Subir facturas"). */
const facturasProveedorRoutes: FastifyPluginAsync = async (app) => {
  const facturas = proveedorSection(app, supplierResources.facturas);
  await facturas.list(listFacturasProveedorEndpoint, listFacturasProveedor);
  await facturas.get(getFacturaProveedorEndpoint, getFacturaProveedor);

  await facturas.endpoint(uploadFacturaProveedor, async (actor, request, reply) => {
    const { file, fields } = await receiveUpload(request, { accept: ['pdf'] });
    const factura = await subirFactura(
      { db: app.db, storage: app.storage, log: request.log },
      actor,
      file,
      fields,
    );
    return reply.code(201).send(factura);
  });

  // Export of the whole filtered history (issue 16 point 5).
  await facturas.exports(exportFacturasProveedor, 'facturas', exportFacturasProveedorStream);
};

export default facturasProveedorRoutes;
