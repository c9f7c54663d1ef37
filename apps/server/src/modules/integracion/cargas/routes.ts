import { ApiError } from '@extranet/contracts/common/error';
import {
  Adjudicacion,
  CargaReferenciaParams,
  LoteCargas,
  ResultadoAdjudicacion,
} from '@extranet/contracts/integracion/cargas';
import { IdempotencyHeaders, ResultadoLote } from '@extranet/contracts/integracion/integracion';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors, guarded, sendIdempotent, V1 } from '../http.js';
import { adjudicarCarga, upsertCargasLote } from './service.js';

/** Loads of the exchange and their award, fed by the ERP (issue 6). */
const cargasIntegracionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    `${V1}/cargas`,
    {
      ...guarded('cargas:write'),
      schema: {
        tags: ['integracion'],
        summary:
          'Alta o actualización de cargas de la bolsa por su referencia (lote de hasta 1000)',
        description:
          'Una carga `anulada` rechaza sus ofertas pendientes y avisa a cada transportista ' +
          '(`oferta.rechazada`). Una carga adjudicada no se puede volver a abrir; enviada como ' +
          '`cerrada` sigue adjudicada.',
        security: [{ apiKey: [] }],
        headers: IdempotencyHeaders,
        body: LoteCargas,
        response: { 200: ResultadoLote, ...errors },
      },
    },
    (request, reply) =>
      sendIdempotent(request, reply, (trx) => upsertCargasLote(trx, request.body)),
  );

  app.post(
    `${V1}/cargas/:referencia/adjudicacion`,
    {
      ...guarded('cargas:write'),
      schema: {
        tags: ['integracion'],
        summary: 'Adjudica la carga a una de sus ofertas pendientes',
        description:
          'En una transacción: la oferta pasa a `aceptada`, las demás pendientes de la carga a ' +
          '`rechazada` y la carga a `asignada`; se avisa a cada transportista ' +
          '(`oferta.aceptada`, `oferta.rechazada`). Adjudicar de nuevo la misma oferta responde lo ' +
          'mismo sin volver a avisar.',
        security: [{ apiKey: [] }],
        params: CargaReferenciaParams,
        headers: IdempotencyHeaders,
        body: Adjudicacion,
        response: { 200: ResultadoAdjudicacion, ...errors, 404: ApiError, 409: ApiError },
      },
    },
    (request, reply) =>
      sendIdempotent(request, reply, (trx) =>
        adjudicarCarga(trx, request.params.referencia, request.body),
      ),
  );
};

export default cargasIntegracionRoutes;
