import { supplierResources } from '@extranet/contracts/menus/menu';
import {
  exportTransportes,
  getTransporte as getTransporteEndpoint,
  listAlbaranesPendientes,
  listTransportes,
  listTransportesSinFactura,
  uploadCmr,
} from '@extranet/contracts/transportes/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.js';
import { registerExportEndpoints } from '../../lib/export-route.js';
import { proveedorActorOf } from '../../plugins/actor.js';
import { requireProveedor, requireResource } from '../../plugins/session.js';
import { receiveUpload } from '../archivos/upload.js';
import {
  assertCmrUploadable,
  exportHistorial,
  getTransporte,
  listAlbaranes,
  listHistorial,
  listTransportesSinFactura as listSinFactura,
  subirCmr,
} from './service.js';

const guard = (recurso: string) => [requireProveedor, requireResource(recurso)];

/**
 * Transport history, its CSV export and the two upload lists of the supplier portal (issue 4).
 * Every handler passes the session's carrier to the service; the repository filters by it.
 */
const transportesRoutes: FastifyPluginAsync = async (app) => {
  await registerEndpoint(app, listTransportes, {
    preHandler: guard(supplierResources.transportes),
    handler: async (request) =>
      listHistorial(app.db, proveedorActorOf(request).proveedorId, request.query),
  });

  await registerExportEndpoints(app, exportTransportes, {
    preHandler: guard(supplierResources.transportes),
    fileName: 'transportes',
    stream: (request, format) =>
      exportHistorial(app.db, proveedorActorOf(request).proveedorId, request.query, format),
  });

  await registerEndpoint(app, getTransporteEndpoint, {
    preHandler: guard(supplierResources.transportes),
    handler: async (request) =>
      getTransporte(app.db, proveedorActorOf(request).proveedorId, request.params.id),
  });

  await registerEndpoint(app, listAlbaranesPendientes, {
    preHandler: guard(supplierResources.transportes),
    handler: async (request) =>
      listAlbaranes(app.db, proveedorActorOf(request).proveedorId, request.query),
  });

  await registerEndpoint(app, uploadCmr, {
    preHandler: guard(supplierResources.transportes),
    handler: async (request, reply) => {
      const actor = proveedorActorOf(request);
      // Refuse before reading the body: nothing is stored for someone else's leg.
      await assertCmrUploadable(app.db, actor.proveedorId, request.params.id);
      const { file } = await receiveUpload(request, { accept: ['pdf', 'jpeg', 'png'] });
      const leg = await subirCmr(
        { db: app.db, storage: app.storage, log: request.log },
        actor,
        request.params.id,
        file,
      );
      return reply.code(201).send(leg);
    },
  });

  await registerEndpoint(app, listTransportesSinFactura, {
    preHandler: guard(supplierResources.facturas),
    handler: async (request) =>
      listSinFactura(app.db, proveedorActorOf(request).proveedorId, request.query),
  });
};

export default transportesRoutes;
