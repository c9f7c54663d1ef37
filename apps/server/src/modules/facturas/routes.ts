import {
  downloadFacturaPdf,
  getFactura as getFacturaEndpoint,
  listFacturas,
} from '@extranet/contracts/facturas/endpoints';
import { customerResources } from '@extranet/contracts/menus/menu';
import type { FastifyPluginAsync } from 'fastify';
import { clienteSection } from '../../plugins/section-endpoints.js';
import { sendArchivo } from '../archivos/send-file.js';
import { facturaPdf, getFactura, listFacturasPage } from './service.js';

/** Customer invoices (issue 5): list with paid / pending / overdue filter, detail and PDF. */
const facturasRoutes: FastifyPluginAsync = async (app) => {
  const facturas = clienteSection(app, customerResources.facturas);
  await facturas.list(listFacturas, listFacturasPage);
  await facturas.get(getFacturaEndpoint, getFactura);
  await facturas.endpoint(downloadFacturaPdf, async (actor, request, reply) => {
    const archivo = await facturaPdf(
      { db: app.db, storage: app.storage, log: request.log },
      actor,
      request.params.id,
    );
    return sendArchivo(reply, app, archivo);
  });
};

export default facturasRoutes;
