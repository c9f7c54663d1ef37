import rateLimit from '@fastify/rate-limit';
import {
  createEnlaceConductor as createEnlaceEndpoint,
  createEventoParada,
  getViajeConductor as getViajeEndpoint,
  listEnlacesConductor as listEnlacesEndpoint,
  revokeEnlaceConductor as revokeEnlaceEndpoint,
  sendPosiciones,
  uploadCmrConductor,
  uploadFotoIncidencia,
} from '@extranet/contracts/conductor/endpoints';
import { supplierResources } from '@extranet/contracts/menus/menu';
import type { FastifyPluginAsync } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.js';
import { proveedorActorOf } from '../../plugins/actor.js';
import { requireProveedor, requireResource } from '../../plugins/session.js';
import { receiveUpload } from '../archivos/upload.js';
import { TooManyAttemptsError } from '../auth/throttle.js';
import {
  assertCmrConductorPosible,
  assertFotoIncidenciaPosible,
  createEnlaceConductor,
  getViajeConductor,
  guardarCmrConductor,
  guardarFotoIncidencia,
  listEnlacesConductor,
  recibirPosiciones,
  registrarEventoParada,
  revokeEnlaceConductor,
} from './service.js';

const guard = [requireProveedor, requireResource(supplierResources.transportes)];

/** Calls per minute and client address on the public driver endpoints. */
export const LIMITE_CONDUCTOR_POR_MINUTO = { lectura: 60, escritura: 60, subida: 20 } as const;

/** A per-IP limit of its own for a public route (the token is not the key: it may be guessed). */
const limite = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

/**
 * The driver's phone link (issue 17): the carrier manages the links of its transports; the
 * driver page, without a session, calls the endpoints under the link's token.
 */
const conductorRoutes: FastifyPluginAsync = async (app) => {
  await app.register(rateLimit, {
    global: false,
    ...(app.redis ? { redis: app.redis, nameSpace: 'extranet:limite-conductor:' } : {}),
    errorResponseBuilder: (_request, context) =>
      new TooManyAttemptsError(Math.max(1, Math.ceil(context.ttl / 1000))),
  });

  await registerEndpoint(app, createEnlaceEndpoint, {
    preHandler: guard,
    handler: async (request, reply) => {
      const enlace = await createEnlaceConductor(
        app.db,
        app.config,
        proveedorActorOf(request),
        request.params.id,
      );
      return reply.code(201).header('cache-control', 'no-store').send(enlace);
    },
  });

  await registerEndpoint(app, listEnlacesEndpoint, {
    preHandler: guard,
    handler: async (request) =>
      listEnlacesConductor(app.db, proveedorActorOf(request).proveedorId, request.params.id),
  });

  await registerEndpoint(app, revokeEnlaceEndpoint, {
    preHandler: guard,
    handler: async (request, reply) => {
      await revokeEnlaceConductor(app.db, proveedorActorOf(request), request.params.id);
      return reply.code(204).send();
    },
  });

  await registerEndpoint(app, getViajeEndpoint, {
    config: limite(LIMITE_CONDUCTOR_POR_MINUTO.lectura),
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return getViajeConductor(app.db, request.params.token);
    },
  });

  await registerEndpoint(app, sendPosiciones, {
    config: limite(LIMITE_CONDUCTOR_POR_MINUTO.escritura),
    handler: async (request) => recibirPosiciones(app.db, request.params.token, request.body),
  });

  await registerEndpoint(app, createEventoParada, {
    config: limite(LIMITE_CONDUCTOR_POR_MINUTO.escritura),
    handler: async (request, reply) => {
      const evento = await registrarEventoParada(
        app.db,
        request.params.token,
        request.params.paradaId,
        request.body,
      );
      return reply.code(201).send(evento);
    },
  });

  await registerEndpoint(app, uploadFotoIncidencia, {
    config: limite(LIMITE_CONDUCTOR_POR_MINUTO.subida),
    handler: async (request, reply) => {
      // Refuse before reading the body: nothing is stored for a dead link or a wrong event.
      const enlace = await assertFotoIncidenciaPosible(
        app.db,
        request.params.token,
        request.params.eventoId,
      );
      const { file } = await receiveUpload(request, { accept: ['jpeg', 'png'] });
      const evento = await guardarFotoIncidencia(
        { db: app.db, storage: app.storage, log: request.log },
        enlace,
        request.params.eventoId,
        file,
      );
      return reply.code(201).send(evento);
    },
  });

  await registerEndpoint(app, uploadCmrConductor, {
    config: limite(LIMITE_CONDUCTOR_POR_MINUTO.subida),
    handler: async (request, reply) => {
      const enlace = await assertCmrConductorPosible(
        app.db,
        request.params.token,
        request.params.subpartidaId,
      );
      const { file } = await receiveUpload(request, { accept: ['jpeg', 'png', 'pdf'] });
      const leg = await guardarCmrConductor(
        { db: app.db, storage: app.storage, log: request.log },
        enlace,
        request.params.subpartidaId,
        file,
        request.ip,
      );
      return reply.code(201).send(leg);
    },
  });
};

export default conductorRoutes;
