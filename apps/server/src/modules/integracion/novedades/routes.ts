import { ApiError } from '@extranet/contracts/common/error';
import {
  Novedades,
  NovedadesQuery,
  TIPOS_NOVEDAD,
} from '@extranet/contracts/integracion/novedades';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireScope } from '../../../plugins/integration-auth.js';
import { V1 } from '../http.js';
import { leerNovedades } from './service.js';

/**
 * `GET /api/integration/v1/novedades` (issue 6): for an ERP that polls instead of receiving
 * webhooks, the events after its cursor. A read: no Idempotency-Key, repeatable at will.
 */
const novedadesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${V1}/novedades`,
    {
      preHandler: requireScope('novedades:read'),
      schema: {
        tags: ['integracion'],
        summary: 'Novedades desde un cursor (ofertas, CMR, facturas, solicitudes, sugerencias…)',
        description:
          'Devuelve los eventos posteriores a `desde`, en orden. Guarde `siguiente` y páselo como ' +
          '`desde` en la próxima lectura; si llegan menos de `limite`, no hay más por ahora. Sin ' +
          `\`desde\`, desde el primero. Tipos: ${TIPOS_NOVEDAD.join(', ')}.`,
        security: [{ apiKey: [] }],
        querystring: NovedadesQuery,
        response: { 200: Novedades, 400: ApiError, 401: ApiError, 403: ApiError, 503: ApiError },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return leerNovedades(app.db, request.query);
    },
  );
};

export default novedadesRoutes;
