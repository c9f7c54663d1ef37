import {
  getCertificadosEstado,
  listCertificados,
  uploadCertificado,
} from '@extranet/contracts/certificados/endpoints';
import { supplierResources } from '@extranet/contracts/menus/menu';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.js';
import { proveedorActorOf } from '../../plugins/actor.js';
import { proveedorSection } from '../../plugins/section-endpoints.js';
import { requireProveedor } from '../../plugins/session.js';
import { receiveUpload } from '../archivos/upload.js';
import { estadoBloqueo, listCertificadosProveedor, subirCertificado } from './service.js';

/** The carrier's certificates: status per type, new versions, and the block warning. */
const certificadosRoutes: FastifyPluginAsync = async (app) => {
  const certificados = proveedorSection(app, supplierResources.certificados);
  await certificados.list(listCertificados, listCertificadosProveedor);

  await registerEndpoint(app, getCertificadosEstado, {
    // Every supplier page shows the warning, so any supplier session may ask.
    preHandler: requireProveedor,
    handler: async (request) => estadoBloqueo(app.db, proveedorActorOf(request).proveedorId),
  });

  await certificados.endpoint(uploadCertificado, async (actor, request, reply) => {
    const { file, fields } = await receiveUpload(request, { accept: ['pdf', 'jpeg', 'png'] });
    const list = await subirCertificado(
      { db: app.db, storage: app.storage, log: request.log },
      actor,
      file,
      fields,
    );
    return reply.code(201).send(list);
  });
};

export default certificadosRoutes;
