import { ApiError } from '@extranet/contracts/common/error';
import {
  IdempotencyHeaders,
  LoteEmpresas,
  LoteParadas,
  LotePortes,
  ResultadoLote,
  type ApiScope,
  type ErrorRegistro,
} from '@extranet/contracts/integracion/integracion';
import { PartidaParams } from '@extranet/contracts/portes/porte';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeyOf, requireScope } from '../../plugins/integration-auth.js';
import { idempotentWrite, type Answer } from './idempotency.js';
import {
  batchValidationError,
  upsertEmpresasLote,
  upsertParadasLote,
  upsertPortesLote,
} from './service.js';

const V1 = '/api/integration/v1';

const errors = {
  400: ApiError,
  401: ApiError,
  403: ApiError,
  413: ApiError,
  422: ApiError,
};

/**
 * Validation of a batch as a whole: every problem is reported with the record's index
 * (`/items/3/email` → index 3, path `email`), and nothing is written.
 */
const rejectInvalidBatch: preHandlerAsyncHookHandler = async (request) => {
  const error = request.validationError;
  if (!error) return;
  const issues = (error as { validation?: Array<{ instancePath: string; message?: string }> })
    .validation;
  const context = (error as { validationContext?: string }).validationContext ?? 'body';
  const details: ErrorRegistro[] = (issues ?? []).map((issue) => {
    const parts = issue.instancePath.split('/').filter(Boolean);
    const message = issue.message ?? 'No es válido.';
    if (
      context === 'body' &&
      parts[0] === 'items' &&
      parts[1] !== undefined &&
      /^\d+$/.test(parts[1])
    ) {
      return { index: Number(parts[1]), path: parts.slice(2).join('.'), message };
    }
    return {
      path: [context === 'body' ? '' : context, ...parts].filter(Boolean).join('.'),
      message,
    };
  });
  throw batchValidationError(details);
};

function guarded(scope: ApiScope) {
  return {
    attachValidation: true,
    // 1,000 records of a few hundred bytes each: more room than the portal's 1 MiB.
    bodyLimit: 4 * 1024 * 1024,
    preHandler: [requireScope(scope), rejectInvalidBatch],
  };
}

/** The request's identity for `Idempotency-Key` (key, header, method, path and body). */
function idempotencyOf(request: FastifyRequest, clave: string | undefined) {
  return {
    apiKeyId: apiKeyOf(request).id,
    clave,
    method: request.method,
    path: request.url.split('?')[0] ?? request.url,
    body: request.body,
  };
}

function send<T>(reply: FastifyReply, answer: Answer<T>): T {
  reply.code(answer.status).header('cache-control', 'no-store');
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  return answer.body;
}

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
      async (request, reply) => {
        const answer = await idempotentWrite(
          app.db,
          idempotencyOf(request, request.headers['idempotency-key']),
          200,
          (trx) => upsertEmpresasLote(trx, tabla, request.body),
        );
        return send(reply, answer);
      },
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
    async (request, reply) => {
      const answer = await idempotentWrite(
        app.db,
        idempotencyOf(request, request.headers['idempotency-key']),
        200,
        (trx) => upsertPortesLote(trx, request.body),
      );
      return send(reply, answer);
    },
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
    async (request, reply) => {
      const answer = await idempotentWrite(
        app.db,
        idempotencyOf(request, request.headers['idempotency-key']),
        200,
        (trx) => upsertParadasLote(trx, request.params.partida, request.body),
      );
      return send(reply, answer);
    },
  );
};

export default integracionRoutes;
