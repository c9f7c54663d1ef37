import { ArchivoIdParams, ArchivoInfo } from '@extranet/contracts/archivos/archivo';
import { ApiError } from '@extranet/contracts/common/error';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCliente, requireProveedor, sessionOf } from '../../plugins/session.js';
import { sendArchivo } from './send-file.js';
import { archivoDeLaSesion } from './service.js';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };

/**
 * Downloads of stored files, one module for both portals: the route prefix and guard pick the
 * portal, `archivoDeLaSesion` filters by the session's carrier or client.
 */
const archivosRoutes: FastifyPluginAsyncZod = async (app) => {
  // The carrier's own files: CMRs, invoice PDFs, certificates (issue 4, Files).
  app.get(
    '/api/proveedores/archivos/:id',
    {
      preHandler: requireProveedor,
      schema: {
        tags: ['facturas-proveedor'],
        summary: 'Descarga un fichero propio (albarán, factura o certificado)',
        produces: ['application/pdf', 'image/jpeg', 'image/png'],
        params: ArchivoIdParams,
        response: { 401: ApiError, 403: ApiError, 404: ApiError },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request, 'proveedores');
      const archivo = await archivoDeLaSesion(app.db, session, request.params.id);
      return sendArchivo(reply, app, archivo);
    },
  );

  // The customer's files (`/clientes/file/:archivoId`, issue 5): CMR/POD of its shipments and
  // its invoice PDFs. Any customer session with its client (access links: only theirs).
  app.get(
    '/api/clientes/archivos/:id',
    {
      preHandler: requireCliente,
      schema: {
        tags: ['archivos'],
        summary: 'Descarga un fichero del cliente (CMR, POD o factura)',
        produces: ['application/pdf', 'image/jpeg', 'image/png'],
        params: ArchivoIdParams,
        response: errors,
      },
    },
    async (request, reply) => {
      const session = sessionOf(request, 'clientes');
      const archivo = await archivoDeLaSesion(app.db, session, request.params.id);
      return sendArchivo(reply, app, archivo);
    },
  );

  app.get(
    '/api/clientes/archivos/:id/info',
    {
      preHandler: requireCliente,
      schema: {
        tags: ['archivos'],
        summary: 'Nombre, tipo y tamaño de un fichero del cliente, antes de descargarlo',
        params: ArchivoIdParams,
        response: { 200: ArchivoInfo, ...errors },
      },
    },
    async (request, reply) => {
      const session = sessionOf(request, 'clientes');
      const archivo = await archivoDeLaSesion(app.db, session, request.params.id);
      reply.header('cache-control', 'no-store');
      return {
        id: archivo.id,
        nombre: archivo.nombre,
        mime: archivo.mime,
        tamano_bytes: archivo.tamano_bytes,
        tipo: archivo.tipo,
      };
    },
  );
};

export default archivosRoutes;
