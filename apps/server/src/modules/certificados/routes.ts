import {
  getCertificadosEstado,
  listCertificados,
  uploadCertificado,
} from '@extranet/contracts/certificados/endpoints';
import { supplierResources } from '@extranet/contracts/menus/menu';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.js';
import { proveedorActorOf } from '../../plugins/actor.js';
import { requireProveedor, requireResource } from '../../plugins/session.js';
import { receiveUpload } from '../archivos/upload.js';
import { estadoBloqueo, listCertificadosProveedor, subirCertificado } from './service.js';

const guard = [requireProveedor, requireResource(supplierResources.certificados)];

/** The carrier's certificates: status per type, new versions, and the block warning. */
const certificadosRoutes: FastifyPluginAsync = async (app) => {
  await registerEndpoint(app, listCertificados, {
    preHandler: guard,
    handler: async (request) =>
      listCertificadosProveedor(app.db, proveedorActorOf(request).proveedorId),
  });

  await registerEndpoint(app, getCertificadosEstado, {
    // Every supplier page shows the warning, so any supplier session may ask.
    preHandler: requireProveedor,
    handler: async (request) => estadoBloqueo(app.db, proveedorActorOf(request).proveedorId),
  });

  await registerEndpoint(app, uploadCertificado, {
    preHandler: guard,
    handler: async (request, reply) => {
      const { file, fields } = await receiveUpload(request, { accept: ['pdf', 'jpeg', 'png'] });
      const list = await subirCertificado(
        { db: app.db, storage: app.storage, log: request.log },
        proveedorActorOf(request),
        file,
        fields,
      );
      return reply.code(201).send(list);
    },
  });
};

export default certificadosRoutes;
