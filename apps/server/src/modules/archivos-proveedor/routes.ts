import { ApiError } from '@extranet/contracts/common/error';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireProveedor, sessionOf } from '../../plugins/session.js';
import { sendArchivo } from '../archivos/send-file.js';
import { archivoDelProveedor } from './service.js';

const ArchivoIdParams = z.object({
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** Downloads of the carrier's own files: CMRs, invoice PDFs, certificates (issue 4, Files). */
const archivosProveedorRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const archivo = await archivoDelProveedor(app.db, session, request.params.id);
      return sendArchivo(reply, app, archivo);
    },
  );
};

export default archivosProveedorRoutes;
