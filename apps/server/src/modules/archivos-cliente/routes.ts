import { ArchivoIdParams, ArchivoInfo } from '@extranet/contracts/archivos/archivo';
import { ApiError } from '@extranet/contracts/common/error';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireCliente, sessionOf } from '../../plugins/session.js';
import { sendArchivo } from '../archivos/send-file.js';
import { archivoDelCliente } from './service.js';

const errors = { 400: ApiError, 401: ApiError, 403: ApiError, 404: ApiError };

/**
 * The customer's files (`/clientes/file/:archivoId`, issue 5): CMR/POD of its shipments and
 * its invoice PDFs. Any customer session with its client (access links: only theirs).
 */
const archivosClienteRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const archivo = await archivoDelCliente(
        app.db,
        sessionOf(request, 'clientes'),
        request.params.id,
      );
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
      const archivo = await archivoDelCliente(
        app.db,
        sessionOf(request, 'clientes'),
        request.params.id,
      );
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

export default archivosClienteRoutes;
