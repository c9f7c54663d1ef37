import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError } from '@extranet/contracts/common/error';
import { isDatabaseUnavailable } from '../lib/db-errors.js';

/** An error a service may throw on purpose: its status, code and Spanish message reach the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Spanish messages for the errors Fastify itself raises, by its error code. */
const fastifyMessages: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'INVALID_JSON',
    message: 'El cuerpo de la petición no es JSON válido.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'INVALID_JSON',
    message: 'El cuerpo de la petición está vacío.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'El cuerpo de la petición es demasiado grande.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Tipo de contenido no admitido.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'INVALID_CONTENT_LENGTH',
    message: 'La longitud del cuerpo no coincide con la cabecera Content-Length.',
  },
};

export function sendError(
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
  details?: unknown,
) {
  const body: ApiError = {
    error: { code, message, ...(details === undefined ? {} : { details }) },
  };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** One error shape for the whole API: `{ error: { code, message } }`, message in Spanish. */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof HttpError) {
        return sendError(reply, error.statusCode, error.code, error.message, error.details);
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const details = error.validation.map((issue) => ({
          path: issue.instancePath,
          message: issue.message,
        }));
        return sendError(reply, 400, 'VALIDATION_ERROR', 'La petición no es válida.', details);
      }
      const known = error.code ? fastifyMessages[error.code] : undefined;
      if (known) return sendError(reply, known.status, known.code, known.message);
      if (error.statusCode === 429) {
        return sendError(
          reply,
          429,
          'TOO_MANY_REQUESTS',
          'Demasiadas peticiones. Espere un momento y vuelva a intentarlo.',
        );
      }
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
        return sendError(reply, error.statusCode, 'BAD_REQUEST', 'La petición no es válida.');
      }
      if (isDatabaseUnavailable(error)) {
        request.log.warn({ err: error }, 'database unavailable');
        return sendError(
          reply,
          503,
          'DATABASE_UNAVAILABLE',
          'El servicio no está disponible en este momento. Vuelva a intentarlo en unos segundos.',
        );
      }
      request.log.error({ err: error }, 'unhandled error');
      return sendError(reply, 500, 'INTERNAL_ERROR', 'Error interno del servidor.');
    });

    app.setNotFoundHandler((_request, reply) =>
      sendError(reply, 404, 'NOT_FOUND', 'Recurso no encontrado.'),
    );
  },
  { name: 'errors' },
);
