import { IdempotencyHeaders, ResultadoLote } from '@extranet/contracts/integracion/integracion';
import { LoteTransportes } from '@extranet/contracts/integracion/transportes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors, guarded, sendIdempotent, V1 } from '../http.js';
import { upsertTransportesLote } from './service.js';

/** `PUT /api/integration/v1/transportes`: carriers' transports and their legs (issue 6). */
const transportesIntegracionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    `${V1}/transportes`,
    {
      ...guarded('transportes:write'),
      schema: {
        tags: ['integracion'],
        summary:
          'Alta o actualización de transportes por su erp_id, con sus subpartidas (lote de hasta 1000)',
        description:
          'Las subpartidas de cada transporte se sustituyen por las enviadas, numeradas en su orden; ' +
          'una que ya tiene su CMR no se puede quitar, ni se puede pasar a otro proveedor un ' +
          'transporte con CMR o factura del transportista (error con su índice).',
        security: [{ apiKey: [] }],
        headers: IdempotencyHeaders,
        body: LoteTransportes,
        response: { 200: ResultadoLote, ...errors },
      },
    },
    (request, reply) =>
      sendIdempotent(request, reply, (trx) => upsertTransportesLote(trx, request.body)),
  );
};

export default transportesIntegracionRoutes;
