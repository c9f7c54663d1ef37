import { ApiError } from '@extranet/contracts/common/error';
import {
  IdempotencyHeaders,
  LoteEmpresas,
  LoteParadas,
  LotePortes,
  ResultadoLote,
} from '@extranet/contracts/integracion/integracion';
import { PartidaParams } from '@extranet/contracts/portes/porte';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errors, guarded, sendIdempotent, V1 } from './http.js';
import { upsertEmpresasLote, upsertParadasLote, upsertPortesLote } from './service.js';
import cargasIntegracionRoutes from './cargas/routes.js';
import novedadesRoutes from './novedades/routes.js';
import transportesIntegracionRoutes from './transportes/routes.js';
import usuariosIntegracionRoutes from './usuarios/routes.js';
import facturasIntegracionRoutes from './facturas/routes.js';
import documentosIntegracionRoutes from './documentos/routes.js';

/**
 * ERP integration API v1 (issue 6): batch upserts by the ERP's own ids, authenticated by API
 * keys (plugins/integration-auth.ts), each batch all-or-nothing in one transaction and
 * idempotent with the `Idempotency-Key` header.
 */
const integracionRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const tabla of ['clientes', 'proveedores'] as const) {
    app.put(
      `${V1}/${tabla}`,
      {
        ...guarded(`${tabla}:write`),
        schema: {
          tags: ['integracion'],
          summary: `Alta o actualización de ${tabla} por su erp_id (lote de hasta 1000)`,
          security: [{ apiKey: [] }],
          headers: IdempotencyHeaders,
          body: LoteEmpresas,
          response: { 200: ResultadoLote, ...errors },
        },
      },
      (request, reply) =>
        sendIdempotent(request, reply, (trx) => upsertEmpresasLote(trx, tabla, request.body)),
    );
  }

  app.put(
    `${V1}/portes`,
    {
      ...guarded('portes:write'),
      schema: {
        tags: ['integracion'],
        summary: 'Alta o actualización de portes por partida, del cliente con ese erp_id',
        security: [{ apiKey: [] }],
        headers: IdempotencyHeaders,
        body: LotePortes,
        response: { 200: ResultadoLote, ...errors },
      },
    },
    (request, reply) =>
      sendIdempotent(request, reply, (trx) => upsertPortesLote(trx, request.body)),
  );

  app.post(
    `${V1}/portes/:partida/seguimiento`,
    {
      ...guarded('portes:write'),
      schema: {
        tags: ['integracion'],
        summary: 'Paradas de seguimiento de un porte por su erp_id (una repetida se actualiza)',
        security: [{ apiKey: [] }],
        params: PartidaParams,
        headers: IdempotencyHeaders,
        body: LoteParadas,
        response: { 200: ResultadoLote, ...errors, 404: ApiError },
      },
    },
    (request, reply) =>
      sendIdempotent(request, reply, (trx) =>
        upsertParadasLote(trx, request.params.partida, request.body),
      ),
  );

  await app.register(usuariosIntegracionRoutes);
  await app.register(novedadesRoutes);
  await app.register(facturasIntegracionRoutes);
  await app.register(documentosIntegracionRoutes);
  await app.register(cargasIntegracionRoutes);
  await app.register(transportesIntegracionRoutes);
};

export default integracionRoutes;
