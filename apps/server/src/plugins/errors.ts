import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError } from '@extranet/contracts/common/error';
import { isDatabaseUnavailable } from '../lib/db-errors.js';
import { HttpError } from '../lib/http-error.js';

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

/** Errors the router raises before any hook or handler (bad escape, overlong parameter). */
const routerMessages: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_BAD_URL: {
    status: 400,
    code: 'BAD_URL',
    message: 'La dirección de la petición no es válida.',
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    code: 'URI_TOO_LONG',
    message: 'La dirección de la petición es demasiado larga.',
  },
};

/**
 * Fastify's `frameworkErrors`: the router's own errors get the API's shape and a Spanish
 * message, instead of Fastify's English `{ error, code, message, statusCode }`.
 */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const known = routerMessages[error.code];
  if (known) {
    void sendError(reply, known.status, known.code, known.message);
    return;
  }
  void sendError(reply, 400, 'BAD_REQUEST', 'La petición no es válida.');
}

/** What Node's HTTP parser refuses before Fastify sees a request, by its error code. */
function parserAnswer(code: string | undefined): { status: number; code: string; message: string } {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return {
      status: 431,
      code: 'HEADERS_TOO_LARGE',
      message: 'Las cabeceras o la dirección de la petición son demasiado largas.',
    };
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return {
      status: 408,
      code: 'REQUEST_TIMEOUT',
      message: 'La petición ha tardado demasiado en llegar.',
    };
  }
  if (
    code === 'HPE_INVALID_CONTENT_LENGTH' ||
    code === 'HPE_UNEXPECTED_CONTENT_LENGTH' ||
    // Content-Length and chunked encoding together (request smuggling): Node refuses it so.
    code === 'HPE_INVALID_TRANSFER_ENCODING'
  ) {
    return {
      status: 400,
      code: 'INVALID_CONTENT_LENGTH',
      message: 'La cabecera Content-Length de la petición no es válida.',
    };
  }
  return { status: 400, code: 'BAD_REQUEST', message: 'La petición no es válida.' };
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refuses (headers or URL too
 * long, a bad Content-Length, a broken request line) is answered on the raw socket, in the
 * API's shape and in Spanish, and the connection closed, as Node itself would.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const answer = parserAnswer(error.code);
    const body = JSON.stringify({ error: { code: answer.code, message: answer.message } });
    socket.write(
      `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? ''}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\n' +
        'X-Content-Type-Options: nosniff\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}

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
        // Annotated: the library's issue type imports a fastify path that does not resolve here.
        const details = error.validation.map((issue: FastifySchemaValidationError) => ({
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
