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
import { proveedorSection } from '../../plugins/section-endpoints.js';
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

/**
 * Transport history, its CSV export and the two upload lists of the supplier portal (issue 4).
 * Every handler passes the session's carrier to the service; the repository filters by it.
 */
const transportesRoutes: FastifyPluginAsync = async (app) => {
  const transportes = proveedorSection(app, supplierResources.transportes);
  await transportes.list(listTransportes, listHistorial);
  await transportes.exports(exportTransportes, 'transportes', exportHistorial);
  await transportes.get(getTransporteEndpoint, getTransporte);
  await transportes.list(listAlbaranesPendientes, listAlbaranes);

  await transportes.endpoint(uploadCmr, async (actor, request, reply) => {
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
  });

  await proveedorSection(app, supplierResources.facturas).list(
    listTransportesSinFactura,
    listSinFactura,
  );
};

export default transportesRoutes;
