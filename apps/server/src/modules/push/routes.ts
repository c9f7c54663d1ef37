import {
  PushSubscribeRequest,
  PushSubscriptionResponse,
  PushSubscriptionUpdateRequest,
} from '@extranet/contracts/push/subscription';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Portal } from '../../db/database.js';
import type { AppConfig } from '../../config.js';
import { hmacHex, safeEqual } from '../../lib/tokens.js';
import { HttpError } from '../../lib/http-error.js';
import { isHttps, requireSession, sessionOf } from '../../plugins/session.js';
import { reassign, subscribe, type PushOwner } from './service.js';

/** Customer paths are `/api/…`, supplier ones `/api/proveedores/…` (spec §7). */
const PREFIX: Record<Portal, string> = { clientes: '/api', proveedores: '/api/proveedores' };

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
const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const portal of ['clientes', 'proveedores'] as const) {
    const prefix = PREFIX[portal];
    app.post(
      `${prefix}/push-subscription`,
      {
        preHandler: requireSession(portal),
        schema: {
          tags: ['push'],
          summary: `Guarda la suscripción Web Push del navegador (${portal})`,
          body: PushSubscribeRequest,
          response: { 200: PushSubscriptionResponse },
        },
      },
      async (request, reply) => {
        const result = await subscribe(
          app,
          ownerOf(request, portal),
          request.body.subscription,
          request.headers['user-agent'],
        );
        rememberSubscription(reply, app.config, result.id);
        return result;
      },
    );

    app.post(
      `${prefix}/push-subscription-update`,
      {
        preHandler: requireSession(portal),
        schema: {
          tags: ['push'],
          summary: `Asocia una suscripción guardada al usuario conectado (${portal})`,
          body: PushSubscriptionUpdateRequest,
          response: { 200: PushSubscriptionResponse },
        },
      },
      async (request) => {
        const owner = ownerOf(request, portal);
        const { subscriptionId } = request.body;
        // Another browser's id answers like an unknown one.
        if (!storedHere(request, app.config, subscriptionId)) throw notFound();
        return reassign(app, owner, subscriptionId);
      },
    );
  }
};

export default pushRoutes;
