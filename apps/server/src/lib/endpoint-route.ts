import {
  type BodyOut,
  type Endpoint,
  type ErrorStatus,
  type HeadersOut,
  type ParamsOut,
  type QueryOut,
  type ResponseOf,
} from '@extranet/contracts/common/endpoint';
import { ApiError } from '@extranet/contracts/common/error';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import { z } from 'zod';
import { etagOf, ifNoneMatchHas } from './conditional.js';

/** The request a handler of endpoint `E` receives: params, query and body already parsed. */
export type EndpointRequest<E> = FastifyRequest<{
  Params: ParamsOut<E>;
  Querystring: QueryOut<E>;
  Body: BodyOut<E>;
  // Unknown adds nothing to the raw headers; a headers schema types the ones it declares.
  Headers: HeadersOut<E> extends undefined ? unknown : HeadersOut<E>;
}>;

export interface EndpointHandlers<E> {
  /** Hooks run before the body is read (e.g. a rate limit that must count every call). */
  onRequest?: onRequestAsyncHookHandler | onRequestAsyncHookHandler[];
  /** Guards run before the handler (session, resource, API key…), in order. */
  preHandler?: preHandlerAsyncHookHandler | preHandlerAsyncHookHandler[];
  /** Returns the response body, or the reply when it sent something else (a file, a stream). */
  handler: (
    request: EndpointRequest<E>,
    reply: FastifyReply,
  ) => Promise<ResponseOf<E> | FastifyReply>;
  /**
   * What the body of a conditional read depends on beyond its build, operation and URL (the
   * owner, its change counters, a flag of the session): read after the guards, before the
   * handler, and hashed into the ETag. Required when the definition is `conditional`.
   */
  etag?: (request: EndpointRequest<E>) => Promise<readonly unknown[]>;
  /** Route config (e.g. a rate limit of its own). */
  config?: RouteOptions['config'];
  /** Body size limit in bytes when it is not the server's default. */
  bodyLimit?: number;
  /**
   * Hands an input that fails validation to the guards (`request.validationError`) instead of
   * answering 400 at once: the integration API reports every problem of a batch by its index.
   */
  attachValidation?: boolean;
}

/** OpenAPI security requirement of each kind: writes under a session also carry the CSRF header. */
function securityOf(definition: Endpoint): Record<string, string[]>[] {
  switch (definition.security) {
    case 'session':
      return definition.method === 'GET'
        ? [{ sessionCookie: [] }]
        : [{ sessionCookie: [], csrfHeader: [] }];
    case 'apiKey':
      return [{ apiKey: [] }];
    case 'public':
      return [];
  }
}

/** Every error status the endpoint may answer, each with the product's error shape. */
function errorResponses(definition: Endpoint, hasInput: boolean): Record<number, typeof ApiError> {
  const statuses = new Set<ErrorStatus>(definition.errors ?? []);
  if (hasInput || definition.consumes) statuses.add(400);
  if (definition.security !== 'public') {
    statuses.add(401);
    statuses.add(403);
  }
  statuses.add(429);
  statuses.add(503);
  return Object.fromEntries([...statuses].sort().map((status) => [status, ApiError]));
}

/**
 * A signed-in read answers personal data: never cached, unless the handler sets its own
 * Cache-Control (it runs after this). Files and exports (`produces`) set theirs.
 */
function withNoStore<E extends Endpoint>(
  definition: E,
  handler: EndpointHandlers<E>['handler'],
): EndpointHandlers<E>['handler'] {
  if (definition.method !== 'GET' || definition.security !== 'session' || definition.produces) {
    return handler;
  }
  return (request, reply) => {
    reply.header('cache-control', 'no-store');
    return handler(request, reply);
  };
}

/**
 * A conditional read (decision 014): `private, no-cache` with an ETag of the body's inputs; a
 * request whose If-None-Match holds it gets 304 and the handler never runs.
 */
function withEtag<E extends Endpoint>(
  definition: E,
  buildId: string,
  etag: NonNullable<EndpointHandlers<E>['etag']>,
  handler: EndpointHandlers<E>['handler'],
): EndpointHandlers<E>['handler'] {
  return async (request, reply) => {
    const tag = etagOf([buildId, definition.operationId, request.url, ...(await etag(request))]);
    reply.header('cache-control', 'private, no-cache');
    reply.header('etag', tag);
    if (ifNoneMatchHas(request.headers['if-none-match'], tag)) return reply.code(304).send();
    return handler(request, reply);
  };
}

/** The handler with its caching headers: conditional reads get an ETag, other session GETs no-store. */
function withCaching<E extends Endpoint>(
  app: FastifyInstance,
  definition: E,
  handlers: EndpointHandlers<E>,
): EndpointHandlers<E>['handler'] {
  if (!definition.conditional) return withNoStore(definition, handlers.handler);
  if (definition.method !== 'GET' || definition.security !== 'session' || !handlers.etag) {
    throw new Error(
      `${definition.operationId}: una lectura condicional es un GET con sesión y etag`,
    );
  }
  return withEtag(definition, app.config.buildId, handlers.etag, handlers.handler);
}

/**
 * Registers the route of an endpoint definition: method, path, schemas, OpenAPI metadata
 * (operationId, tag, summary, security, every status) come from the definition; the module
 * gives only its guards and handler. Session GETs with a JSON answer are `no-store`.
 */
export async function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  definition: E,
  handlers: EndpointHandlers<E>,
): Promise<void> {
  const { params, query, headers, body, response } = await definition.schemas();
  const success = definition.status ?? 200;
  // A file or an empty answer is documented too (a linter wants a 2xx on every operation);
  // neither is serialised, so the schema only describes it.
  const answer =
    response ??
    (definition.produces
      ? z.string().meta({ format: 'binary', description: 'El fichero' })
      : success === 204
        ? z.null().describe('Hecho, sin contenido')
        : undefined);
  app.route({
    method: definition.method,
    url: definition.path,
    ...(handlers.onRequest ? { onRequest: handlers.onRequest } : {}),
    ...(handlers.preHandler ? { preHandler: handlers.preHandler } : {}),
    ...(handlers.config ? { config: handlers.config } : {}),
    ...(handlers.bodyLimit ? { bodyLimit: handlers.bodyLimit } : {}),
    ...(handlers.attachValidation ? { attachValidation: true } : {}),
    schema: {
      ...(definition.hidden ? { hide: true } : {}),
      operationId: definition.operationId,
      tags: [definition.tag],
      summary: definition.summary,
      ...(definition.description ? { description: definition.description } : {}),
      security: securityOf(definition),
      ...(definition.consumes ? { consumes: [definition.consumes] } : {}),
      ...(definition.produces ? { produces: [definition.produces].flat() } : {}),
      ...(params ? { params } : {}),
      ...(query ? { querystring: query } : {}),
      ...(headers ? { headers } : {}),
      ...(body ? { body } : {}),
      response: {
        ...(answer ? { [success]: answer } : {}),
        ...(definition.conditional
          ? { 304: z.null().describe('Sin cambios desde el ETag de If-None-Match') }
          : {}),
        ...errorResponses(definition, Boolean(params || query || headers || body)),
      },
    },
    handler: withCaching(app, definition, handlers) as RouteOptions['handler'],
  });
}
