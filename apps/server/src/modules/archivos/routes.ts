import {
  downloadArchivoCliente,
  downloadArchivoProveedor,
  getArchivoInfo,
} from '@extranet/contracts/archivos/endpoints';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.js';
import { requireCliente, requireProveedor, sessionOf } from '../../plugins/session.js';
import { sendArchivo } from './send-file.js';
import { archivoDeLaSesion } from './service.js';

/**
 * Downloads of stored files, one module for both portals: the route prefix and guard pick the
 * portal, `archivoDeLaSesion` filters by the session's carrier or client.
 */
const archivosRoutes: FastifyPluginAsync = async (app) => {
  // The carrier's own files: CMRs, invoice PDFs, certificates (issue 4, Files).
  await registerEndpoint(app, downloadArchivoProveedor, {
    preHandler: requireProveedor,
    handler: async (request, reply) => {
      const session = sessionOf(request, 'proveedores');
      const archivo = await archivoDeLaSesion(app.db, session, request.params.id);
      return sendArchivo(reply, app, archivo);
    },
  });

  // The customer's files (`/clientes/file/:archivoId`, issue 5): CMR/POD of its shipments and
  // its invoice PDFs. Any customer session with its client (access links: only theirs).
  await registerEndpoint(app, downloadArchivoCliente, {
    preHandler: requireCliente,
    handler: async (request, reply) => {
      const session = sessionOf(request, 'clientes');
      const archivo = await archivoDeLaSesion(app.db, session, request.params.id);
      return sendArchivo(reply, app, archivo);
    },
  });

  await registerEndpoint(app, getArchivoInfo, {
    preHandler: requireCliente,
    handler: async (request) => {
      const session = sessionOf(request, 'clientes');
      const archivo = await archivoDeLaSesion(app.db, session, request.params.id);
      return {
        id: archivo.id,
        nombre: archivo.nombre,
        mime: archivo.mime,
        tamano_bytes: archivo.tamano_bytes,
        tipo: archivo.tipo,
      };
    },
  });
};

export default archivosRoutes;
