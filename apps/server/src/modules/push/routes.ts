import {
  PushSubscribeRequest,
  PushSubscriptionResponse,
  PushSubscriptionUpdateRequest,
} from '@extranet/contracts/push/subscription';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Portal } from '../../db/database.js';
import { HttpError } from '../../plugins/errors.js';
import { requireSession, sessionOf } from '../../plugins/session.js';
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
      async (request) =>
        subscribe(
          app,
          ownerOf(request, portal),
          request.body.subscription,
          request.headers['user-agent'],
        ),
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
      async (request) => reassign(app, ownerOf(request, portal), request.body.subscriptionId),
    );
  }
};

export default pushRoutes;
