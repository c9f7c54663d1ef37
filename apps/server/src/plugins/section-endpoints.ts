import type {
  Endpoint,
  ParamsOut,
  QueryOut,
  ResponseOf,
} from '@extranet/contracts/common/endpoint';
import type { ExportFormat } from '@extranet/contracts/common/export-endpoints';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { Kysely } from 'kysely';
import type { Readable } from 'node:stream';
import type { Database } from '../db/database.js';
import { registerEndpoint, type EndpointRequest } from '../lib/endpoint-route.js';
import { registerExportEndpoints } from '../lib/export-route.js';
import {
  clienteActorOf,
  proveedorActorOf,
  type ClienteActor,
  type ProveedorActor,
} from './actor.js';
import { requireProveedor, requireResource } from './session.js';

type Db = Kysely<Database>;

/**
 * The endpoints of one section of a portal (one menu resource): each behind the section's
 * guards, each handler given who acts. Most handlers are one service call for the session's
 * company, so `list`, `get` and `exports` take the service itself; `endpoint` takes the rest.
 */
export interface SectionEndpoints<Actor> {
  /** A list: `service(db, ownerId, query)`, the owner being the session's carrier or client. */
  list<E extends Endpoint>(
    definition: E,
    service: (db: Db, ownerId: number, query: QueryOut<E>) => Promise<ResponseOf<E>>,
    /** A conditional list's ETag inputs beyond its URL: the owner's change counters. */
    etag?: (db: Db, ownerId: number) => Promise<readonly unknown[]>,
  ): Promise<void>;
  /** One object by its `:id`: `service(db, ownerId, id)`, which finds only the owner's. */
  get<E extends Endpoint>(
    definition: E,
    service: (
      db: Db,
      ownerId: number,
      id: ParamsOut<E> extends { id: infer Id } ? Id : never,
    ) => Promise<ResponseOf<E>>,
  ): Promise<void>;
  /** Any other endpoint of the section: the handler gets the actor first. */
  endpoint<E extends Endpoint>(
    definition: E,
    handler: (
      actor: Actor,
      request: EndpointRequest<E>,
      reply: FastifyReply,
    ) => Promise<ResponseOf<E> | FastifyReply>,
  ): Promise<void>;
  /** Both exports of a list (CSV and XLSX): `stream(db, ownerId, query, format)`. */
  exports<E extends Endpoint>(
    definitions: Record<ExportFormat, E>,
    fileName: string,
    stream: (db: Db, ownerId: number, query: QueryOut<E>, format: ExportFormat) => Readable,
  ): Promise<void>;
}

function section<Actor>(
  app: FastifyInstance,
  preHandler: preHandlerAsyncHookHandler[],
  actorOf: (request: FastifyRequest) => Actor,
  ownerOf: (actor: Actor) => number,
): SectionEndpoints<Actor> {
  const owner = (request: FastifyRequest) => ownerOf(actorOf(request));
  // Fastify's request types wrap the parsed query and params; the interface types them exactly.
  return {
    list: (definition, service, etag) =>
      registerEndpoint(app, definition, {
        preHandler,
        ...(etag ? { etag: (request) => etag(app.db, owner(request)) } : {}),
        handler: async (request) => service(app.db, owner(request), request.query as never),
      }),
    get: (definition, service) =>
      registerEndpoint(app, definition, {
        preHandler,
        handler: async (request) =>
          service(app.db, owner(request), (request.params as { id: never }).id),
      }),
    endpoint: (definition, handler) =>
      registerEndpoint(app, definition, {
        preHandler,
        handler: async (request, reply) => handler(actorOf(request), request, reply),
      }),
    exports: (definitions, fileName, stream) =>
      registerExportEndpoints(app, definitions, {
        preHandler,
        fileName,
        stream: (request, format) => stream(app.db, owner(request), request.query as never, format),
      }),
  };
}

/** A section of the supplier portal: a carrier's session holding the menu resource. */
export function proveedorSection(
  app: FastifyInstance,
  recurso: string,
): SectionEndpoints<ProveedorActor> {
  return section(
    app,
    [requireProveedor, requireResource(recurso)],
    proveedorActorOf,
    (actor) => actor.proveedorId,
  );
}

/** A section of the customer portal: a client's session holding the menu resource. */
export function clienteSection(
  app: FastifyInstance,
  recurso: string,
): SectionEndpoints<ClienteActor> {
  return section(app, [requireResource(recurso)], clienteActorOf, (actor) => actor.clienteId);
}
