import rateLimit from '@fastify/rate-limit';
import {
  bajaEnvioAviso,
  createEnlacePorte as createEnlaceEndpoint,
  createEnlacePorteIntegracion,
  createEnvioAviso,
  downloadEnvioDocumento,
  getEnvio,
  listEnlacesPorte as listEnlacesEndpoint,
  revokeEnlacePorte as revokeEnlaceEndpoint,
} from '@extranet/contracts/envio/endpoints';
import { customerResources } from '@extranet/contracts/menus/menu';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint-route.js';
import { clienteActorOf } from '../../plugins/actor.js';
import { apiKeyOf, requireScope } from '../../plugins/integration-auth.js';
import { requireAnyResource, sessionOf } from '../../plugins/session.js';
import { sendArchivo } from '../archivos/send-file.js';
import { TooManyAttemptsError } from '../auth/throttle.js';
import { sessionHasResource } from '../menus/service.js';
import {
  abrirEnvio,
  crearEnlacePorte,
  crearEnlacePorteErp,
  documentoDelEnvio,
  listEnlacesPorte,
  revocarEnlacePorte,
  suscribirAvisos,
} from './service.js';
import { darDeBaja } from './avisos.js';

/** A shipment is shared from tracking, "Portes" or the history: any of them opens it. */
const guard = requireAnyResource([
  customerResources.tracking,
  customerResources.portes,
  customerResources.historico,
]);

/** Calls per minute and client address on the public shipment page's endpoints. */
export const LIMITE_ENVIO_POR_MINUTO = {
  lectura: 60,
  documento: 30,
  aviso: 10,
  baja: 10,
} as const;

/** A per-IP limit of its own for a public route (the token is not the key: it may be guessed). */
const limite = (max: number) => ({ rateLimit: { max, timeWindow: 60_000 } });

/**
 * What every public answer carries: the URL is the credential, so it is never sent on as a
 * referrer, never cached, never indexed.
 */
function capacidad(reply: FastifyReply): FastifyReply {
  return reply
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-robots-tag', 'noindex, nofollow');
}

/**
 * The shipment link (issue 19): the customer (or the ERP) makes, lists and revokes links of
 * its shipments; the public page, without a session, reads one shipment under the link's token.
 */
const envioRoutes: FastifyPluginAsync = async (app) => {
  await app.register(rateLimit, {
    global: false,
    ...(app.redis ? { redis: app.redis, nameSpace: 'extranet:limite-envio:' } : {}),
    errorResponseBuilder: (_request, context) =>
      new TooManyAttemptsError(Math.max(1, Math.ceil(context.ttl / 1000))),
  });

  await registerEndpoint(app, createEnlaceEndpoint, {
    preHandler: guard,
    handler: async (request, reply) => {
      const actor = clienteActorOf(request);
      const puedeFacturas = await sessionHasResource(
        app.db,
        sessionOf(request, 'clientes'),
        customerResources.facturas,
      );
      const enlace = await crearEnlacePorte(
        app.db,
        app.config,
        { ...actor, apiKeyId: null, puedeFacturas },
        request.params.partida,
        request.body,
      );
      return reply.code(201).header('cache-control', 'no-store').send(enlace);
    },
  });

  await registerEndpoint(app, listEnlacesEndpoint, {
    preHandler: guard,
    handler: async (request) =>
      listEnlacesPorte(app.db, clienteActorOf(request).clienteId, request.params.partida),
  });

  await registerEndpoint(app, revokeEnlaceEndpoint, {
    preHandler: guard,
    handler: async (request, reply) => {
      await revocarEnlacePorte(app.db, clienteActorOf(request), request.params.id);
      return reply.code(204).send();
    },
  });

  await registerEndpoint(app, getEnvio, {
    config: limite(LIMITE_ENVIO_POR_MINUTO.lectura),
    handler: async (request, reply) => {
      capacidad(reply);
      return abrirEnvio(app.db, app.config, request.params.token, {
        contar: request.query.apertura === '1',
      });
    },
  });

  await registerEndpoint(app, downloadEnvioDocumento, {
    config: limite(LIMITE_ENVIO_POR_MINUTO.documento),
    handler: async (request, reply) => {
      const archivo = await documentoDelEnvio(
        app.db,
        app.config,
        request.params.token,
        request.params.archivoId,
      );
      capacidad(reply);
      return sendArchivo(reply, app, archivo);
    },
  });

  await registerEndpoint(app, createEnvioAviso, {
    config: limite(LIMITE_ENVIO_POR_MINUTO.aviso),
    handler: async (request, reply) => {
      await suscribirAvisos(app.db, app.config, request.params.token, request.body);
      return capacidad(reply).code(204).send();
    },
  });

  // A mail client's one-click unsubscription (RFC 8058) posts `List-Unsubscribe=One-Click` as a
  // form: read here only (no global form parser), and ignored.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, _body, done) => done(null, undefined),
  );

  await registerEndpoint(app, bajaEnvioAviso, {
    config: limite(LIMITE_ENVIO_POR_MINUTO.baja),
    handler: async (request, reply) => {
      capacidad(reply);
      return darDeBaja(app.db, app.config, request.params.token);
    },
  });

  await registerEndpoint(app, createEnlacePorteIntegracion, {
    preHandler: requireScope('enlaces:write'),
    handler: async (request, reply) => {
      const enlace = await crearEnlacePorteErp(
        app.db,
        app.config,
        { id: apiKeyOf(request).id, ip: request.ip },
        request.params.partida,
        request.body,
      );
      return reply.code(201).header('cache-control', 'no-store').send(enlace);
    },
  });
};

export default envioRoutes;
