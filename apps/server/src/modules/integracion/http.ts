import type { ApiScope, ErrorRegistro } from '@extranet/contracts/integracion/integracion';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { apiKeyOf, requireScope } from '../../plugins/integration-auth.js';
import { idempotentWrite, type Answer } from './idempotency.js';
import { batchValidationError } from './service.js';

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

/** Route options of an integration batch write: scope check, batch validation, a bigger body. */
export function guarded(scope: ApiScope) {
  return {
    attachValidation: true,
    // 1,000 records of a few hundred bytes each: more room than the portal's 1 MiB.
    bodyLimit: 4 * 1024 * 1024,
    preHandler: [requireScope(scope), rejectInvalidBatch],
  };
}

/** The request's identity for `Idempotency-Key` (key, header, method, path and body). */
export function idempotencyOf(request: FastifyRequest, clave: string | undefined) {
  return {
    apiKeyId: apiKeyOf(request).id,
    clave,
    method: request.method,
    path: request.url.split('?')[0] ?? request.url,
    body: request.body,
  };
}

/** Sends a (possibly replayed) idempotent answer, never cached. */
export function send<T>(reply: FastifyReply, answer: Answer<T>): T {
  reply.code(answer.status).header('cache-control', 'no-store');
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  return answer.body;
}

/**
 * The body of every idempotent batch route: runs `write` in one transaction at most once per
 * `Idempotency-Key` and sends its answer (the stored one on a retry).
 */
export async function sendIdempotent<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  write: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  const header = request.headers['idempotency-key'];
  const clave = typeof header === 'string' ? header : undefined;
  const answer = await idempotentWrite(
    request.server.db,
    idempotencyOf(request, clave),
    200,
    write,
  );
  return send(reply, answer);
}
