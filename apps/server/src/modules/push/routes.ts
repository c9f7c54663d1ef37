import { pushByPortal } from '@extranet/contracts/push/endpoints';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config.js';
import type { Portal } from '../../db/database.js';
import { registerEndpoint } from '../../lib/endpoint-route.js';
import { hmacHex, safeEqual } from '../../lib/tokens.js';
import { HttpError } from '../../lib/http-error.js';
import { isHttps, requireSession, sessionOf } from '../../plugins/session.js';
import { reassign, subscribe, type PushOwner } from './service.js';

/** The signed-in user of that portal; an access-link session has no user to notify (403). */
function ownerOf(request: FastifyRequest, portal: Portal): PushOwner {
  const session = sessionOf(request, portal);
  if (session.usuarioId === null) {
    throw new HttpError(
      403,
      'FORBIDDEN',
      'Las notificaciones requieren iniciar sesión con un usuario.',
    );
  }
  return { usuarioId: session.usuarioId, portal };
}

/**
 * Ids are sequential, so the update call must prove that this browser stored that
 * subscription: subscribing sets an HttpOnly cookie with the id and its HMAC, and only that
 * browser can later move the subscription to whoever signs in on it.
 */
const PUSH_COOKIE = 'push_sub';

function pushCookieValue(config: AppConfig, id: number): string {
  return `${id}.${hmacHex(config.sessionSecret, `push-subscription:${id}`)}`;
}

function rememberSubscription(reply: FastifyReply, config: AppConfig, id: number): void {
  reply.setCookie(PUSH_COOKIE, pushCookieValue(config, id), {
    path: '/api',
    httpOnly: true,
    sameSite: 'strict',
    secure: isHttps(config),
    maxAge: 365 * 24 * 3600,
  });
}

function storedHere(request: FastifyRequest, config: AppConfig, id: number): boolean {
  const cookie = request.cookies[PUSH_COOKIE];
  return cookie !== undefined && safeEqual(cookie, pushCookieValue(config, id));
}

const notFound = () => new HttpError(404, 'NOT_FOUND', 'Suscripción no encontrada.');

/** Web Push subscriptions per signed-in user (spec §7, issue 3). */
const pushRoutes: FastifyPluginAsync = async (app) => {
  for (const portal of ['clientes', 'proveedores'] as const) {
    await registerEndpoint(app, pushByPortal.subscribe[portal], {
      preHandler: requireSession(portal),
      handler: async (request, reply) => {
        const result = await subscribe(
          app.db,
          ownerOf(request, portal),
          request.body.subscription,
          request.headers['user-agent'],
        );
        rememberSubscription(reply, app.config, result.id);
        return result;
      },
    });

    await registerEndpoint(app, pushByPortal.reassign[portal], {
      preHandler: requireSession(portal),
      handler: async (request) => {
        const owner = ownerOf(request, portal);
        const { subscriptionId } = request.body;
        // Another browser's id answers like an unknown one.
        if (!storedHere(request, app.config, subscriptionId)) throw notFound();
        return reassign(app.db, owner, subscriptionId);
      },
    });
  }
};

export default pushRoutes;
